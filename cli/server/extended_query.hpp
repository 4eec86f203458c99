// extended_query: the extended query protocol of one session (Parse, Bind,
// Describe, Execute, Close, Sync), for drivers.
//
// Objects: prepared statements (named, or the unnamed one that each Parse with an
// empty name replaces) and portals (the same for Bind). A prepared statement holds
// its routed statement, its parameter types (0 and unknown become text, 25) and
// its result shape from SQLite's declared column types. A portal holds bound
// values and, once run, its whole outcome: Execute with a row limit hands the
// rows out in pieces (PortalSuspended between them).
//
// Flow: Parse ─► Bind ─► [Describe] ─► Execute ... ─► Sync
//   - Describe of a portal that returns rows runs it, so the RowDescription
//     carries the types inferred from the real values; Execute then sends them.
//   - Statements of one batch share an implicit transaction that Sync commits
//     (statement_dispatcher); portals disappear when their transaction ends.
//   - Parameters arrive as text and are bound as text; binary parameters are
//     decoded by the value codec. INSERT into a typed table reads each one by its
//     column's type (table_commands).
//   - Result columns come in the formats Bind asks for: binary values are each
//     type's send format (query_executor); RowDescription says which.
// Errors: each call returns the pg_error to report; the session then skips
// messages until Sync, as PostgreSQL does.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/server/cursor_rows.hpp"
#include "cli/server/message_stream.hpp"
#include "cli/commands/session_parameters.hpp"
#include "cli/server/statement_dispatcher.hpp"
#include "cli/server/wire_protocol.hpp"
#include "stages/sql/cursor_fetch.hpp"

namespace tributary {

class extended_query {
public:
  extended_query(statement_dispatcher& dispatcher, session_parameters& parameters,
                 message_stream& out)
      : dispatcher_(dispatcher), parameters_(parameters), out_(out) {
    dispatcher_.transaction().on_transaction_end(
        [this](bool committed) { close_cursors_at_transaction_end(committed); });
    dispatcher_.transaction().on_rollback_to([this](uint64_t savepoint) { close_cursors_since(savepoint); });
    // A write of the transaction: open cursors keep the rows as they were.
    dispatcher_.on_before_write([this] {
      for (auto& [name, cursor] : cursors_)
        if (cursor.lazy)
          cursor.lazy->materialize();
    });
    install_prepared_statements_view();
    install_cursors_view();
  }

  result<ok_t, pg_error> parse(const wire::parse_message& message);
  result<ok_t, pg_error> bind(const wire::bind_message& message);
  result<ok_t, pg_error> describe(const wire::describe_message& message);
  result<ok_t, pg_error> execute(const wire::execute_message& message);
  result<ok_t, pg_error> close(const wire::close_message& message);
  // Ends the batch (commits its implicit transaction). ReadyForQuery is the session's.
  result<ok_t, pg_error> sync();

  // The query text of a prepared statement ('S') or of a portal's statement
  // ('P'); empty when there is none. What the log's STATEMENT line and
  // pg_stat_activity.query show for the extended protocol.
  std::string source_text(char kind, const std::string& name) const;

  // PREPARE / EXECUTE / DEALLOCATE / DISCARD as SQL (statement_kind::sql_prepare), on the
  // same statements as Parse (sql_prepared_statements.cpp), and the cursors of
  // DECLARE / FETCH / MOVE / CLOSE (sql_cursors.cpp).
  result<command_outcome, pg_error> run_sql_command(const routed_statement& statement,
                                                    const statement_situation& situation);

private:
  struct prepared_statement {
    std::optional<routed_statement> statement;  // nullopt: empty query
    std::string source_text;                    // the Parse message's query
    std::vector<uint32_t> parameter_types;
    std::vector<result_column> columns;
    bool returns_rows = false;
    bool from_sql = false;  // PREPARE, not Parse
    std::chrono::system_clock::time_point prepared_at = std::chrono::system_clock::now();
  };
  struct portal {
    std::shared_ptr<const prepared_statement> statement;
    std::vector<sql_value> parameters;
    std::vector<int16_t> result_formats;
    std::optional<command_outcome> outcome;
    size_t rows_sent = 0;
  };

  // A cursor of DECLARE (sql_cursors.cpp). Its query is checked (described) at
  // DECLARE and runs at the first FETCH or MOVE (WITH HOLD: at DECLARE); its rows
  // are then kept and handed out as FETCH directions say (cursor_fetch.hpp).
  struct sql_cursor {
    std::string source_text;  // the DECLARE statement
    routed_statement query;
    std::vector<sql_value> parameters;  // the DECLARE's, for its query's $n
    std::vector<result_column> described;  // the query's columns as DECLARE described them
    bool binary = false;
    bool no_scroll = false;
    bool hold = false;
    bool declared_in_transaction = false;  // a rollback of that transaction closes it
    uint64_t savepoints_before = 0;  // savepoints made before DECLARE (transaction_block::savepoints_made)
    std::chrono::system_clock::time_point declared_at = std::chrono::system_clock::now();
    std::optional<command_outcome> outcome;  // the query's rows, once it ran (lazy: its columns)
    std::optional<cursor_position> position;
    // A translated SELECT without HOLD: its rows are read as FETCH asks (cursor_rows.hpp).
    std::shared_ptr<cursor_rows> lazy;
  };

  result<ok_t, pg_error> run_portal(portal& p);
  result<std::vector<sql_value>, pg_error> decode_parameters(const wire::bind_message& message,
                                                             const prepared_statement& statement);
  result<prepared_statement, pg_error> prepare(const std::string& sql,
                                               const std::vector<uint32_t>& declared_types);

  result<command_outcome, pg_error> sql_prepare(const routed_statement& statement);
  result<command_outcome, pg_error> sql_execute(const routed_statement& statement,
                                                const statement_situation& situation, bool& reported);
  result<command_outcome, pg_error> sql_create_table_as_execute(const routed_statement& statement,
                                                                const statement_situation& situation, bool& reported);
  // EXECUTE's arguments (the ExecuteStmt `fields`, its EXECUTE keyword at `execute_at`
  // of the statement's text) evaluated and checked: the situation that runs the
  // prepared statement (`found`) with them as its parameters.
  result<statement_situation, pg_error> executed_situation(const routed_statement& statement,
                                                           const nlohmann::json& fields, size_t execute_at,
                                                           const statement_situation& situation, bool& reported,
                                                           std::shared_ptr<const prepared_statement>& found);
  result<command_outcome, pg_error> sql_deallocate(const routed_statement& statement);
  result<command_outcome, pg_error> sql_discard(const routed_statement& statement,
                                                const statement_situation& situation, bool& reported);

  result<command_outcome, pg_error> sql_declare(const routed_statement& statement,
                                                const statement_situation& situation, bool& reported);
  result<command_outcome, pg_error> sql_fetch(const routed_statement& statement,
                                              const statement_situation& situation, bool& reported);
  result<command_outcome, pg_error> sql_close(const routed_statement& statement);
  // Runs a cursor's query (once) and keeps its rows.
  result<ok_t, pg_error> open_cursor(sql_cursor& cursor, const statement_situation& situation,
                                     bool& reported);
  // pg_prepared_statements on the session's connection: one row per named
  // statement (sql_prepared_statements.cpp).
  void install_prepared_statements_view();
  // pg_cursors on the session's connection: one row per open cursor (sql_cursors.cpp).
  void install_cursors_view();
  // Cursors without HOLD close when their transaction ends; a rollback closes those
  // it declared, held or not.
  void close_cursors_at_transaction_end(bool committed);
  // ROLLBACK TO the savepoint numbered `savepoint`: the cursors declared since close.
  void close_cursors_since(uint64_t savepoint);

  statement_dispatcher& dispatcher_;
  session_parameters& parameters_;
  message_stream& out_;
  std::map<std::string, std::shared_ptr<const prepared_statement>> statements_;
  std::map<std::string, portal> portals_;
  std::map<std::string, sql_cursor> cursors_;
};

}  // namespace tributary
