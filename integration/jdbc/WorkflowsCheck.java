// WorkflowsCheck: the PostgreSQL JDBC driver (Debian's libpostgresql-jdbc-java, default
// settings) doing batches and COPY, for integration/049_client_workflows_test.cpp.
//
// Usage: java -cp postgresql.jar:. WorkflowsCheck JDBC_URL USER
//
// Against a table items (id int PRIMARY KEY, name text, price numeric(10,2), added date)
// holding rows 1..5: a PreparedStatement batch (executeBatch's update counts), the same
// with reWriteBatchedInserts=true (the driver rewrites it into multi-row INSERTs), a
// Statement batch of mixed statements, a batch that hits a duplicate key
// (BatchUpdateException's SQLState and counts, and what the rollback left), CopyManager
// copyIn (csv) and copyOut (a query), and a copyIn with a bad line. Two servers answering
// alike print identical output. Exit status 1 on an unexpected error.
import java.io.StringReader;
import java.io.StringWriter;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Properties;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

public class WorkflowsCheck {
    static Connection open(String url, String user, boolean rewrite) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", user);
        if (rewrite) props.setProperty("reWriteBatchedInserts", "true");
        return DriverManager.getConnection(url, props);
    }

    static void showItems(Connection conn, String header) throws SQLException {
        System.out.println("-- " + header);
        try (Statement st = conn.createStatement();
             ResultSet rs = st.executeQuery("SELECT id, name, price, added FROM items ORDER BY id")) {
            while (rs.next())
                System.out.println(rs.getInt(1) + "\t" + rs.getString(2) + "\t" + rs.getBigDecimal(3) + "\t" + rs.getString(4));
        }
    }

    static void insertBatch(Connection conn, int firstId, int count) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO items (id, name, price, added) VALUES (?, ?, ?, ?)")) {
            for (int i = 0; i < count; ++i) {
                ps.setInt(1, firstId + i);
                ps.setString(2, "batch " + (firstId + i));
                ps.setBigDecimal(3, new java.math.BigDecimal("1.25").multiply(java.math.BigDecimal.valueOf(i + 1)));
                ps.setDate(4, java.sql.Date.valueOf("2024-03-0" + (i % 9 + 1)));
                ps.addBatch();
            }
            System.out.println("executeBatch: " + Arrays.toString(ps.executeBatch()));
        }
    }

    public static void main(String[] args) throws Exception {
        String url = args[0], user = args[1];
        try (Connection conn = open(url, user, false)) {
            System.out.println("-- prepared batch");
            insertBatch(conn, 10, 7);
            try (Statement st = conn.createStatement()) {
                st.addBatch("UPDATE items SET price = price * 2 WHERE id >= 10");
                st.addBatch("DELETE FROM items WHERE id = 16");
                st.addBatch("INSERT INTO items (id, name) VALUES (30, 'plain')");
                System.out.println("-- statement batch: " + Arrays.toString(st.executeBatch()));
            }
            conn.setAutoCommit(false);
            try (PreparedStatement ps = conn.prepareStatement("INSERT INTO items (id, name) VALUES (?, ?)")) {
                for (int id : new int[] {40, 41, 10, 42}) {
                    ps.setInt(1, id);
                    ps.setString(2, "dup? " + id);
                    ps.addBatch();
                }
                ps.executeBatch();
                System.out.println("-- duplicate in batch: no error");
            } catch (BatchUpdateException e) {
                System.out.println("-- duplicate in batch: " + e.getSQLState() + " counts " + Arrays.toString(e.getUpdateCounts()));
                SQLException next = e.getNextException();
                if (next != null) System.out.println("next: " + next.getSQLState() + " " + next.getMessage().split("\n")[0]);
                conn.rollback();
            }
            conn.setAutoCommit(true);

            CopyManager copy = conn.unwrap(PGConnection.class).getCopyAPI();
            long in = copy.copyIn("COPY items (id, name, price, added) FROM STDIN WITH (FORMAT csv)",
                new StringReader("50,\"copy, in\",9.99,2025-01-01\n51,,,\n52,\"quote\"\"d\",-0.5,1999-12-31\n"));
            System.out.println("-- copyIn: " + in);
            StringWriter out = new StringWriter();
            long copied = copy.copyOut("COPY (SELECT id, name, price FROM items WHERE id >= 50 ORDER BY id) TO STDOUT WITH (FORMAT csv, HEADER)", out);
            System.out.println("-- copyOut: " + copied);
            System.out.print(out);
            try {
                copy.copyIn("COPY items FROM STDIN WITH (FORMAT csv)", new StringReader("60,ok,1,2024-01-01\n61,bad,notanumber,\n"));
                System.out.println("-- bad copyIn: no error");
            } catch (SQLException e) {
                System.out.println("-- bad copyIn: " + e.getSQLState() + " " + e.getMessage().split("\n")[0]);
            }
            showItems(conn, "items after batches and copies");
        }
        try (Connection conn = open(url, user, true)) {
            System.out.println("-- rewritten batch");
            insertBatch(conn, 100, 5);
            showItems(conn, "items after the rewritten batch");
        }
    }
}
