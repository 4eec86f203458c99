"""workflows_check: psycopg2 (Debian's python3-psycopg2, default settings) doing what
applications do besides plain queries, for integration/049_client_workflows_test.cpp.

Usage: python3 workflows_check.py CONNINFO

Against a table items (id int PRIMARY KEY, name text, price numeric(10,2), added date)
holding rows 1..5: copy_expert COPY FROM STDIN (csv with a header, text) and COPY TO
STDOUT (csv, text, a query); copy_from / copy_to; a named (server-side) cursor read in
batches of itersize rows; a WITH HOLD named cursor read after its transaction's commit;
a scrollable named cursor moved with scroll(); and the errors of a bad COPY line and of a
duplicate key inside COPY (pgcode and the first line of the message). Two servers
answering alike print identical output. Exit status 1 on an unexpected error.
"""
import io
import sys

import psycopg2


def show_error(header, error):
    print("-- %s: %s %s" % (header, error.pgcode, error.pgerror.splitlines()[0] if error.pgerror else error))


def main():
    if len(sys.argv) != 2:
        print("usage: workflows_check.py CONNINFO")
        return 2
    conn = psycopg2.connect(sys.argv[1])
    cur = conn.cursor()

    csv_in = io.StringIO('id,name,price,added\n10,"a, b",1.5,2024-02-29\n11,,0.10,\n'
                         '12,"q""uote",-3,1999-12-31\n13,"multi\nline",12345678.99,0044-03-15\n')
    cur.copy_expert("COPY items (id, name, price, added) FROM STDIN WITH (FORMAT csv, HEADER)", csv_in)
    print("-- copy_expert csv in: rowcount %d" % cur.rowcount)
    text_in = io.StringIO("20\ttab\\there\t7.25\t2000-01-01\n21\t\\N\t\\N\t\\N\n")
    cur.copy_expert("COPY items FROM STDIN", text_in)
    print("-- copy_expert text in: rowcount %d" % cur.rowcount)
    cur.copy_from(io.StringIO("30|pipe|0.01|2030-12-31\n"), "items", sep="|")
    print("-- copy_from: rowcount %d" % cur.rowcount)
    conn.commit()

    for header, sql in [("csv out", "COPY items TO STDOUT WITH (FORMAT csv, HEADER)"),
                        ("text out", "COPY items (id, name) TO STDOUT"),
                        ("query out", "COPY (SELECT id, price * 2 AS twice FROM items WHERE id > 10 ORDER BY id DESC) "
                                      "TO STDOUT WITH (FORMAT csv, FORCE_QUOTE *)")]:
        out = io.StringIO()
        cur.copy_expert(sql, out)
        print("-- copy_expert %s: rowcount %d" % (header, cur.rowcount))
        print(out.getvalue(), end="")
    out = io.StringIO()
    cur.copy_to(out, "items", sep=",", null="<null>", columns=("id", "name", "added"))
    print("-- copy_to")
    print(out.getvalue(), end="")
    conn.commit()

    named = conn.cursor("batches")
    named.itersize = 3
    named.execute("SELECT id, name, price, added FROM items ORDER BY id")
    print("-- named cursor, itersize 3")
    for row in named:
        print(repr(row))
    print("rownumber %d" % named.rownumber)
    named.close()
    conn.commit()

    held = conn.cursor("held", withhold=True)
    held.execute("SELECT id FROM items WHERE id < 20 ORDER BY id")
    conn.commit()
    print("-- with hold cursor after commit: %r %r" % (held.fetchmany(2), held.fetchall()))
    held.close()

    scroller = conn.cursor("scroller", scrollable=True)
    scroller.execute("SELECT id FROM items ORDER BY id")
    first = scroller.fetchone()
    scroller.scroll(3, mode="absolute")
    at_three = scroller.fetchone()
    scroller.scroll(-2)
    back = scroller.fetchone()
    print("-- scrollable cursor: %r %r %r" % (first, at_three, back))
    scroller.close()
    conn.commit()

    try:
        cur.copy_expert("COPY items FROM STDIN WITH (FORMAT csv)", io.StringIO("40,ok,1,2024-01-01\nx,bad,1,\n"))
    except psycopg2.Error as error:
        show_error("bad copy line", error)
    conn.rollback()
    try:
        cur.copy_expert("COPY items FROM STDIN WITH (FORMAT csv)", io.StringIO("41,dup,1,\n10,dup,1,\n"))
    except psycopg2.Error as error:
        show_error("duplicate key in copy", error)
    conn.rollback()
    cur.execute("SELECT count(*), sum(price) FROM items")
    print("-- after the failed copies: %r" % (cur.fetchone(),))
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
