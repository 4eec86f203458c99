// MetaCheck: a real JDBC client (the PostgreSQL driver, default settings) listing the
// metadata of the public schema through java.sql.DatabaseMetaData, for
// integration/007_jdbc_meta_test.cpp.
//
// Usage: java -cp postgresql.jar:. MetaCheck JDBC_URL USER CALLS TABLE...
//
// CALLS is a comma-separated list of tables, columns, primarykeys, indexinfo: calls
// getTables (public schema, every table) and, for each TABLE, getColumns,
// getPrimaryKeys and getIndexInfo (those CALLS names), printing a "-- call" header, then every row as
// tab-separated `COLUMN=value` pairs of all the result set's columns. Each call runs on
// its own: an SQLException prints "SQLException (SQLSTATE ...): message" under its
// header and the program goes on with the next call, exiting 1 at the end, so one run
// shows every call that fails. Two servers answering alike print identical output.
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;

public final class MetaCheck {
  interface Call {
    ResultSet run(DatabaseMetaData meta) throws SQLException;
  }

  static boolean failed = false;

  public static void main(String[] args) throws SQLException {
    if (args.length < 4) {
      System.out.println("usage: MetaCheck JDBC_URL USER CALLS TABLE...");
      System.exit(2);
    }
    try (Connection connection = DriverManager.getConnection(args[0], args[1], "")) {
      DatabaseMetaData meta = connection.getMetaData();
      java.util.List<String> calls = java.util.Arrays.asList(args[2].split(","));
      if (calls.contains("tables"))
        show("getTables(public, %, TABLE)", m -> m.getTables(null, "public", "%", new String[] {"TABLE"}), meta);
      for (int i = 3; i < args.length; ++i) {
        final String table = args[i];
        if (calls.contains("columns"))
          show("getColumns(public, " + table + ")", m -> m.getColumns(null, "public", table, "%"), meta);
        if (calls.contains("primarykeys"))
          show("getPrimaryKeys(public, " + table + ")", m -> m.getPrimaryKeys(null, "public", table), meta);
        if (calls.contains("indexinfo"))
          show("getIndexInfo(public, " + table + ")", m -> m.getIndexInfo(null, "public", table, false, false), meta);
      }
    }
    System.exit(failed ? 1 : 0);
  }

  static void show(String header, Call call, DatabaseMetaData meta) {
    System.out.println("-- " + header);
    try (ResultSet rows = call.run(meta)) {
      ResultSetMetaData columns = rows.getMetaData();
      while (rows.next()) {
        StringBuilder line = new StringBuilder();
        for (int i = 1; i <= columns.getColumnCount(); ++i) {
          if (i > 1) line.append('\t');
          line.append(columns.getColumnLabel(i)).append('=').append(rows.getString(i));
        }
        System.out.println(line);
      }
    } catch (SQLException e) {
      failed = true;
      System.out.println("SQLException (SQLSTATE " + e.getSQLState() + "): " + e.getMessage());
    }
    System.out.flush();
  }
}
