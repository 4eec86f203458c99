// composite_type_alter: see the header.
#include "cli/commands/composite_type_alter.hpp"

#include <algorithm>

#include "cli/commands/table_commands.hpp"
#include "stages/core/local_relation_name.hpp"
#include "stages/core/row_type_oid.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/composite_type_alter.hpp"
#include "stages/types/verbatim/record_rewrite.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/row_type_collations.hpp"
#include "storage/text_query.hpp"
#include "storage/user_type_catalog.hpp"

namespace tributary {
namespace {

pg_error storage_error(const sqlite_error& e) { return make_pg_error("XX000", e.message); }

using fields = std::vector<std::optional<std::string>>;

// A table's column whose values hold records of the altered type.
struct holder {
  std::string table;
  column_definition column;
};

// Every table column (not a composite type's attribute) whose type holds `target`'s
// records, tables in name order, columns in order.
result<std::vector<holder>, pg_error> holders_of(sqlite_connection& db, const std::string& target) {
  auto tables = query_texts(db,
                            "SELECT DISTINCT c.relname FROM tributary_columns c JOIN sqlite_schema s "
                            "ON s.type = 'table' AND s.name = c.relname WHERE ?1 = ?1 ORDER BY 1",
                            target);
  if (!tables)
    return fail(storage_error(tables.error()));
  std::vector<holder> out;
  for (const std::string& table : *tables) {
    auto columns = read_recorded_table_columns(db, table);
    if (!columns)
      return fail(storage_error(columns.error()));
    for (const column_definition& c : *columns)
      if (contains_records(c.type, target))
        out.push_back({table, c});
  }
  return out;
}

// Each holder's stored values, each record of `target` in them edited.
result<ok_t, pg_error> rewrite_values(sqlite_connection& db, const std::vector<holder>& holders,
                                      const std::string& target, const record_fields_edit& edit) {
  for (const holder& h : holders) {
    const std::string column = quote_identifier(h.column.name);
    const std::string table = quote_identifier(h.table);
    auto stored = query_texts(db,
                              "SELECT DISTINCT " + column + " COLLATE BINARY FROM " + table + " WHERE " + column +
                                  " IS NOT NULL AND ?1 = ?1",
                              target);
    if (!stored)
      return fail(storage_error(stored.error()));
    for (const std::string& text : *stored) {
      auto rewritten = rewrite_records(h.column.type, text, target, edit);
      if (!rewritten || *rewritten == text)
        continue;
      auto update = db.prepare("UPDATE " + table + " SET " + column + " = ?1 WHERE " + column + " = ?2 COLLATE BINARY");
      if (!update)
        return fail(storage_error(update.error()));
      update->bind_text(1, *rewritten);
      update->bind_text(2, text);
      if (auto r = update->run(); !r)
        return fail(storage_error(r.error()));
    }
  }
  return ok_v;
}

// A column (or a composite type's attribute) of a composite type or of an array of one.
struct type_use {
  std::string relation;  // local name
  std::string column;
  bool of_composite = false;  // an attribute of a composite type
  bool array = false;         // of the type's array type
  std::string type;           // the composite type's local name
};

// Every use of a composite type, composite types' attributes first (by type OID),
// then tables' columns (in the order the tables were made), each in column order.
result<std::vector<type_use>, pg_error> composite_uses(sqlite_connection& db, const user_type_set& types) {
  std::vector<std::pair<std::string, bool>> relations;
  for (const user_type& t : types.types)
    if (t.kind == 'c')
      relations.emplace_back(local_relation_name(t.schema == "public" ? "" : t.schema, t.name), true);
  auto tables = query_texts(db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND ?1 = ?1 ORDER BY rowid", "t");
  if (!tables)
    return fail(storage_error(tables.error()));
  for (const std::string& table : *tables)
    relations.emplace_back(table, false);
  std::vector<type_use> out;
  for (const auto& [relation, composite] : relations) {
    auto rows = query_rows(db, "SELECT attname, typname, attndims FROM tributary_columns WHERE relname = ?1 "
                               "AND atttypid = 0 ORDER BY attnum", relation);
    if (!rows)
      return fail(storage_error(rows.error()));
    for (const auto& row : *rows) {
      std::string type = row_type_local_name(row[1]);
      const bool array = row[2] != "0";
      if (array && type.ends_with("[]"))
        type.resize(type.size() - 2);
      out.push_back({relation, row[0], composite, array, type});
    }
  }
  return out;
}

// The table column PostgreSQL's find_composite_type_dependencies names first for
// `type`: through the type's array type first, then the type itself; a composite
// type's attribute leads on to that type's own uses.
std::optional<std::string> first_column_using(const std::vector<type_use>& uses, const std::string& type,
                                              int depth = 0) {
  if (depth > 16)
    return std::nullopt;
  for (bool array : {true, false}) {
    for (const type_use& u : uses)
      if (u.of_composite && u.array == array && u.type == type)
        if (auto found = first_column_using(uses, u.relation, depth + 1))
          return found;
    for (const type_use& u : uses)
      if (!u.of_composite && u.array == array && u.type == type) {
        const size_t dot = u.relation.find('.');
        return (dot == std::string::npos ? u.relation : u.relation.substr(dot + 1)) + "." + u.column;
      }
  }
  return std::nullopt;
}

// ALTER TYPE t RENAME ATTRIBUTE of a table's row type renames the table's column,
// as PostgreSQL's (ALTER TABLE t RENAME COLUMN).
result<command_outcome, pg_error> rename_table_column(const nlohmann::json& stmt, std::string_view source,
                                                      command_context& context, const type_settings& settings) {
  nlohmann::json renamed = stmt;
  renamed["renameType"] = "OBJECT_COLUMN";
  renamed["relationType"] = "OBJECT_TABLE";
  auto done = alter_table("RenameStmt", renamed, source, context, settings);
  if (!done)
    return fail(done.error());
  if (!*done)
    return fail(make_pg_error("0A000", "ALTER TYPE ... RENAME ATTRIBUTE of a table made by another tool is not "
                                       "supported yet"));
  return command_outcome::tag_only("ALTER TYPE");
}

// Whether a value of the attribute type `added` could hold a record of `target`
// (PostgreSQL's 42P16: a composite type cannot be made a member of itself).
result<bool, pg_error> would_contain_itself(sqlite_connection& db, const column_type& added,
                                            const std::string& target) {
  if (added.known() || added.name.empty())
    return false;
  std::string local = row_type_local_name(added.name);
  if (local.ends_with("[]"))
    local.resize(local.size() - 2);
  if (local == target)
    return true;
  auto columns = read_recorded_table_columns(db, local);
  if (!columns)
    return fail(storage_error(columns.error()));
  return std::any_of(columns->begin(), columns->end(),
                     [&](const column_definition& c) { return contains_records(c.type, target); });
}

}  // namespace

result<bool, sqlite_error> names_row_type(sqlite_connection& db, const std::string& local) {
  auto table = query_has_row(db, "SELECT 1 FROM sqlite_schema WHERE type IN ('table', 'view') AND name = ?1", local);
  if (!table || *table)
    return table;
  auto recorded = read_recorded_table_columns(db, local);  // a composite type's attributes
  if (!recorded)
    return fail(recorded.error());
  return !recorded->empty();
}

result<command_outcome, pg_error> alter_composite_type(const std::string& node_type, const nlohmann::json& stmt,
                                                       std::string_view source, command_context& context,
                                                       const type_settings& settings) {
  sqlite_connection& db = context.database();
  auto types = read_user_types(db);
  if (!types)
    return fail(storage_error(types.error()));
  std::optional<sqlite_error> storage_failure;
  const auto names_a_row_type = [&](const std::string& local) {
    auto row_type = names_row_type(db, local);
    if (!row_type)
      storage_failure = row_type.error();
    return row_type && *row_type;
  };
  auto request = read_alter_composite(node_type, stmt, source, settings, *types, names_a_row_type);
  if (storage_failure)
    return fail(storage_error(*storage_failure));
  if (!request)
    return fail(request.error());
  const qualified_type_name& name = request->name;
  const std::string target = local_relation_name(name.schema, name.name);
  const user_type* type = types->find(name.schema, name.name);
  if (!type || type->kind != 'c') {
    auto kind = query_texts(db, "SELECT type FROM sqlite_schema WHERE type IN ('table', 'view') AND name = ?1", target);
    if (!kind)
      return fail(storage_error(kind.error()));
    if (!kind->empty() && node_type == "RenameStmt" && !type) {
      if (kind->front() == "table")
        return rename_table_column(stmt, source, context, settings);
      return fail(make_pg_error("0A000", "ALTER TYPE ... RENAME ATTRIBUTE of a view is not supported yet"));
    }
    if (!kind->empty())
      return fail(make_pg_error("42809", "\"" + name.name + "\" is not a composite type"));
    return fail(make_pg_error("42P01", "relation \"" + name.display() + "\" does not exist"));
  }
  auto current = read_recorded_table_columns(db, target);
  if (!current)
    return fail(storage_error(current.error()));
  std::vector<column_definition> attributes = *current;
  const auto find = [&](const std::string& attribute) {
    return std::find_if(attributes.begin(), attributes.end(),
                        [&](const column_definition& a) { return a.name == attribute; });
  };
  const std::string relation = "\" of relation \"" + name.name + "\"";
  auto holders = holders_of(db, target);
  if (!holders)
    return fail(holders.error());
  auto uses = composite_uses(db, *types);
  if (!uses)
    return fail(uses.error());

  // The fields of a stored record follow the attributes: an index into the old
  // attributes, or nullopt for an added one (NULL).
  std::vector<std::optional<size_t>> sources;
  for (size_t i = 0; i < attributes.size(); ++i)
    sources.emplace_back(i);
  using kind = composite_alter_step::kind;
  for (kind pass : {kind::drop, kind::alter_type, kind::add, kind::rename}) {
    for (const composite_alter_step& step : request->steps) {
      if (step.what != pass)
        continue;
      auto at = find(step.attribute);
      if (pass == kind::rename) {
        if (at == attributes.end())
          return fail(make_pg_error("42703", "column \"" + step.attribute + "\" does not exist"));
        if (find(step.new_name) != attributes.end())
          return fail(make_pg_error("42701", "column \"" + step.new_name + relation + " already exists"));
        at->name = step.new_name;
      } else if (pass == kind::drop || pass == kind::alter_type) {
        if (at == attributes.end()) {
          const std::string message = "column \"" + step.attribute + relation + " does not exist";
          if (!step.missing_ok)
            return fail(make_pg_error("42703", message));
          pg_error notice = make_pg_error("00000", message + ", skipping");
          notice.severity = "NOTICE";
          context.emit_notice(std::move(notice));
          continue;
        }
        if (pass == kind::alter_type)
          if (auto user = first_column_using(*uses, target))
            return fail(make_pg_error("0A000", "cannot alter type \"" + name.name + "\" because column \"" + *user +
                                                   "\" uses it"));
        const auto index = static_cast<size_t>(at - attributes.begin());
        if (pass == kind::drop) {
          attributes.erase(at);
          sources.erase(sources.begin() + static_cast<std::ptrdiff_t>(index));
        } else {
          at->type = step.definition.type;
          at->dimensions = step.definition.dimensions;
          at->domain = step.definition.domain;
        }
      } else {
        if (at != attributes.end())
          return fail(make_pg_error("42701", "column \"" + step.attribute + relation + " already exists"));
        auto itself = would_contain_itself(db, step.definition.type, target);
        if (!itself)
          return fail(itself.error());
        if (*itself)
          return fail(make_pg_error("42P16", "composite type " + type->display_name() +
                                                 " cannot be made a member of itself"));
        attributes.push_back(step.definition);
        sources.emplace_back(std::nullopt);
      }
    }
  }
  const size_t old_count = current->size();
  const bool reshaped = sources.size() != old_count ||
                        std::any_of(sources.begin(), sources.end(), [](const auto& s) { return !s; });
  if (reshaped) {
    const record_fields_edit edit = [&](fields old) {
      fields out;
      for (const auto& s : sources)
        out.push_back(s && *s < old.size() ? old[*s] : std::nullopt);
      return out;
    };
    if (auto r = rewrite_values(db, *holders, target, edit); !r)
      return fail(r.error());
  }
  if (auto r = record_table_columns(db, target, attributes); !r)
    return fail(storage_error(r.error()));
  publish_row_type(db.handle(), target);
  return command_outcome::tag_only("ALTER TYPE");
}

}  // namespace tributary
