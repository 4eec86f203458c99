// TypesCheck: a real JDBC client (the PostgreSQL driver, default settings) reading
// every column type of jdbc_types, for integration/007_jdbc_test.cpp.
//
// Usage: java -cp postgresql.jar:. TypesCheck JDBC_URL USER
//
// 1. Executes ONE PreparedStatement `SELECT * FROM jdbc_types WHERE id >= ? ORDER BY id`
//    ten times (ORDER BY: both servers list rows alike). With the default
//    prepareThreshold (5) the driver switches to a named server-side statement and,
//    from the 6th execution on, asks for BINARY results of the types it knows, so
//    both the text and the binary result paths are read.
// 2. Executes ONE PreparedStatement INSERT ten times (ids 100..109) with typed
//    setters (setInt, setLong, setBigDecimal, setBoolean, setString, setTimestamp,
//    setDate, setDouble), then reads those rows back with the same ten-time SELECT.
//
// Every row is printed as one line of tab-separated `column=Class:getObject|getString`
// pairs (`column=null|null` for NULL; byte[] shown as hex), so two servers answering
// alike print identical output. On any SQLException: its message on stdout, exit 1.
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;

public final class TypesCheck {
  public static void main(String[] args) {
    if (args.length != 2) {
      System.out.println("usage: TypesCheck JDBC_URL USER");
      System.exit(2);
    }
    try (Connection connection = DriverManager.getConnection(args[0], args[1], "")) {
      selectTenTimes(connection, "select", 0);
      insertTenRows(connection);
      selectTenTimes(connection, "read back", 100);
    } catch (SQLException e) {
      System.out.println("SQLException (SQLSTATE " + e.getSQLState() + "): " + e.getMessage());
      System.out.flush();
      System.exit(1);
    }
  }

  static void selectTenTimes(Connection connection, String what, int fromId) throws SQLException {
    try (PreparedStatement select =
             connection.prepareStatement("SELECT * FROM jdbc_types WHERE id >= ? ORDER BY id")) {
      for (int execution = 1; execution <= 10; ++execution) {
        System.out.println("-- " + what + ", execution " + execution);
        System.out.flush();  // so the last header names the execution that failed
        select.setInt(1, fromId);
        try (ResultSet rows = select.executeQuery()) {
          ResultSetMetaData columns = rows.getMetaData();
          while (rows.next()) {
            StringBuilder line = new StringBuilder();
            for (int i = 1; i <= columns.getColumnCount(); ++i) {
              if (i > 1) line.append('\t');
              Object value = rows.getObject(i);
              line.append(columns.getColumnName(i)).append('=')
                  .append(value == null ? "null" : value.getClass().getName() + ":" + show(value))
                  .append('|').append(showString(rows.getString(i)));
            }
            System.out.println(line);
          }
        }
      }
    }
  }

  static void insertTenRows(Connection connection) throws SQLException {
    try (PreparedStatement insert = connection.prepareStatement(
             "INSERT INTO jdbc_types (id, i4, i8, n, b, t, ts, d, f8) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      for (int k = 0; k < 10; ++k) {
        insert.setInt(1, 100 + k);
        insert.setInt(2, -7 * k);
        insert.setLong(3, 1_000_000_000_000L * k);
        insert.setBigDecimal(4, new BigDecimal("1234.5").add(BigDecimal.valueOf(k, 2)));
        insert.setBoolean(5, k % 2 == 0);
        insert.setString(6, "row " + k + " äö");
        insert.setTimestamp(7, Timestamp.valueOf(LocalDateTime.of(2024, 2, 29, 6, 45, 30, 250_000_000).plusHours(k)));
        insert.setDate(8, Date.valueOf(LocalDate.of(1999, 12, 31).plusDays(k)));
        insert.setDouble(9, 0.1 * k);
        System.out.println("-- insert " + (100 + k) + ": " + insert.executeUpdate() + " row");
      }
    }
  }

  // With binary results pgjdbc's getString on bytea is byte[].toString() ("[B@1b6d3586"),
  // an identity hash that differs per run: keep the "[B@" and drop the hash.
  static String showString(String value) {
    return value == null ? null : value.replaceAll("^\\[B@[0-9a-f]+$", "[B@");
  }

  static String show(Object value) {
    if (value instanceof byte[]) {
      StringBuilder hex = new StringBuilder("\\x");
      for (byte b : (byte[]) value) hex.append(String.format("%02x", b));
      return hex.toString();
    }
    return value.toString();
  }
}
