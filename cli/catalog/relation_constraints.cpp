// relation_constraints: a table's indexes, CHECKs and foreign keys as
// PostgreSQL's catalogs describe them, read from SQLite's schema (pragma
// index_list / index_xinfo / foreign_key_list, the CREATE TABLE text for
// declared names) and Tributary's catalogs (tributary_checks,
// tributary_index_definitions). Part of read_catalog_model (catalog_model.hpp).
#include "cli/catalog/relation_constraints.hpp"

#include <algorithm>

#include "cli/catalog/check_text.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/alter_key.hpp"
#include "stages/sql/check_constraints.hpp"
#include "stages/sql/default_deparse.hpp"
#include "stages/sql/sqlite_table_text.hpp"
#include "storage/check_catalog.hpp"
#include "storage/index_definition_catalog.hpp"
#include "storage/text_query.hpp"

namespace tributary {

namespace {

int attnum_of(const catalog_relation& r, const std::string& column) {
  for (size_t i = 0; i < r.columns.size(); ++i)
    if (r.columns[i].name == column)
      return static_cast<int>(i) + 1;
  return 0;
}

// The table's CREATE TABLE text split into its parts (empty when unreadable).
result<sqlite_table_text, sqlite_error> read_table_text(sqlite_connection& db, const std::string& table,
                                                        bool temporary = false) {
  auto create_sql = query_rows(db, std::string("SELECT sql FROM ") + (temporary ? "temp" : "main") +
                                       ".sqlite_schema WHERE type = 'table' AND name = ?",
                               table);
  if (!create_sql)
    return fail(create_sql.error());
  if (!create_sql->empty())
    if (auto split = split_table_text(create_sql->front()[0]))
      return std::move(*split);
  return sqlite_table_text{};
}

// The columns a CHECK's tree names (ColumnRef), as attnums in their order.
void referenced_columns(const nlohmann::json& node, const catalog_relation& r, std::vector<int>& out) {
  if (node.is_array()) {
    for (const auto& item : node)
      referenced_columns(item, r, out);
    return;
  }
  if (!node.is_object())
    return;
  for (const auto& [key, value] : node.items()) {
    if (key == "ColumnRef" && value.contains("fields") && value["fields"].size() == 1 &&
        value["fields"][0].contains("String")) {
      const int attnum = attnum_of(r, value["fields"][0]["String"].value("sval", ""));
      if (attnum > 0 && std::find(out.begin(), out.end(), attnum) == out.end())
        out.push_back(attnum);
      continue;
    }
    referenced_columns(value, r, out);
  }
}

char referential_action(const std::string& action) {
  if (action == "RESTRICT")
    return 'r';
  if (action == "CASCADE")
    return 'c';
  if (action == "SET NULL")
    return 'n';
  if (action == "SET DEFAULT")
    return 'd';
  return 'a';
}

}  // namespace

// The table's indexes: SQLite's (pragma index_list) and the rowid primary key.
result<ok_t, sqlite_error> read_indexes(sqlite_connection& db, catalog_relation& r) {
  // A session's temporary table is in SQLite's temp schema, maybe over a main one of its name.
  const std::string schema = r.temporary ? "'temp'" : "'main'";
  auto read = read_table_text(db, r.local_name, r.temporary);
  if (!read)
    return fail(read.error());
  const sqlite_table_text text = std::move(*read);
  auto list = query_rows(db, "SELECT name, \"unique\", origin FROM pragma_index_list(?, " + schema + ") ORDER BY seq",
                         r.local_name);
  if (!list)
    return fail(list.error());
  bool has_primary = false;
  for (const auto& row : *list) {
    catalog_index index;
    index.local_name = row[0];
    index.unique = row[1] == "1";
    index.primary = row[2] == "pk";
    index.constraint = row[2] != "c";
    auto info = query_rows(db, "SELECT name, \"desc\" FROM pragma_index_xinfo(?, " + schema + ") WHERE key ORDER BY seqno",
                           row[0]);
    if (!info)
      return fail(info.error());
    for (const auto& column : *info) {
      index.columns.push_back(attnum_of(r, column[0]));
      index.descending.push_back(column[1] == "1");
    }
    has_primary = has_primary || index.primary;
    std::vector<std::string> names;
    for (const auto& column : *info)
      names.push_back(column[0]);
    if (const std::string declared = index.constraint ? declared_key_name(text, names) : ""; !declared.empty()) {
      index.name = declared;
    } else if (index.primary) {
      index.name = r.name + "_pkey";
    } else if (index.constraint) {
      index.name = r.name;
      for (const auto& column : *info)
        index.name += "_" + column[0];
      index.name += "_key";
    } else {
      index.name = row[0];
      const std::string prefix = r.schema + ".";
      if (r.schema != "public" && index.name.rfind(prefix, 0) == 0)
        index.name = index.name.substr(prefix.size());
      auto written = read_index_definition(db, row[0]);
      if (!written)
        return fail(written.error());
      if (*written) {
        index.expressions = std::move((*written)->keys);
        index.pretty_expressions = std::move((*written)->pretty_keys);
        index.predicate = std::move((*written)->predicate);
        index.pretty_predicate = std::move((*written)->pretty_predicate);
      }
    }
    r.indexes.push_back(std::move(index));
  }
  if (!has_primary) {  // an INTEGER PRIMARY KEY is the rowid: no index of its own
    auto keys = query_rows(db, "SELECT name FROM pragma_table_info(?, " + schema + ") WHERE pk > 0 ORDER BY pk",
                           r.local_name);
    if (!keys)
      return fail(keys.error());
    if (!keys->empty()) {
      catalog_index index;
      std::vector<std::string> names;
      for (const auto& column : *keys)
        names.push_back(column[0]);
      const std::string declared = declared_key_name(text, names);  // CONSTRAINT "n" PRIMARY KEY (...)
      index.name = declared.empty() ? r.name + "_pkey" : declared;
      index.unique = index.primary = index.constraint = true;
      for (const auto& column : *keys) {
        index.columns.push_back(attnum_of(r, column[0]));
        index.descending.push_back(false);
      }
      r.indexes.insert(r.indexes.begin(), std::move(index));
    }
  }
  std::stable_sort(r.indexes.begin(), r.indexes.end(),
                   [](const catalog_index& a, const catalog_index& b) { return a.primary && !b.primary; });
  for (auto& index : r.indexes) {
    index.oid = catalog_object_oid("i", r.schema + "." + index.name);
    if (index.constraint)
      index.constraint_oid = catalog_object_oid("c", r.schema + "." + index.name);
  }
  return ok_v;
}

// The table's recorded CHECKs, printed as PostgreSQL prints them; one the
// printer does not cover keeps its text as written.
result<ok_t, sqlite_error> read_checks(sqlite_connection& db, catalog_relation& r) {
  auto recorded = read_table_checks(db, r.local_name);
  if (!recorded)
    return fail(recorded.error());
  for (const check_source& source : *recorded) {
    const auto tree = nlohmann::json::parse(source.expression_tree, nullptr, false);
    if (tree.is_discarded())
      continue;
    catalog_check check;
    check.name = source.name;
    check.oid = catalog_object_oid("c", r.schema + "." + r.name + "." + source.name);
    referenced_columns(tree, r, check.columns);
    auto plain = deparse_check(tree, source.source, r.columns, false);
    auto pretty = deparse_check(tree, source.source, r.columns, true);
    if (!plain || !pretty)
      plain = pretty = check_as_written(tree, source.source);
    check.definition = *plain;
    check.pretty_definition = *pretty;
    r.checks.push_back(std::move(check));
  }
  return ok_v;
}

// Every table's foreign keys (pragma foreign_key_list: one row per column, the
// rows of one key sharing its id), once every table is read.
result<ok_t, sqlite_error> read_foreign_keys(sqlite_connection& db, catalog_model& model) {
  for (auto& r : model.relations) {
    if (r.kind != 'r')
      continue;
    auto rows = query_rows(db,
                           std::string("SELECT id, \"table\", \"from\", coalesce(\"to\", ''), on_update, on_delete "
                                       "FROM pragma_foreign_key_list(?, ") +
                               (r.temporary ? "'temp'" : "'main'") + ") ORDER BY id DESC, seq",
                           r.local_name);
    if (!rows)
      return fail(rows.error());
    if (rows->empty())
      continue;
    auto read = read_table_text(db, r.local_name);
    if (!read)
      return fail(read.error());
    const sqlite_table_text text = std::move(*read);
    std::string id;
    for (const auto& row : *rows) {
      if (row[0] != id) {
        id = row[0];
        catalog_foreign_key key;
        key.referenced_local_name = row[1];
        key.on_update = referential_action(row[4]);
        key.on_delete = referential_action(row[5]);
        r.foreign_keys.push_back(std::move(key));
      }
      auto& key = r.foreign_keys.back();
      key.columns.push_back(attnum_of(r, row[2]));
      key.referenced_names.push_back(row[3]);
    }
    for (auto& key : r.foreign_keys) {
      std::vector<std::string> names;
      for (int attnum : key.columns)
        names.push_back(attnum >= 1 ? r.columns[static_cast<size_t>(attnum - 1)].name : "");
      auto declared = declared_foreign_key_name(text, names, key.referenced_local_name, key.referenced_names);
      if (!declared)
        declared = foreign_key_name(text, names);  // declared with its column
      if (declared && !declared->empty()) {
        key.name = *declared;
      } else {
        std::string joined;
        for (const auto& n : names)
          joined += (joined.empty() ? "" : "_") + n;
        key.name = make_object_name(r.name, joined, "fkey");
      }
      key.oid = catalog_object_oid("c", r.schema + "." + key.name);
    }
  }
  for (auto& r : model.relations)
    for (auto& key : r.foreign_keys)
      for (auto& target : model.relations) {
        if (target.kind != 'r' || !same_identifier(target.local_name, key.referenced_local_name))
          continue;
        target.referenced = true;
        key.referenced_oid = target.oid;
        const catalog_index* primary = nullptr;
        for (const auto& i : target.indexes)
          if (i.primary)
            primary = &i;
        for (size_t k = 0; k < key.referenced_names.size(); ++k) {
          if (!key.referenced_names[k].empty())
            key.referenced_columns.push_back(attnum_of(target, key.referenced_names[k]));
          else if (primary && k < primary->columns.size())
            key.referenced_columns.push_back(primary->columns[k]);
        }
      }
  return ok_v;
}

}  // namespace tributary
