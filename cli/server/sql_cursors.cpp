// sql_cursors: DECLARE, FETCH, MOVE and CLOSE, on the session's cursors
// (extended_query::sql_cursor), as PostgreSQL's portalcmds.c answers them.
//
//   DECLARE name [BINARY] [[NO] SCROLL] CURSOR [WITH[OUT] HOLD] FOR query
//       the query is routed and described now (its errors are DECLARE's, as
//       PostgreSQL's parse analysis reports them); then 25P01 outside a transaction
//       block unless WITH HOLD (a multi-statement string is an implicit block, as
//       in PostgreSQL), 42P03 for a name in use. Without HOLD the query runs at the
//       first FETCH or MOVE, so its run-time errors (22012 ...) and volatile functions
//       (clock_timestamp(), nextval) are that FETCH's; a translated SELECT is opened
//       (prepared, not stepped) at DECLARE, so a write of the transaction before the
//       first FETCH first reads its rows as they were (PostgreSQL's snapshot of DECLARE).
//       WITH HOLD runs it at once. BINARY: rows in the types' binary send format.
//       Tag DECLARE CURSOR.
//   FETCH / MOVE [direction] [FROM | IN] name
//       the rows the direction selects (cursor_fetch.hpp): RowDescription, rows,
//       tag FETCH n; MOVE only moves, tag MOVE n. 34000 for an unknown cursor,
//       55000 for a backward read of a NO SCROLL cursor.
//   CLOSE name | ALL
//       tags CLOSE CURSOR / CLOSE CURSOR ALL; 34000 for an unknown cursor.
// Lifetime: a cursor without HOLD closes when its transaction ends; a rollback also
// closes the held cursors that transaction declared, and ROLLBACK TO a savepoint the
// cursors declared after that savepoint was made (held or not), as PostgreSQL.
// Rows: a cursor without HOLD over a translated SELECT reads its query as FETCH asks
// (cursor_rows.hpp: only the rows of the FETCH being answered are held; a backward
// read runs the query again; a write of the transaction first reads the rest into
// memory, so the cursor keeps the rows as they were). Any other cursor's rows are
// kept in memory once its query ran (WITH HOLD: at DECLARE, as PostgreSQL keeps a held
// cursor's rows at COMMIT). pg_cursors lists the open cursors.
#include "cli/catalog/snapshot_table.hpp"
#include "cli/server/extended_query.hpp"
#include "cli/server/statement_words.hpp"

namespace tributary {
namespace {

// DeclareCursorStmt.options bits (PostgreSQL's CURSOR_OPT_*).
constexpr int cursor_binary = 0x0001;
constexpr int cursor_scroll = 0x0002;
constexpr int cursor_no_scroll = 0x0004;
constexpr int cursor_hold = 0x0020;

pg_error cursor_missing(const std::string& name) {
  return make_pg_error("34000", "cursor \"" + name + "\" does not exist");
}

// The text after DECLARE ... CURSOR [WITH[OUT] HOLD] FOR; npos when not found.
size_t query_offset(const std::string& text) {
  size_t i = 0;
  if (!take_keyword(text, i, "DECLARE"))
    return std::string::npos;
  skip_name(text, i);
  while (i < text.size() && !take_keyword(text, i, "CURSOR")) {
    const size_t before = i;
    skip_name(text, i);
    if (i == before)
      return std::string::npos;
  }
  if (take_keyword(text, i, "WITH") || take_keyword(text, i, "WITHOUT"))
    if (!take_keyword(text, i, "HOLD"))
      return std::string::npos;
  if (!take_keyword(text, i, "FOR"))
    return std::string::npos;
  skip_blanks(text, i);
  return i;
}

fetch_request request_of(const nlohmann::json& fields) {
  fetch_request request;
  const std::string direction = fields.value("direction", std::string("FETCH_FORWARD"));
  if (direction == "FETCH_BACKWARD")
    request.direction = fetch_direction::backward;
  else if (direction == "FETCH_ABSOLUTE")
    request.direction = fetch_direction::absolute;
  else if (direction == "FETCH_RELATIVE")
    request.direction = fetch_direction::relative;
  request.count = fields.value("howMany", int64_t{0});
  request.move = fields.value("ismove", false);
  return request;
}

}  // namespace

result<command_outcome, pg_error> extended_query::sql_declare(const routed_statement& statement,
                                                              const statement_situation& situation,
                                                              bool& reported) {
  const nlohmann::json& fields = statement.fields();
  const std::string name = fields.value("portalname", std::string());
  const int options = fields.value("options", 0);
  if (name.empty())
    return fail(make_pg_error("34000", "invalid cursor name: must not be empty"));
  if ((options & cursor_scroll) && (options & cursor_no_scroll))
    return fail(make_pg_error("42P11", "cannot specify both SCROLL and NO SCROLL"));
  const size_t offset = query_offset(statement.text);
  if (offset == std::string::npos)
    return fail(make_pg_error("42601", "syntax error in DECLARE"));
  routed_query routed = route_query(statement.text.substr(offset));
  if (routed.statements.size() != 1)
    return fail(make_pg_error("42601", "syntax error in DECLARE"));
  sql_cursor cursor;
  cursor.source_text = statement.text;
  cursor.query = std::move(routed.statements.front());
  cursor.query.position += statement.position + character_count(statement.text, offset);
  cursor.parameters = situation.parameters;
  cursor.binary = (options & cursor_binary) != 0;
  cursor.no_scroll = (options & cursor_no_scroll) != 0;
  cursor.hold = (options & cursor_hold) != 0;
  auto shape = dispatcher_.describe(cursor.query, situation.parameter_types);
  if (!shape)
    return fail(shape.error());
  cursor.described = std::move(shape->columns);
  if (auto computed = dispatcher_.compute_planner_constants(cursor.query, situation); !computed)
    return fail(computed.error());
  transaction_block& transaction = dispatcher_.transaction();
  if (!cursor.hold && !transaction.in_explicit_block() && !situation.multi_statement)
    return fail(make_pg_error("25P01", "DECLARE CURSOR can only be used in transaction blocks"));
  if (cursors_.count(name))
    return fail(make_pg_error("42P03", "cursor \"" + name + "\" already exists"));
  if (transaction.state() == block_state::idle && situation.multi_statement)
    if (auto begun = transaction.begin_implicit(); !begun)  // the string's implicit block
      return fail(begun.error());
  cursor.declared_in_transaction = transaction.state() != block_state::idle;
  cursor.savepoints_before = transaction.savepoints_made();
  // A translated SELECT that only reads is opened now and not stepped: nothing runs
  // before the first FETCH (its errors and volatile functions are FETCH's), but a write
  // of the transaction in between first reads its rows as they are (before_write).
  const bool opens_unread = shape->parameter_types_known && cursor.query.node_type() == "SelectStmt" &&
                            access_of(cursor.query) == statement_access::read;
  if (cursor.hold || opens_unread)
    if (auto opened = open_cursor(cursor, situation, reported); !opened)
      return fail(opened.error());
  cursors_.emplace(name, std::move(cursor));
  return command_outcome::tag_only("DECLARE CURSOR");
}

result<ok_t, pg_error> extended_query::open_cursor(sql_cursor& cursor,
                                                   const statement_situation& situation,
                                                   bool& reported) {
  if (cursor.outcome)
    return ok_v;
  statement_situation run = situation;
  run.parameters = cursor.parameters;
  run.result_formats.clear();
  if (cursor.binary)
    run.result_formats.push_back(1);
  run.copy = nullptr;
  std::shared_ptr<open_query> opened;
  if (!cursor.hold)
    run.open = &opened;
  auto outcome = dispatcher_.run(cursor.query, run);
  if (!outcome) {
    reported = true;
    return fail(outcome.error());
  }
  outcome->returns_rows = true;
  if (opened) {  // read as FETCH asks
    auto rows = std::make_shared<cursor_rows>(std::move(opened));
    cursor.position.emplace([rows](size_t index) { return rows->exists(index); },
                            [rows](size_t index) { rows->returned(index); }, cursor.no_scroll);
    cursor.lazy = std::move(rows);
  } else {
    cursor.position.emplace(outcome->rows.size(), cursor.no_scroll);
  }
  cursor.outcome = std::move(*outcome);
  return ok_v;
}

result<command_outcome, pg_error> extended_query::sql_fetch(const routed_statement& statement,
                                                            const statement_situation& situation,
                                                            bool& reported) {
  const nlohmann::json& fields = statement.fields();
  const std::string name = fields.value("portalname", std::string());
  if (name.empty())
    return fail(make_pg_error("34000", "invalid cursor name: must not be empty"));
  auto it = cursors_.find(name);
  if (it == cursors_.end())
    return fail(cursor_missing(name));
  sql_cursor& cursor = it->second;
  if (auto opened = open_cursor(cursor, situation, reported); !opened)
    return fail(opened.error());
  const fetch_request request = request_of(fields);
  if (cursor.lazy)
    cursor.lazy->start_fetch();
  auto fetched = cursor.position->fetch(request);
  if (!fetched)
    return fail(fetched.error());
  std::vector<text_row> lazy_rows;
  if (cursor.lazy) {
    auto rows = cursor.lazy->rows();
    if (!rows)
      return fail(rows.error());
    lazy_rows = std::move(*rows);
  }
  if (request.move)
    return command_outcome::tag_only("MOVE " + std::to_string(fetched->processed));
  command_outcome out;
  out.returns_rows = true;
  out.columns = cursor.outcome->columns;
  if (cursor.lazy) {
    out.rows = std::move(lazy_rows);
  } else {
    out.rows.reserve(fetched->rows.size());
    for (size_t row : fetched->rows)
      out.rows.push_back(cursor.outcome->rows[row]);
  }
  out.tag = "FETCH " + std::to_string(fetched->processed);
  return out;
}

result<command_outcome, pg_error> extended_query::sql_close(const routed_statement& statement) {
  const nlohmann::json& fields = statement.fields();
  if (!fields.contains("portalname")) {
    cursors_.clear();
    return command_outcome::tag_only("CLOSE CURSOR ALL");
  }
  const std::string name = fields.value("portalname", std::string());
  if (!cursors_.erase(name))
    return fail(cursor_missing(name));
  return command_outcome::tag_only("CLOSE CURSOR");
}

void extended_query::close_cursors_at_transaction_end(bool committed) {
  for (auto it = cursors_.begin(); it != cursors_.end();) {
    sql_cursor& cursor = it->second;
    if (!cursor.hold || (!committed && cursor.declared_in_transaction)) {
      it = cursors_.erase(it);
    } else {
      cursor.declared_in_transaction = false;
      ++it;
    }
  }
}

void extended_query::close_cursors_since(uint64_t savepoint) {
  for (auto it = cursors_.begin(); it != cursors_.end();) {
    if (it->second.declared_in_transaction && it->second.savepoints_before >= savepoint)
      it = cursors_.erase(it);
    else
      ++it;
  }
}

void extended_query::install_cursors_view() {
  // PostgreSQL 15's columns. is_scrollable: true unless NO SCROLL (these cursors can
  // always go back; PostgreSQL's says whether its plan can).
  snapshot_table view{
      "CREATE TABLE x(name text, statement text, is_holdable bool, is_binary bool, is_scrollable bool, "
      "creation_time timestamptz)",
      [this] {
        constexpr int64_t unix_to_2000_us = 946'684'800'000'000;
        std::vector<snapshot_row> rows;
        for (const auto& [name, cursor] : cursors_) {
          const int64_t micros =
              std::chrono::duration_cast<std::chrono::microseconds>(cursor.declared_at.time_since_epoch()).count() -
              unix_to_2000_us;
          rows.push_back({name, cursor.source_text, int64_t{cursor.hold ? 1 : 0}, int64_t{cursor.binary ? 1 : 0},
                          int64_t{cursor.no_scroll ? 0 : 1}, micros});
        }
        return rows;
      }};
  (void)add_snapshot_table(dispatcher_.database(), "pg_cursors", std::move(view));
}

}  // namespace tributary
