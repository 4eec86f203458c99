"""types_check: psycopg2 (Debian's python3-psycopg2, default settings) reading a table of
common types, for integration/046_client_metadata_test.cpp.

Usage: python3 types_check.py HOST PORT USER

Prints cursor.description (name and type code, the OID psycopg2 maps to a Python type)
and every fetched value as its Python class and repr, for SELECT * FROM py_types (a
plain query) and for the same SELECT with a %s parameter; then the same rows with
uuid values adapted to uuid.UUID (psycopg2.extras.register_uuid). Two servers
answering alike print identical output. On a psycopg2 error: its pgcode and message,
exit 1.
"""
import sys

import psycopg2
import psycopg2.extras


def show(cursor, header):
    print("-- " + header)
    print("description: " + ", ".join("%s=%d" % (d.name, d.type_code) for d in cursor.description))
    for row in cursor.fetchall():
        print("\t".join("%s:%r" % (type(v).__name__, v) for v in row))


def main():
    if len(sys.argv) != 4:
        print("usage: types_check.py HOST PORT USER")
        return 2
    host, port, user = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    try:
        connection = psycopg2.connect(host=host, port=port, user=user, dbname="postgres", sslmode="disable")
        cursor = connection.cursor()
        cursor.execute("SET TIME ZONE 'UTC'")
        cursor.execute("SELECT * FROM py_types ORDER BY id")
        show(cursor, "select")
        cursor.execute("SELECT * FROM py_types WHERE id >= %s ORDER BY id", (2,))
        show(cursor, "select with a parameter")
        psycopg2.extras.register_uuid(conn_or_curs=cursor)
        cursor.execute("SELECT u, j FROM py_types ORDER BY id")
        show(cursor, "uuid as uuid.UUID")
        connection.close()
    except psycopg2.Error as e:
        print("psycopg2 error (SQLSTATE %s): %s" % (e.pgcode, e))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
