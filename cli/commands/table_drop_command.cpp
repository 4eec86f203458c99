// DROP TABLE a, b (table_commands.hpp): each table with its catalog rows
// (column types, privileges, descriptions, checks, owned sequences).
//
// Foreign keys, as PostgreSQL's dependencies: every name is looked up first; a
// table another table's foreign key references (one not dropped with it) is
// 2BP01 without CASCADE (cannot drop table p because other objects depend on
// it / cannot drop desired object(s) ... for several, DETAIL one line per key:
// "constraint c_p_fkey on table c depends on table p"); tables that reference
// each other are dropped together (SQLite's foreign keys deferred meanwhile).
//
// Views, the same way: a view that reads a dropped table (or such a view) is a
// DETAIL line "view v depends on table t" of the 2BP01; with CASCADE it is
// dropped first, with PostgreSQL's NOTICE ("drop cascades to view v", or "drop
// cascades to N other objects" with one DETAIL line each).
#include "cli/commands/table_commands.hpp"

#include <sqlite3.h>

#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/dependency_rows.hpp"
#include "cli/commands/table_command_support.hpp"
#include "cli/commands/table_privilege_records.hpp"
#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "storage/check_catalog.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/description_catalog.hpp"
#include "storage/sequence_catalog.hpp"

namespace tributary {

namespace {

std::string described_table(const catalog_relation& r) {
  return r.schema == "public" ? r.name : r.schema + "." + r.name;
}

struct dependent_view {
  const catalog_relation* view;
  const catalog_relation* reads;  // the relation it depends on
};

// The views that read one of `tables`, then the views that read those, ... (each once).
std::vector<dependent_view> dependent_views(sqlite_connection& db, const catalog_model& model,
                                            const std::vector<std::string>& tables) {
  std::vector<const catalog_relation*> gone;
  for (const auto& table : tables)
    for (const auto& r : model.relations)
      if (r.kind == 'r' && sqlite3_stricmp(r.local_name.c_str(), table.c_str()) == 0)
        gone.push_back(&r);
  std::vector<std::pair<const catalog_relation*, std::vector<int64_t>>> views;
  for (const auto& r : model.relations)
    if (r.kind == 'v')
      views.emplace_back(&r, relations_read_by_view(db, model, r));
  std::vector<dependent_view> out;
  for (size_t next = 0; next < gone.size(); ++next)
    for (const auto& [view, reads] : views) {
      if (std::find(reads.begin(), reads.end(), gone[next]->oid) == reads.end() ||
          std::find(gone.begin(), gone.end(), view) != gone.end())
        continue;
      out.push_back({view, gone[next]});
      gone.push_back(view);
    }
  return out;
}

std::string kind_word(const catalog_relation& r) { return r.kind == 'v' ? "view " : "table "; }

// 2BP01 when a table not in `tables` has a foreign key to one of them, or a view reads one.
result<ok_t, pg_error> check_foreign_key_dependents(sqlite_connection& db, const std::vector<std::string>& tables) {
  auto model = read_catalog_model(db);
  if (!model)
    return fail(make_pg_error("XX000", model.error().message));
  const auto dropped = [&](const std::string& local_name) {
    for (const auto& t : tables)
      if (sqlite3_stricmp(t.c_str(), local_name.c_str()) == 0)
        return true;
    return false;
  };
  std::string lines;
  const catalog_relation* single = nullptr;
  for (const auto& table : tables)
    for (const auto& parent : model->relations) {
      if (parent.kind != 'r' || sqlite3_stricmp(parent.local_name.c_str(), table.c_str()) != 0)
        continue;
      single = &parent;
      for (const auto& child : model->relations)
        for (const auto& key : child.foreign_keys)
          if (key.referenced_oid == parent.oid && !dropped(child.local_name))
            lines += (lines.empty() ? "" : "\n") + std::string("constraint ") + key.name + " on table " +
                     described_table(child) + " depends on table " + described_table(parent);
    }
  for (const auto& d : dependent_views(db, *model, tables))
    lines += (lines.empty() ? "" : "\n") + std::string("view ") + described_table(*d.view) + " depends on " +
             kind_word(*d.reads) + described_table(*d.reads);
  if (lines.empty())
    return ok_v;
  return fail(make_pg_error("2BP01",
                            tables.size() == 1 && single
                                ? "cannot drop table " + described_table(*single) + " because other objects depend on it"
                                : std::string("cannot drop desired object(s) because other objects depend on them"),
                            lines, "Use DROP ... CASCADE to drop the dependent objects too."));
}

}  // namespace

result<command_outcome, pg_error> drop_tables(const nlohmann::json& stmt, command_context& context) {
  sqlite_connection& db = context.database();
  const bool if_exists = stmt.value("missing_ok", false);
  // Every name first: the tables to drop, a missing one's error or notice.
  std::vector<std::string> tables;
  for (const auto& object : stmt.value("objects", nlohmann::json::array())) {
    const auto& items = object.value("List", nlohmann::json::object())
                            .value("items", nlohmann::json::array());
    if (items.empty())
      continue;
    const std::string name =
        items.back().value("String", nlohmann::json::object()).value("sval", std::string());
    const std::string schema =
        items.size() > 1 ? items[items.size() - 2].value("String", nlohmann::json::object())
                               .value("sval", std::string())
                         : std::string();
    const std::string table = local_relation_name(schema, name);
    if (auto r = check_droppable(schema, name, table, items.size()); !r)
      return fail(r.error());
    auto exists = table_exists(db, table);
    if (!exists)
      return fail(exists.error());
    if (!*exists) {
      auto sequence = find_sequence(db.handle(), table);
      if (!sequence)
        return fail(sequence.error());
      if (*sequence) {  // PostgreSQL's DropErrorMsgWrongType
        pg_error e = make_pg_error("42809", "\"" + name + "\" is not a table");
        e.hint = "Use DROP SEQUENCE to remove a sequence.";
        return fail(std::move(e));
      }
      if (!if_exists)
        return fail(make_pg_error("42P01", "table \"" + name + "\" does not exist"));
      table_notice(context, "table \"" + name + "\" does not exist, skipping");
      continue;
    }
    tables.push_back(table);
  }
  if (tables.empty())
    return command_outcome::tag_only("DROP TABLE");
  // The dropped tables' keys to each other: checked when the statement is done.
  const bool restrict = stmt.value("behavior", std::string()) != "DROP_CASCADE";
  if (restrict) {
    if (auto r = check_foreign_key_dependents(db, tables); !r)
      return fail(r.error());
    if (auto r = db.exec("PRAGMA defer_foreign_keys = ON"); !r)
      return fail(table_storage_error(r.error()));
  } else {
    auto model = read_catalog_model(db);
    if (!model)
      return fail(make_pg_error("XX000", model.error().message));
    const auto views = dependent_views(db, *model, tables);
    std::string detail;
    for (const auto& d : views)
      detail += (detail.empty() ? "" : "\n") + std::string("drop cascades to view ") + described_table(*d.view);
    if (views.size() == 1)
      table_notice(context, detail);
    else if (!views.empty())
      table_notice(context, "drop cascades to " + std::to_string(views.size()) + " other objects", detail);
    for (auto d = views.rbegin(); d != views.rend(); ++d) {
      if (auto r = db.exec("DROP VIEW " + quote_identifier(d->view->local_name)); !r)
        return fail(table_storage_error(r.error()));
      if (auto r = forget_descriptions(db, d->view->local_name); !r)
        return fail(table_storage_error(r.error()));
    }
  }
  for (const auto& table : tables) {
    if (auto r = db.exec("DROP TABLE " + quote_identifier(table)); !r)
      return fail(table_storage_error(r.error()));
    if (auto r = forget_table_columns(db, table); !r)
      return fail(table_storage_error(r.error()));
    if (auto r = forget_dropped_table(db, table); !r)
      return fail(r.error());
    if (auto r = forget_descriptions(db, table); !r)
      return fail(table_storage_error(r.error()));
    if (auto r = record_table_checks(db, table, {}); !r)
      return fail(table_storage_error(r.error()));
    if (auto r = drop_owned_sequences(db.handle(), table); !r)
      return fail(r.error());
  }
  if (restrict)
    if (auto r = db.exec("PRAGMA defer_foreign_keys = OFF"); !r)
      return fail(table_storage_error(r.error()));
  return command_outcome::tag_only("DROP TABLE");
}

}  // namespace tributary
