// explain_statement: EXPLAIN [ANALYZE] [VERBOSE] statement and EXPLAIN (options)
// statement, answered with one text column "QUERY PLAN" as PostgreSQL's, whose
// lines are SQLite's plan of the statement as it runs here (the translated SQL)
// in PostgreSQL's indented shape (stages/sql/query_plan_text.hpp).
//
// ANALYZE runs the statement (its rows are discarded, its writes happen, as in
// PostgreSQL) and adds "Execution Time: x ms". Options: ANALYZE, VERBOSE, COSTS,
// SETTINGS, BUFFERS, WAL, TIMING, SUMMARY are taken (costs and counters are not
// shown); FORMAT other than TEXT is 0A000; an unknown option is 42601 as in
// PostgreSQL.
#include <chrono>
#include <cstdio>

#include <sqlite3.h>

#include "cli/commands/table_commands.hpp"
#include "cli/server/statement_dispatcher.hpp"
#include "cli/server/statement_words.hpp"
#include "stages/sql/query_plan_text.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "storage/sqlstate_mapping.hpp"

namespace tributary {
namespace {

struct explain_options {
  bool analyze = false;
};

std::string option_text(const nlohmann::json& def) {
  const nlohmann::json& arg = def.value("arg", nlohmann::json::object());
  if (arg.contains("String"))
    return arg["String"].value("sval", std::string());
  if (arg.contains("Boolean"))
    return arg["Boolean"].value("boolval", false) ? "true" : "false";
  if (arg.contains("Integer"))
    return std::to_string(arg["Integer"].value("ival", 0));
  return "true";
}

bool option_on(const std::string& value) {
  return value == "true" || value == "on" || value == "1" || value == "yes";
}

result<explain_options, pg_error> read_options(const nlohmann::json& fields) {
  explain_options out;
  for (const auto& item : fields.value("options", nlohmann::json::array())) {
    const nlohmann::json& def = item.value("DefElem", nlohmann::json::object());
    const std::string name = def.value("defname", std::string());
    const std::string value = option_text(def);
    if (name == "analyze") {
      out.analyze = option_on(value);
    } else if (name == "format") {
      if (value != "text")
        return fail(make_pg_error("0A000", "EXPLAIN (FORMAT " + value + ") is not supported yet"));
    } else if (name != "verbose" && name != "costs" && name != "settings" && name != "buffers" &&
               name != "wal" && name != "timing" && name != "summary") {
      return fail(make_pg_error("42601", "unrecognized EXPLAIN option \"" + name + "\""));
    }
  }
  return out;
}

// The text after EXPLAIN and its options.
std::string explained_text(const std::string& text) {
  size_t i = 0;
  take_keyword(text, i, "EXPLAIN");
  skip_blanks(text, i);
  if (i < text.size() && text[i] == '(') {
    parenthesized_list(text, i);
  } else {
    while (take_keyword(text, i, "ANALYZE") || take_keyword(text, i, "ANALYSE") ||
           take_keyword(text, i, "VERBOSE")) {
    }
  }
  skip_blanks(text, i);
  return text.substr(i);
}

}  // namespace

result<command_outcome, pg_error> statement_dispatcher::explain(const routed_statement& statement,
                                                                const statement_situation& situation) {
  auto options = read_options(statement.fields());
  if (!options)
    return fail(options.error());
  routed_query inner = route_query(explained_text(statement.text));
  if (inner.statements.size() != 1)
    return fail(make_pg_error("42601", "syntax error in EXPLAIN"));
  routed_statement& explained = inner.statements.front();
  explained.position += statement.position;
  const std::string type = explained.node_type();
  std::string sql = explained.text;
  if (type == "SelectStmt" || type == "InsertStmt" || type == "UpdateStmt" || type == "DeleteStmt") {
    auto translated = prepare_translated_statement(type, explained.fields(), explained.text,
                                                   explained.position, nullptr,
                                                   {}, *this, parameters_.type_settings_now());
    if (!translated)
      return fail(translated.error());
    if (*translated)
      sql = (*translated)->sql;
  } else if (type != "ValuesStmt" && explained.kind != statement_kind::sqlite) {
    return fail(make_pg_error("0A000", "EXPLAIN of " + explained.tag + " is not supported yet"));
  }
  std::vector<plan_node> nodes;
  {  // finished before ANALYZE runs the statement (an open statement blocks its commit)
    auto plan = db_.prepare("EXPLAIN QUERY PLAN " + sql);
    if (!plan)
      return fail(pg_error_from_sqlite(plan.error()));
    for (;;) {
      auto step = plan->step();
      if (!step)
        return fail(pg_error_from_sqlite(step.error()));
      if (*step != sqlite_statement::step_result::row)
        break;
      nodes.push_back({plan->column_int(0), plan->column_int(1), plan->column_text(3)});
    }
  }
  command_outcome out;
  out.tag = "EXPLAIN";
  out.returns_rows = true;
  out.columns.push_back(result_column{"QUERY PLAN", pg_type_oid::text, -1, 0});
  std::string root;  // PostgreSQL's top node of a write
  const std::string relation =
      explained.fields().value("relation", nlohmann::json::object()).value("relname", std::string());
  if (type == "InsertStmt")
    root = "Insert on " + relation;
  else if (type == "UpdateStmt")
    root = "Update on " + relation;
  else if (type == "DeleteStmt")
    root = "Delete on " + relation;
  for (std::string& line : query_plan_lines(nodes, root))
    out.rows.push_back(text_row{std::move(line)});
  if (options->analyze) {
    statement_situation run = situation;
    run.result_formats.clear();
    const auto started = std::chrono::steady_clock::now();
    auto ran = dispatch_guarded(explained, run);
    if (!ran)
      return fail(ran.error());
    const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - started;
    char line[64];
    std::snprintf(line, sizeof line, "Execution Time: %.3f ms", took.count());
    out.rows.push_back(text_row{std::string(line)});
  }
  return out;
}

}  // namespace tributary
