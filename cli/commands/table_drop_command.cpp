// DROP TABLE a, b (table_commands.hpp): each table with its catalog rows
// (column types, privileges, descriptions, checks, owned sequences).
//
// Foreign keys, as PostgreSQL's dependencies: every name is looked up first; a
// table another table's foreign key references (one not dropped with it) is
// 2BP01 without CASCADE (cannot drop table p because other objects depend on
// it / cannot drop desired object(s) ... for several, DETAIL one line per key:
// "constraint c_p_fkey on table c depends on table p"); tables that reference
// each other are dropped together (SQLite's foreign keys deferred meanwhile).
// With CASCADE the other tables' foreign keys to them are dropped first (ALTER
// TABLE c DROP CONSTRAINT f), after PostgreSQL's NOTICE: drop cascades to
// constraint f on table c (or "to n other objects", one DETAIL line each).
//
// Views, the same way: a view that reads a dropped table (or such a view) is a
// DETAIL line "view v depends on table t" of the 2BP01; with CASCADE it is
// dropped first, in the same NOTICE ("drop cascades to view v").
#include "cli/commands/table_commands.hpp"

#include <sqlite3.h>

#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/dependency_rows.hpp"
#include "cli/commands/key_dependents.hpp"
#include "cli/commands/table_command_support.hpp"
#include "cli/commands/table_privilege_records.hpp"
#include "cli/commands/view_dependents.hpp"
#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "storage/check_catalog.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/description_catalog.hpp"
#include "storage/sequence_catalog.hpp"
#include "storage/temporary_tables.hpp"

namespace tributary {

namespace {

// A foreign key of a table not dropped that references a dropped one.
struct dependent_foreign_key {
  std::string name;
  std::string table;        // as PostgreSQL's messages name it
  std::string local_table;  // its SQLite table
};

// What else a DROP TABLE of `tables` reaches: other tables' foreign keys to them,
// and the views that read them.
struct table_dependents {
  std::vector<dependent_foreign_key> keys;
  std::vector<dependent_view> views;
  catalog_model model;  // the views point into it
};

// Without CASCADE: 2BP01 when a table not in `tables` has a foreign key to one of
// them or a view reads one. With CASCADE: those keys and views, dropped first.
result<table_dependents, pg_error> check_dependents(sqlite_connection& db, const std::vector<std::string>& tables,
                                                    bool cascade) {
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
  std::vector<dependent_foreign_key> keys;
  const catalog_relation* single = nullptr;
  for (const auto& table : tables)
    for (const auto& parent : model->relations) {
      if (parent.kind != 'r' || sqlite3_stricmp(parent.local_name.c_str(), table.c_str()) != 0)
        continue;
      single = &parent;
      for (const auto& child : model->relations)
        for (const auto& key : child.foreign_keys)
          if (key.referenced_oid == parent.oid && !dropped(child.local_name)) {
            lines += (lines.empty() ? "" : "\n") + std::string("constraint ") + key.name + " on table " +
                     described_table(child) + " depends on table " + described_table(parent);
            keys.push_back({key.name, described_table(child), child.local_name});
          }
    }
  table_dependents out{std::move(keys), {}, std::move(*model)};
  out.views = dependent_views(db, out.model, tables);
  for (const auto& d : out.views)
    lines += (lines.empty() ? "" : "\n") + std::string("view ") + described_table(*d.view) + " depends on " +
             std::string(d.reads->kind == 'v' ? "view " : "table ") + described_table(*d.reads);
  if (lines.empty() || cascade)
    return out;
  return fail(make_pg_error("2BP01",
                            tables.size() == 1 && single
                                ? "cannot drop table " + described_table(*single) + " because other objects depend on it"
                                : std::string("cannot drop desired object(s) because other objects depend on them"),
                            lines, "Use DROP ... CASCADE to drop the dependent objects too."));
}

}  // namespace

result<command_outcome, pg_error> drop_tables(const nlohmann::json& stmt, command_context& context,
                                              const type_settings& settings) {
  sqlite_connection& db = context.database();
  const bool if_exists = stmt.value("missing_ok", false);
  // Every name first: the tables to drop, a missing one's error or notice.
  std::vector<std::string> tables;
  std::vector<std::string> temporaries;  // the session's temporary tables (storage/temporary_tables.hpp)
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
    // The session's temporary table first, as the search path finds it (pg_temp).
    if (schema.empty() || schema == "pg_temp") {
      auto temporary = is_temporary_table(db, name);
      if (!temporary)
        return fail(table_storage_error(temporary.error()));
      if (*temporary) {
        temporaries.push_back(name);
        continue;
      }
      if (!schema.empty()) {
        if (!if_exists)
          return fail(make_pg_error("42P01", "table \"" + name + "\" does not exist"));
        table_notice(context, "table \"" + name + "\" does not exist, skipping");
        continue;
      }
    }
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
  // A temporary table goes with its records; nothing of the database file names it.
  for (const auto& table : temporaries) {
    if (auto r = db.exec("DROP TABLE temp." + quote_identifier(table)); !r)
      return fail(table_storage_error(r.error()));
    if (auto r = forget_temporary_table(db, table); !r)
      return fail(table_storage_error(r.error()));
  }
  if (tables.empty())
    return command_outcome::tag_only("DROP TABLE");
  // The dropped tables' keys to each other: checked when the statement is done.
  const bool cascade = stmt.value("behavior", std::string()) == "DROP_CASCADE";
  auto dependents = check_dependents(db, tables, cascade);
  if (!dependents)
    return fail(dependents.error());
  const size_t reached = dependents->keys.size() + dependents->views.size();
  if (reached > 0) {
    // CASCADE: PostgreSQL's NOTICE, then each view dropped and each key dropped from its table.
    std::string lines;
    for (const auto& key : dependents->keys)
      lines += (lines.empty() ? "" : "\n") + std::string("drop cascades to constraint ") + key.name +
               " on table " + key.table;
    for (const auto& d : dependents->views)
      lines += (lines.empty() ? "" : "\n") + std::string("drop cascades to view ") + described_table(*d.view);
    pg_error notice = reached == 1 ? make_pg_error("00000", lines)
                                   : make_pg_error("00000",
                                                   "drop cascades to " + std::to_string(reached) + " other objects",
                                                   lines);
    notice.severity = "NOTICE";
    context.emit_notice(std::move(notice));
    for (auto d = dependents->views.rbegin(); d != dependents->views.rend(); ++d) {
      if (auto r = db.exec("DROP VIEW " + quote_identifier(d->view->local_name)); !r)
        return fail(table_storage_error(r.error()));
      if (auto r = forget_descriptions(db, d->view->local_name); !r)
        return fail(table_storage_error(r.error()));
    }
    for (const auto& key : dependents->keys)
      if (auto dropped = drop_foreign_key(key.local_table, key.name, context, settings); !dropped)
        return fail(dropped.error());
  }
  const bool restrict = !cascade;
  if (restrict)
    if (auto r = db.exec("PRAGMA defer_foreign_keys = ON"); !r)
      return fail(table_storage_error(r.error()));
  for (const auto& table : tables) {
    if (auto r = db.exec("DROP TABLE main." + quote_identifier(table)); !r)
      return fail(table_storage_error(r.error()));
    if (auto r = forget_table_columns(db, table, relation_schema::main); !r)
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
