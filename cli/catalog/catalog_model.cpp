#include "cli/catalog/catalog_model.hpp"

#include "cli/catalog/composite_relations.hpp"
#include "cli/catalog/view_columns.hpp"
#include "cli/catalog/check_text.hpp"
#include "cli/catalog/temporary_schema_marker.hpp"

#include <sqlite3.h>

#include "storage/column_acl_catalog.hpp"
#include "storage/relation_acl_catalog.hpp"

#include <algorithm>
#include <cctype>
#include <functional>

#include "stages/core/sql_quote.hpp"
#include "stages/sql/alter_key.hpp"
#include "stages/sql/check_constraints.hpp"
#include "stages/sql/default_deparse.hpp"
#include "stages/sql/sqlite_table_text.hpp"
#include "stages/sql/view_text.hpp"
#include "stages/types/builtin_types.hpp"
#include "storage/check_catalog.hpp"
#include "storage/index_definition_catalog.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/text_query.hpp"
#include "storage/trigger_catalog.hpp"

namespace tributary {

namespace {

constexpr int64_t first_normal_oid = 16384;

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

int attnum_of(const catalog_relation& r, const std::string& column) {
  for (size_t i = 0; i < r.columns.size(); ++i)
    if (r.columns[i].name == column)
      return static_cast<int>(i) + 1;
  return 0;
}

// Whether a printed expression is a function call ("lower(v)", "COALESCE(v, 'x'::text)"),
// which pg_get_indexdef does not put in parentheses (its looks_like_function).
bool looks_like_function(const std::string& text) {
  size_t i = 0;
  while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_' || text[i] == '.'))
    ++i;
  if (i == 0 || i >= text.size() || text[i] != '(')
    return false;
  int depth = 0;
  for (; i < text.size(); ++i) {
    if (text[i] == '\'' || text[i] == '"') {
      const size_t close = text.find(text[i], i + 1);
      if (close == std::string::npos)
        return false;
      i = close;
    } else if (text[i] == '(') {
      ++depth;
    } else if (text[i] == ')' && --depth == 0) {
      return i + 1 == text.size();
    }
  }
  return false;
}

std::string column_list(const catalog_relation& table, const catalog_index& index, bool pretty = false) {
  std::string out;
  const auto& expressions = pretty ? index.pretty_expressions : index.expressions;
  for (size_t i = 0; i < index.columns.size(); ++i) {
    const int attnum = index.columns[i];
    if (!out.empty())
      out += ", ";
    if (i < expressions.size() && !expressions[i].empty())
      out += printed_index_key(expressions[i]);
    else if (attnum >= 1 && static_cast<size_t>(attnum) <= table.columns.size())
      out += quote_identifier_if_needed(table.columns[static_cast<size_t>(attnum - 1)].name);
    if (i < index.descending.size() && index.descending[i])
      out += " DESC";
  }
  return out;
}

// The table's CREATE TABLE text split into its parts (empty when unreadable).
result<sqlite_table_text, sqlite_error> read_table_text(sqlite_connection& db, const std::string& table) {
  auto create_sql = query_rows(db, "SELECT sql FROM main.sqlite_schema WHERE type = 'table' AND name = ?", table);
  if (!create_sql)
    return fail(create_sql.error());
  if (!create_sql->empty())
    if (auto split = split_table_text(create_sql->front()[0]))
      return std::move(*split);
  return sqlite_table_text{};
}

// The table's indexes: SQLite's (pragma index_list) and the rowid primary key.
result<ok_t, sqlite_error> read_indexes(sqlite_connection& db, catalog_relation& r) {
  auto read = read_table_text(db, r.local_name);
  if (!read)
    return fail(read.error());
  const sqlite_table_text text = std::move(*read);
  auto list = query_rows(db, "SELECT name, \"unique\", origin FROM pragma_index_list(?) ORDER BY seq", r.local_name);
  if (!list)
    return fail(list.error());
  bool has_primary = false;
  for (const auto& row : *list) {
    catalog_index index;
    index.local_name = row[0];
    index.unique = row[1] == "1";
    index.primary = row[2] == "pk";
    index.constraint = row[2] != "c";
    auto info = query_rows(db, "SELECT name, \"desc\" FROM pragma_index_xinfo(?) WHERE key ORDER BY seqno",
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
    auto keys = query_rows(db, "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", r.local_name);
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

// Every table's foreign keys (pragma foreign_key_list: one row per column, the
// rows of one key sharing its id), once every table is read.
result<ok_t, sqlite_error> read_foreign_keys(sqlite_connection& db, catalog_model& model) {
  for (auto& r : model.relations) {
    if (r.kind != 'r')
      continue;
    auto rows = query_rows(db,
                           "SELECT id, \"table\", \"from\", coalesce(\"to\", ''), on_update, on_delete "
                           "FROM pragma_foreign_key_list(?) ORDER BY id DESC, seq",
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

}  // namespace

int64_t catalog_object_oid(const std::string& kind, const std::string& name) {
  uint64_t hash = 14695981039346656037ull;
  for (char c : kind + ":" + name) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  return first_normal_oid + static_cast<int64_t>(hash % 1'000'000'000ull);
}

const catalog_relation* catalog_model::relation(int64_t oid) const {
  for (const auto& r : relations)
    if (r.oid == oid)
      return &r;
  return nullptr;
}

const catalog_relation* catalog_model::relation(const std::string& schema, const std::string& name) const {
  for (const auto& r : relations)
    if (r.schema == schema && r.name == name)
      return &r;
  return nullptr;
}

std::optional<std::pair<const catalog_relation*, const catalog_index*>> catalog_model::index(int64_t oid) const {
  for (const auto& r : relations)
    for (const auto& i : r.indexes)
      if (i.oid == oid)
        return std::make_pair(&r, &i);
  return std::nullopt;
}

std::optional<std::pair<const catalog_relation*, const catalog_index*>> catalog_model::constraint(
    int64_t oid) const {
  for (const auto& r : relations)
    for (const auto& i : r.indexes)
      if (i.constraint && i.constraint_oid == oid)
        return std::make_pair(&r, &i);
  return std::nullopt;
}

int64_t foreign_key_index_oid(const catalog_model& model, const catalog_foreign_key& key) {
  const catalog_relation* target = model.relation(key.referenced_oid);
  if (!target)
    return 0;
  auto wanted = key.referenced_columns;
  std::sort(wanted.begin(), wanted.end());
  for (const auto& i : target->indexes) {
    auto columns = i.columns;
    std::sort(columns.begin(), columns.end());
    if (i.unique && columns == wanted)
      return i.oid;
  }
  return 0;
}

std::optional<std::pair<const catalog_relation*, const catalog_foreign_key*>> catalog_model::foreign_key(
    int64_t oid) const {
  for (const auto& r : relations)
    for (const auto& k : r.foreign_keys)
      if (k.oid == oid)
        return std::make_pair(&r, &k);
  return std::nullopt;
}

const catalog_check* catalog_model::check(int64_t oid) const {
  for (const auto& r : relations)
    for (const auto& c : r.checks)
      if (c.oid == oid)
        return &c;
  for (const auto& t : types)
    for (const auto& c : t.checks)
      if (c.oid == oid)
        return &c;
  return nullptr;
}

const catalog_function* catalog_model::function(int64_t oid) const {
  for (const auto& f : functions)
    if (f.oid == oid)
      return &f;
  return nullptr;
}

const catalog_function* catalog_model::function(const std::string& name) const {
  for (const auto& f : functions)
    if (f.name == name)
      return &f;
  return nullptr;
}

std::optional<std::pair<const catalog_relation*, const catalog_trigger*>> catalog_model::trigger(int64_t oid) const {
  for (const auto& r : relations)
    for (const auto& t : r.triggers)
      if (t.oid == oid)
        return std::make_pair(&r, &t);
  return std::nullopt;
}

const catalog_namespace* catalog_model::namespace_of(int64_t oid) const {
  for (const auto& n : namespaces)
    if (n.oid == oid)
      return &n;
  return nullptr;
}

std::string sqlite_schema_of(const catalog_relation& r) {
  return r.schema == temporary_schema ? "temp.sqlite_schema" : "main.sqlite_schema";
}

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
    auto columns = read_table_columns(db, r.local_name);
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
  if (!temporary->empty() || !marker->empty()) {
    model.namespaces.push_back({catalog_object_oid("n", temporary_schema), temporary_schema});
    model.namespaces.push_back({catalog_object_oid("n", temporary_toast_schema), temporary_toast_schema});
  }
  for (const auto& row : *temporary) {
    catalog_relation r;
    r.local_name = r.name = row[0];
    r.kind = 'v';
    r.schema = temporary_schema;
    r.namespace_oid = catalog_object_oid("n", temporary_schema);
    r.oid = catalog_object_oid("v", std::string(temporary_schema) + "." + row[0]);
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
                              "typarray, typdefaultbin IS NOT NULL, typdefault FROM tributary_types ORDER BY oid");
    if (!rows)
      return fail(rows.error());
    for (const auto& row : *rows) {
      model.types.push_back({std::stoll(row[0]), row[1], row[2], row[3].empty() ? 'e' : row[3][0],
                             std::stoll(row[4]), static_cast<int32_t>(std::stol(row[5])), row[6] == "1",
                             std::stoll(row[7]), {}, std::nullopt});
      if (row[8] == "1")
        model.types.back().default_text = row[9];
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

std::string printed_index_key(const std::string& expression) {
  return looks_like_function(expression) ? expression : "(" + expression + ")";
}

std::string index_definition(const catalog_relation& table, const catalog_index& index, bool pretty) {
  const std::string& predicate = pretty ? index.pretty_predicate : index.predicate;
  return std::string("CREATE ") + (index.unique ? "UNIQUE " : "") + "INDEX " +
         quote_identifier_if_needed(index.name) + " ON " + quote_identifier_if_needed(table.schema) + "." +
         quote_identifier_if_needed(table.name) + " USING btree (" + column_list(table, index, pretty) + ")" +
         (predicate.empty() ? "" : " WHERE " + predicate);
}

std::string constraint_definition(const catalog_relation& table, const catalog_index& index) {
  return std::string(index.primary ? "PRIMARY KEY" : "UNIQUE") + " (" + column_list(table, index) + ")";
}

}  // namespace tributary

namespace tributary {

std::string foreign_key_definition(const catalog_model& model, const catalog_relation& table,
                                   const catalog_foreign_key& key, const std::vector<std::string>& visible) {
  const auto names = [](const catalog_relation& r, const std::vector<int>& attnums) {
    std::string out;
    for (int attnum : attnums)
      if (attnum >= 1 && static_cast<size_t>(attnum) <= r.columns.size())
        out += (out.empty() ? "" : ", ") + quote_identifier_if_needed(r.columns[static_cast<size_t>(attnum - 1)].name);
    return out;
  };
  std::string out = "FOREIGN KEY (" + names(table, key.columns) + ") REFERENCES ";
  if (const catalog_relation* target = model.relation(key.referenced_oid)) {
    if (std::find(visible.begin(), visible.end(), target->schema) == visible.end())
      out += quote_identifier_if_needed(target->schema) + ".";
    out += quote_identifier_if_needed(target->name) + "(" + names(*target, key.referenced_columns) + ")";
  } else {
    out += quote_identifier_if_needed(key.referenced_local_name);
  }
  const auto action = [](char a) -> std::string {
    switch (a) {
      case 'r': return "RESTRICT";
      case 'c': return "CASCADE";
      case 'n': return "SET NULL";
      case 'd': return "SET DEFAULT";
      default: return "";
    }
  };
  if (key.on_update != 'a')
    out += " ON UPDATE " + action(key.on_update);
  if (key.on_delete != 'a')
    out += " ON DELETE " + action(key.on_delete);
  return out;
}

}  // namespace tributary
