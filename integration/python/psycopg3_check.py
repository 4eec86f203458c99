"""psycopg3_check: psycopg 3 (Debian's python3-psycopg, default settings) reading every
column type of client_types, for integration/007_jdbc_test.cpp.

Usage: python3 psycopg3_check.py CONNINFO

1. Executes ONE query, `SELECT * FROM client_types WHERE id >= %s ORDER BY id`, ten
   times on one connection: from the 6th execution on (prepare_threshold 5) psycopg
   prepares it on the server and runs the prepared statement. Prints the
   description (name and type OID) and every value as its Python class and repr.
2. The same query twice with binary results (cursor(binary=True)): every type in
   the binary format psycopg decodes.
3. An INSERT of typed Python parameters executed ten times (prepared from the 6th),
   then the rows read back.
Two servers answering alike print identical output. On an error: its SQLSTATE and
message, exit 1.
"""
import datetime
import decimal
import sys
import uuid

import psycopg


def show(cursor, header):
    print("-- " + header)
    # a user's type (the enum) has an OID of its server's: "user"
    print("description: " + ", ".join(
        "%s=%s" % (d.name, d.type_code if d.type_code < 16384 else "user") for d in cursor.description))
    for row in cursor.fetchall():
        print("\t".join("%s:%r" % (type(v).__name__, v) for v in row))


def main():
    if len(sys.argv) != 2:
        print("usage: psycopg3_check.py CONNINFO")
        return 2
    query = "SELECT * FROM client_types WHERE id >= %s ORDER BY id"
    try:
        with psycopg.connect(sys.argv[1], autocommit=True) as connection:
            connection.execute("SET TimeZone = 'UTC'")
            for i in range(1, 11):
                show(connection.execute(query, (1,)), "execution %d" % i)
            for i in range(1, 3):
                with connection.cursor(binary=True) as cursor:
                    show(cursor.execute(query, (1,)), "binary execution %d" % i)
            stamp = datetime.datetime(2024, 2, 29, 11, 45, 30, 123456)
            for i in range(10):
                connection.execute(
                    "INSERT INTO client_types (id, i2, i8, n, f8, b, t, d, ts, tstz, u, by, ia, ta) "
                    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
                    (100 + i, -i, i << 40, decimal.Decimal("%d.25" % i), i / 4, i % 2 == 0, "row %d" % i,
                     stamp.date() + datetime.timedelta(days=i), stamp + datetime.timedelta(hours=i),
                     (stamp + datetime.timedelta(minutes=i)).replace(tzinfo=datetime.timezone.utc),
                     uuid.UUID(int=i), bytes([i, 255]), [i, -1], ["a", str(i)]))
            show(connection.execute(
                "SELECT id, i2, i8, n, f8, b, t, d, ts, tstz, u, by, ia, ta FROM client_types "
                "WHERE id >= %s ORDER BY id", (100,)), "inserted rows")
    except psycopg.Error as error:
        print("ERROR %s: %s" % (error.sqlstate, str(error).strip()))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
