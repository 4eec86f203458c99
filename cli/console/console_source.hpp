// console_source: the console's libpq side. Connects as psql does (libpq
// defaults, PG* environment variables, -h/-p/-U/-d), checks that the server is
// Tributary (it has tributary_actors), and reads a snapshot: the server-wide
// actors, and the subscriptions of every database pg_database lists (each read
// over its own connection). Runs ALTER SUBSCRIPTION for
// the console's e/d keys on the subscription's own database (a connection per
// database, opened on first use and kept).
//
// Every call blocks (the console is a single-threaded client).
#pragma once

#include <libpq-fe.h>

#include <map>
#include <memory>
#include <string>

#include "cli/console/console_snapshot.hpp"
#include "stages/core/result.hpp"

namespace tributary::console {

struct connection_options {
  std::string host, port, user, dbname;  // empty: libpq's default / PG* variables
};

struct pg_conn_deleter {
  void operator()(PGconn* c) const { PQfinish(c); }
};
using pg_conn_ptr = std::unique_ptr<PGconn, pg_conn_deleter>;

class console_source {
public:
  // libpq's own message when the server is unreachable or refuses; a clear
  // one when the server is not Tributary.
  static result<console_source, std::string> connect(const connection_options& options);

  result<snapshot, std::string> read();

  // Runs one statement on `database` (ALTER SUBSCRIPTION ...); the server's
  // error message when it fails.
  result<ok_t, std::string> execute(const std::string& database, const std::string& sql);

private:
  explicit console_source(pg_conn_ptr main) : main_(std::move(main)) {}
  result<PGconn*, std::string> database_connection(const std::string& database);
  result<ok_t, std::string> read_database(PGconn* conn, const std::string& database, snapshot& snap);

  pg_conn_ptr main_;
  std::string main_database_;
  std::map<std::string, pg_conn_ptr> others_;
};

}  // namespace tributary::console
