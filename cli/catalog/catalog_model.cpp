#include "cli/catalog/catalog_model.hpp"

#include <sqlite3.h>

#include <algorithm>

#include "cli/catalog/check_text.hpp"
#include "cli/catalog/composite_relations.hpp"
#include "cli/catalog/relation_constraints.hpp"
#include "cli/catalog/temporary_schema_marker.hpp"
#include "cli/catalog/temporary_schemas.hpp"
#include "cli/catalog/view_columns.hpp"
#include "stages/sql/view_text.hpp"
#include "storage/column_acl_catalog.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/relation_acl_catalog.hpp"
#include "storage/temporary_tables.hpp"
#include "storage/text_query.hpp"
#include "storage/trigger_catalog.hpp"

namespace tributary {

namespace {

bool table_exists(sqlite_connection& db, const std::string& name) {
  auto rows = query_rows(db, "SELECT 1 FROM main.sqlite_schema WHERE type = 'table' AND name = ?", name);
  return rows && !rows->empty();
}

// The replication catalog and Tributary's own tables are not user relations.
bool is_internal_table(const std::string& name) {
  static const char* const internal[] = {"pg_subscription", "pg_subscription_rel", "pg_replication_origin",
                                         "pg_replication_origin_status"};
  for (const char* n : internal)
    if (name == n)
      return true;
  return name.rfind("tributary_", 0) == 0 || name.rfind("sqlite_", 0) == 0;
}

}  // namespace

result<catalog_model, sqlite_error> read_catalog_model(sqlite_connection& db) {
  catalog_model model;
  model.namespaces = {{pg_catalog_namespace_oid, "pg_catalog"},
                      {public_namespace_oid, "public"},
                      {information_schema_namespace_oid, "information_schema"},
                      {pg_toast_namespace_oid, "pg_toast"}};  // PostgreSQL's; it holds nothing here
  std::vector<std::string> schemas;
  if (table_exists(db, "tributary_namespaces")) {
    auto rows = query_rows(db, "SELECT nspname FROM tributary_namespaces WHERE nspname <> 'public' ORDER BY nspname");
    if (!rows)
      return fail(rows.error());
    for (const auto& row : *rows) {
      model.namespaces.push_back({catalog_object_oid("n", row[0]), row[0]});
      schemas.push_back(row[0]);
    }
  }
  const auto place = [&](catalog_relation& r) {
    r.schema = "public";
    r.name = r.local_name;
    for (const auto& s : schemas)
      if (r.local_name.size() > s.size() + 1 && r.local_name.compare(0, s.size() + 1, s + ".") == 0) {
        r.schema = s;
        r.name = r.local_name.substr(s.size() + 1);
      }
    r.namespace_oid = r.schema == "public" ? public_namespace_oid : catalog_object_oid("n", r.schema);
    r.oid = catalog_object_oid(std::string(1, r.kind), r.local_name);
  };
  // A sequence is a view of its row (sequence_catalog.hpp): listed once, as a sequence.
  auto tables = query_rows(db, table_exists(db, "tributary_sequences")
                                  ? "SELECT name, type FROM main.sqlite_schema WHERE type IN ('table', 'view') AND "
                                    "name NOT IN (SELECT seqname FROM tributary_sequences) ORDER BY name"
                                  : "SELECT name, type FROM main.sqlite_schema WHERE type IN ('table', 'view') "
                                    "ORDER BY name");
  if (!tables)
    return fail(tables.error());
  for (const auto& row : *tables) {
    if (is_internal_table(row[0]))
      continue;
    catalog_relation r;
    r.local_name = row[0];
    r.kind = row[1] == "view" ? 'v' : 'r';
    place(r);
    auto columns = read_table_columns(db, r.local_name, relation_schema::main);
    if (!columns)
      return fail(columns.error());
    r.columns = std::move(*columns);
    if (r.kind == 'r') {
      if (auto ok = read_indexes(db, r); !ok)
        return fail(ok.error());
      if (auto ok = read_checks(db, r); !ok)
        return fail(ok.error());
    }
    model.relations.push_back(std::move(r));
  }
  // The session's temporary views, in its temporary schema (PostgreSQL's pg_temp_N
  // and pg_toast_temp_N, made with the first temporary object and kept after it:
  // temporary_schema_marker.hpp).
  auto temporary = query_rows(db, "SELECT name FROM temp.sqlite_schema WHERE type = 'view' ORDER BY name");
  if (!temporary)
    return fail(temporary.error());
  // Not the session's own monitoring views (monitoring_tables.cpp makes them temporary).
  std::erase_if(*temporary, [](const auto& row) {
    return row[0] == "pg_stat_subscription" || row[0] == "pg_stat_subscription_stats";
  });
  auto marker = query_rows(db, "SELECT 1 FROM temp.sqlite_schema WHERE type = 'table' AND name = ?1",
                           std::string(temporary_schema_marker));
  if (!marker)
    return fail(marker.error());
  // The database's temporary schemas: the session's own once made (the marker,
  // a temporary view), and those other sessions made, as PostgreSQL lists them.
  const temporary_schema_state temporaries = read_temporary_schema_state(db);
  model.temporary_schema = temporary_schema_name(temporaries.number);
  model.temporary_schema_made = !temporary->empty() || !marker->empty();
  std::vector<int> listed = temporaries.made;
  if (model.temporary_schema_made && std::find(listed.begin(), listed.end(), temporaries.number) == listed.end())
    listed.push_back(temporaries.number);
  std::sort(listed.begin(), listed.end());
  for (int number : listed)
    for (const std::string& name : {temporary_schema_name(number), temporary_toast_schema_name(number)})
      model.namespaces.push_back({catalog_object_oid("n", name), name});
  for (const auto& row : *temporary) {
    catalog_relation r;
    r.local_name = r.name = row[0];
    r.kind = 'v';
    r.temporary = true;
    r.schema = model.temporary_schema;
    r.namespace_oid = catalog_object_oid("n", model.temporary_schema);
    r.oid = catalog_object_oid("v", model.temporary_schema + "." + row[0]);
    // Its columns from its own SQL (a table of the same name has recorded columns).
    auto sql = query_texts(db, "SELECT sql FROM temp.sqlite_schema WHERE type = 'view' AND name = ?1", r.local_name);
    if (!sql)
      return fail(sql.error());
    if (auto stored = sql->empty() ? std::nullopt : read_stored_view(sql->front())) {
      r.columns = std::move(stored->columns);
    } else {
      auto columns = read_table_columns(db, r.local_name);
      if (!columns)
        return fail(columns.error());
      r.columns = std::move(*columns);
    }
    model.relations.push_back(std::move(r));
  }
  // The session's temporary tables (storage/temporary_tables.hpp), in the same schema.
  auto temporary_tables = list_temporary_tables(db);
  if (!temporary_tables)
    return fail(temporary_tables.error());
  for (const auto& name : *temporary_tables) {
    catalog_relation r;
    r.local_name = r.name = name;
    r.kind = 'r';
    r.temporary = true;
    r.schema = model.temporary_schema;
    r.namespace_oid = catalog_object_oid("n", model.temporary_schema);
    r.oid = catalog_object_oid("r", model.temporary_schema + "." + name);
    auto columns = read_table_columns(db, name, relation_schema::temp);
    if (!columns)
      return fail(columns.error());
    r.columns = std::move(*columns);
    if (auto ok = read_indexes(db, r); !ok)
      return fail(ok.error());
    model.relations.push_back(std::move(r));
  }
  // Views typed as PostgreSQL types their SELECT (view_columns.hpp), once every
  // table is read; a second pass types views over views read later by name.
  for (int pass = 0; pass < 2; ++pass)
    for (auto& r : model.relations) {
      if (r.kind != 'v')
        continue;
      auto create_view = query_texts(db, "SELECT sql FROM " + sqlite_schema_of(r) + " WHERE type = 'view' AND name = ?1",
                                     r.local_name);
      if (!create_view)
        return fail(create_view.error());
      if (create_view->empty())
        continue;
      if (pass == 0)
        r.options = view_options_of_text(postgres_view_text(create_view->front()));
      if (auto stored = read_stored_view(create_view->front()); stored && stored->columns.size() == r.columns.size())
        r.columns = std::move(stored->columns);  // created translated, with its columns' types
      else if (auto typed = typed_view_columns(create_view->front(), model); typed && typed->size() == r.columns.size())
        r.columns = std::move(*typed);
    }
  std::vector<relation_acl_row> recorded_acls;
  if (table_exists(db, "tributary_relation_acl")) {
    auto recorded = list_relation_acls(db);
    if (!recorded)
      return fail(recorded.error());
    recorded_acls = std::move(*recorded);
    for (const auto& row : recorded_acls)
      for (auto& r : model.relations)
        if ((r.kind == 'r' || r.kind == 'v') && sqlite3_stricmp(r.local_name.c_str(), row.relname.c_str()) == 0) {
          r.owner = row.owner;
          r.acl = row.acl;
        }
  }
  if (table_exists(db, "tributary_column_acl")) {
    auto columns = list_column_acls(db);
    if (!columns)
      return fail(columns.error());
    for (auto& row : *columns)
      for (auto& r : model.relations)
        if (r.kind == 'r' && sqlite3_stricmp(r.local_name.c_str(), row.relname.c_str()) == 0)
          r.column_acls[row.attname] = row.acl;
  }
  if (auto ok = read_foreign_keys(db, model); !ok)
    return fail(ok.error());
  if (table_exists(db, "tributary_sequences")) {
    auto rows = query_rows(db, "SELECT seqname, owned_table FROM tributary_sequences ORDER BY seqname");
    if (!rows)
      return fail(rows.error());
    for (const auto& row : *rows) {
      catalog_relation r;
      r.local_name = row[0];
      r.kind = 'S';
      place(r);
      // Its own owner and ACL, else its table's owner (sequence_functions.hpp).
      for (const auto& t : model.relations)
        if (!row[1].empty() && t.kind == 'r' && sqlite3_stricmp(t.local_name.c_str(), row[1].c_str()) == 0)
          r.owner = t.owner;
      for (const auto& acl_row : recorded_acls)
        if (sqlite3_stricmp(acl_row.relname.c_str(), r.local_name.c_str()) == 0) {
          r.owner = acl_row.owner;
          r.acl = acl_row.acl;
        }
      model.relations.push_back(std::move(r));
    }
  }
  if (table_exists(db, "tributary_types")) {
    auto rows = query_rows(db, "SELECT oid, nspname, typname, typtype, typbasetype, typtypmod, typnotnull, "
                              "typarray, typdefaultbin IS NOT NULL, typdefault, typndims FROM tributary_types "
                              "ORDER BY oid");
    if (!rows)
      return fail(rows.error());
    for (const auto& row : *rows) {
      model.types.push_back({std::stoll(row[0]), row[1], row[2], row[3].empty() ? 'e' : row[3][0],
                             std::stoll(row[4]), static_cast<int32_t>(std::stol(row[5])), row[6] == "1",
                             std::stoll(row[7]), {}, std::nullopt});
      if (row[8] == "1")
        model.types.back().default_text = row[9];
      model.types.back().dimensions = static_cast<int32_t>(std::stol(row[10]));
    }
  }
  if (auto ok = add_composite_relations(db, model); !ok)
    return fail(ok.error());
  if (table_exists(db, "tributary_domain_constraints"))
    if (auto ok = read_domain_checks(db, model); !ok)
      return fail(ok.error());
  if (table_exists(db, "tributary_trigger_functions")) {
    auto rows = query_rows(db, "SELECT name, source FROM tributary_trigger_functions ORDER BY name");
    if (!rows)
      return fail(rows.error());
    for (const auto& row : *rows)
      model.functions.push_back({catalog_object_oid("f", row[0]), row[0], row[1]});
  }
  auto triggers = read_triggers(db, "");
  if (!triggers)
    return fail(triggers.error());
  for (auto& t : *triggers)
    for (auto& r : model.relations)
      if (r.kind == 'r' && r.local_name == t.table) {
        const int64_t oid = catalog_object_oid("tg", t.table + "." + t.name);
        r.triggers.push_back({oid, catalog_object_oid("f", t.function), std::move(t)});
        break;
      }
  return model;
}

}  // namespace tributary
