// types_check: Go's pgx (v4, Debian's golang-github-jackc-pgx-v4-dev, default
// settings) reading every column type of client_types, for
// integration/007_jdbc_test.cpp.
//
// Usage: types_check CONNSTRING
//
// pgx prepares every query it runs (its statement cache: Parse/Describe once, then
// Bind/Execute) and asks for BINARY results of every type it can decode in binary.
// 1. Runs ONE query, `SELECT * FROM client_types WHERE id >= $1 ORDER BY id`, ten
//    times, printing each column's name and type OID from the field descriptions,
//    then every value as pgx decodes it (its Go type and %v).
// 2. Inserts ten rows with an INSERT of typed Go parameters (sent in binary where
//    pgx encodes the type in binary), then reads them back.
// Two servers answering alike print identical output. On an error: "ERROR
// SQLSTATE: message" and exit 1.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
)

func fail(err error) {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		fmt.Printf("ERROR %s: %s\n", pgErr.Code, pgErr.Message)
	} else {
		fmt.Printf("ERROR: %v\n", err)
	}
	os.Exit(1)
}

func show(conn *pgx.Conn, ctx context.Context, header string, sql string, args ...interface{}) {
	fmt.Println("-- " + header)
	rows, err := conn.Query(ctx, sql, args...)
	if err != nil {
		fail(err)
	}
	defer rows.Close()
	var names []string
	for _, f := range rows.FieldDescriptions() {
		oid := fmt.Sprint(f.DataTypeOID)
		if f.DataTypeOID >= 16384 { // a user's type (the enum): an OID of its server's
			oid = "user"
		}
		names = append(names, fmt.Sprintf("%s=%s/%d", string(f.Name), oid, f.Format))
	}
	fmt.Println("fields: " + strings.Join(names, ", "))
	for rows.Next() {
		values, err := rows.Values()
		if err != nil {
			fail(err)
		}
		var shown []string
		for _, v := range values {
			shown = append(shown, fmt.Sprintf("%T:%v", v, v))
		}
		fmt.Println(strings.Join(shown, "\t"))
	}
	if rows.Err() != nil {
		fail(rows.Err())
	}
}

func main() {
	if len(os.Args) != 2 {
		fmt.Println("usage: types_check CONNSTRING")
		os.Exit(2)
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, os.Args[1])
	if err != nil {
		fail(err)
	}
	defer conn.Close(ctx)
	for i := 1; i <= 10; i++ {
		show(conn, ctx, fmt.Sprintf("execution %d", i), "SELECT * FROM client_types WHERE id >= $1 ORDER BY id", 1)
	}
	stamp := time.Date(2024, 2, 29, 11, 45, 30, 123456000, time.UTC)
	for i := 0; i < 10; i++ {
		_, err := conn.Exec(ctx, "INSERT INTO client_types (id, i2, i4, i8, f8, b, t, d, ts, tstz, by, ia, ta) "+
			"VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
			100+i, int16(-i), int32(i*1000), int64(i)<<40, float64(i)/4, i%2 == 0, fmt.Sprintf("row %d", i),
			stamp.AddDate(0, 0, i), stamp.Add(time.Duration(i)*time.Hour), stamp.Add(time.Duration(i)*time.Minute),
			[]byte{byte(i), 0xff}, []int32{int32(i), -1}, []string{"a", fmt.Sprint(i)})
		if err != nil {
			fail(err)
		}
	}
	show(conn, ctx, "inserted rows", "SELECT id, i2, i4, i8, f8, b, t, d, ts, tstz, by, ia, ta FROM client_types WHERE id >= $1 ORDER BY id", 100)
}
