// comment_command: see the header.
#include "cli/commands/comment_command.hpp"

#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/parse_tree.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/description_catalog.hpp"
#include "storage/temporary_tables.hpp"
#include "storage/text_query.hpp"

namespace tributary {

namespace pt = parse_tree;

namespace {

pg_error storage_error(const sqlite_error& e) { return make_pg_error("XX000", e.message); }

// 'r' table, 'v' view, 'S' sequence; 0 when there is no such relation.
result<char, pg_error> relation_kind(sqlite_connection& db, const std::string& relation) {
  auto sequence = query_has_row(db, "SELECT 1 FROM tributary_sequences WHERE seqname = ?1", relation);
  if (sequence && *sequence)
    return 'S';
  // Comments are kept in the database file, by name: not for a session's temporary table.
  auto temporary = is_temporary_table(db, relation);
  if (!temporary)
    return fail(storage_error(temporary.error()));
  if (*temporary)
    return fail(make_pg_error("0A000", "COMMENT on temporary table \"" + relation + "\" is not supported yet"));
  auto kind = query_texts(db, "SELECT type FROM sqlite_schema WHERE name = ?1 AND type IN ('table', 'view')",
                          relation);
  if (!kind)
    return fail(storage_error(kind.error()));
  if (kind->empty() || relation.rfind("tributary_", 0) == 0)
    return char{0};
  return kind->front() == "view" ? 'v' : 'r';
}

}  // namespace

result<command_outcome, pg_error> comment_command(const nlohmann::json& stmt, command_context& context) {
  sqlite_connection& db = context.database();
  const std::string objtype = pt::text(stmt, "objtype");
  const char wanted = objtype == "OBJECT_TABLE" ? 'r' : objtype == "OBJECT_VIEW" ? 'v'
                      : objtype == "OBJECT_SEQUENCE" ? 'S' : objtype == "OBJECT_COLUMN" ? 'c' : 0;
  if (wanted == 0) {
    std::string kind = objtype.substr(objtype.find('_') + 1);
    for (char& c : kind)
      c = c == '_' ? ' ' : c;
    return fail(make_pg_error("0A000", "COMMENT ON " + kind + " is not supported yet"));
  }
  std::vector<std::string> names;
  const nlohmann::json& object = stmt.value("object", nlohmann::json::object());
  for (const auto& item : pt::list(pt::fields(object), "items"))
    names.push_back(pt::text(pt::fields(item), "sval"));
  if (names.empty() || (wanted == 'c' && names.size() < 2))
    return fail(make_pg_error("42601", "column name must be qualified"));
  std::string column;
  if (wanted == 'c') {
    column = names.back();
    names.pop_back();
  }
  const std::string name = names.back();
  const std::string relation = local_relation_name(names.size() >= 2 ? names[names.size() - 2] : "", name);
  auto kind = relation_kind(db, relation);
  if (!kind)
    return fail(kind.error());
  if (*kind == 0)
    return fail(make_pg_error("42P01", "relation \"" + name + "\" does not exist"));
  if (wanted != 'c' && *kind != wanted)
    return fail(make_pg_error("42809", "\"" + name + "\" is not a " +
                                           (wanted == 'r' ? "table" : wanted == 'v' ? "view" : "sequence")));
  if (wanted == 'c') {
    auto columns = read_table_columns(db, relation);
    if (!columns)
      return fail(storage_error(columns.error()));
    bool found = false;
    for (const auto& c : *columns)
      found = found || c.name == column;
    if (!found)
      return fail(make_pg_error("42703", "column \"" + column + "\" of relation \"" + name + "\" does not exist"));
  }
  std::optional<std::string> text;
  if (stmt.contains("comment"))
    text = stmt.value("comment", std::string());
  if (auto r = set_description(db, relation, column, text); !r)
    return fail(storage_error(r.error()));
  return command_outcome::tag_only("COMMENT");
}

}  // namespace tributary
