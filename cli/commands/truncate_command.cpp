// truncate_command: see the header.
#include "cli/commands/truncate_command.hpp"

#include <algorithm>
#include <cctype>

#include "stages/core/local_relation_name.hpp"
#include "stages/sql/parse_tree.hpp"
#include "storage/sequence_catalog.hpp"
#include "storage/table_truncation.hpp"
#include "storage/text_query.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

pg_error storage_error(const sqlite_error& e) { return make_pg_error("XX000", e.message); }

std::string folded(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

bool listed(const std::vector<std::string>& tables, const std::string& name) {
  return std::find(tables.begin(), tables.end(), folded(name)) != tables.end();
}

// The name PostgreSQL's messages give a local table ("sales.t" -> "t").
std::string shown(const std::string& local) {
  const size_t dot = local.find('.');
  return dot == std::string::npos ? local : local.substr(dot + 1);
}

// Tables (in creation order) outside `tables` with a foreign key onto one in it.
result<std::vector<std::string>, pg_error> referencing_tables(sqlite_connection& db,
                                                              const std::vector<std::string>& tables) {
  auto all = query_texts(db,
                         "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE "
                         "'sqlite\\_%' ESCAPE '\\' AND name <> ?1 ORDER BY rowid",
                         "");
  if (!all)
    return fail(storage_error(all.error()));
  std::vector<std::string> out;
  for (const std::string& table : *all) {
    if (listed(tables, table))
      continue;
    auto targets = query_texts(db, "SELECT \"table\" FROM pragma_foreign_key_list(?1)", table);
    if (!targets)
      return fail(storage_error(targets.error()));
    for (const std::string& target : *targets)
      if (listed(tables, target)) {
        out.push_back(table);
        break;
      }
  }
  return out;
}

}  // namespace

result<command_outcome, pg_error> truncate_tables(const json& stmt, command_context& context,
                                                  const table_access* access) {
  sqlite_connection& db = context.database();
  truncate_request request;
  request.restart_identity = pt::flag(stmt, "restart_seqs");
  std::vector<std::string> tables;  // folded, for the look-ups
  for (const json& node : pt::list(stmt, "relations")) {
    const json& relation = pt::fields(node);
    const std::string name = pt::text(relation, "relname");
    const std::string table = local_relation_name(pt::text(relation, "schemaname"), name);
    // The session's temporary table first (storage/temporary_tables.hpp): DELETE finds it so too.
    auto kind = query_texts(db,
                            "SELECT type FROM temp.sqlite_schema WHERE name = ?1 COLLATE NOCASE AND type IN "
                            "('table', 'view') AND name NOT LIKE 'tributary\\_%' ESCAPE '\\' UNION ALL "
                            "SELECT type FROM main.sqlite_schema WHERE name = ?1 COLLATE NOCASE",
                            table);
    if (!kind)
      return fail(storage_error(kind.error()));
    if (kind->empty())
      return fail(make_pg_error("42P01", "relation \"" + table + "\" does not exist"));
    if (kind->front() != "table")
      return fail(make_pg_error("42809", "\"" + shown(table) + "\" is not a table"));
    if (!listed(tables, table)) {
      tables.push_back(folded(table));
      request.tables.push_back(table);
    }
  }
  if (pt::text(stmt, "behavior") == "DROP_CASCADE") {
    while (true) {
      auto more = referencing_tables(db, tables);
      if (!more)
        return fail(more.error());
      if (more->empty())
        break;
      for (const std::string& table : *more) {
        pg_error n = make_pg_error("00000", "truncate cascades to table \"" + shown(table) + "\"");
        n.severity = "NOTICE";
        context.emit_notice(std::move(n));
        if (access != nullptr && !access->allows(table, privilege_truncate))
          return fail(table_permission_denied(table));
        tables.push_back(folded(table));
        request.tables.push_back(table);
      }
    }
  }
  // The tables are emptied one after the other: their foreign keys onto each
  // other are checked once all are empty (deferred), as one TRUNCATE.
  auto deferred =
      query_texts(db, "SELECT defer_foreign_keys FROM pragma_defer_foreign_keys() WHERE ?1 = ''", "");
  const bool was_deferred = deferred && !deferred->empty() && deferred->front() == "1";
  if (auto r = db.exec("PRAGMA defer_foreign_keys = ON"); !r)
    return fail(storage_error(r.error()));
  auto outcome = truncate_local_tables(db, request);
  if (!was_deferred)
    (void)db.exec("PRAGMA defer_foreign_keys = OFF");
  if (!outcome)
    return fail(storage_error(outcome.error()));
  if (outcome->refused) {
    const std::string referencing = shown(outcome->refused->referencing);
    const std::string referenced = shown(outcome->refused->referenced);
    pg_error e = make_pg_error("0A000", "cannot truncate a table referenced in a foreign key constraint");
    e.detail = "Table \"" + referencing + "\" references \"" + referenced + "\".";
    e.hint = "Truncate table \"" + referencing + "\" at the same time, or use TRUNCATE ... CASCADE.";
    return fail(std::move(e));
  }
  return command_outcome::tag_only("TRUNCATE TABLE");
}

}  // namespace tributary
