// key_validation: see the header.
#include "storage/key_validation.hpp"

#include <algorithm>

#include "stages/core/sql_quote.hpp"
#include "stages/types/type_names.hpp"
#include "stages/types/value_io.hpp"
#include "storage/column_type_catalog.hpp"
#include "storage/sqlstate_mapping.hpp"
#include "storage/text_query.hpp"

namespace tributary {
namespace {

pg_error storage_error(const sqlite_error& e) { return pg_error_from_sqlite(e); }

std::string joined(const std::vector<std::string>& parts, const std::string& separator) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? separator : "") + parts[i];
  return out;
}

// The relation's own name: "sales.orders" -> "orders".
std::string relation_name(const std::string& local) {
  const auto dot = local.find('.');
  return dot == std::string::npos ? local : local.substr(dot + 1);
}

// "Key (a, b)=(1, x)" for the values of `columns` in the row `q` is on.
result<std::string, pg_error> printed_key(sqlite_connection& db, const std::string& table,
                                          const std::vector<std::string>& columns,
                                          const sqlite_statement& q, const type_settings& settings) {
  auto types = read_table_columns(db, table);
  if (!types)
    return fail(storage_error(types.error()));
  std::vector<std::string> names;
  std::vector<std::string> values;
  for (size_t i = 0; i < columns.size(); ++i) {
    names.push_back(quote_identifier_if_needed(columns[i]));
    const sql_value value = q.column(static_cast<int>(i));
    auto column = std::find_if(types->begin(), types->end(),
                               [&](const column_definition& c) { return same_identifier(c.name, columns[i]); });
    std::optional<std::string> text;
    if (column != types->end())
      text = format_text_value(column->type, value, settings);
    values.push_back(text.value_or("null"));
  }
  return "Key (" + joined(names, ", ") + ")=(" + joined(values, ", ") + ")";
}

std::string quoted_columns(const std::vector<std::string>& columns, const std::string& prefix) {
  std::vector<std::string> out;
  for (const auto& c : columns)
    out.push_back(prefix + quote_identifier(c));
  return joined(out, ", ");
}

// The referenced columns: those named, else the referenced table's primary key;
// they must be its primary key or one of its unique keys.
result<ok_t, pg_error> check_key_types(sqlite_connection& db, const std::string& table,
                                       const foreign_key_validation& key,
                                       const std::vector<std::string>& referenced);

result<std::vector<std::string>, pg_error> referenced_key(sqlite_connection& db, const std::string& table,
                                                          const foreign_key_validation& key) {
  const std::string target = relation_name(key.referenced_table);
  auto exists = query_has_row(db, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?1",
                              key.referenced_table);
  if (!exists)
    return fail(storage_error(exists.error()));
  if (!*exists)
    return fail(make_pg_error("42P01", "relation \"" + target + "\" does not exist"));
  auto primary = query_texts(db, "SELECT name FROM pragma_table_info(?1) WHERE pk > 0 ORDER BY pk",
                             key.referenced_table);
  if (!primary)
    return fail(storage_error(primary.error()));
  std::vector<std::string> columns = key.referenced_columns;
  if (columns.empty()) {
    if (primary->empty())
      return fail(make_pg_error("42830", "there is no primary key for referenced table \"" + target + "\""));
    columns = *primary;
  }
  if (columns.size() != key.columns.size())
    return fail(make_pg_error("42830", "number of referencing and referenced columns for foreign key disagree"));
  const auto same_set = [&](std::vector<std::string> a) {
    std::vector<std::string> b = columns;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
  };
  const auto compatible = [&]() -> result<std::vector<std::string>, pg_error> {
    if (auto r = check_key_types(db, table, key, columns); !r)
      return fail(r.error());
    return columns;
  };
  if (same_set(*primary))
    return compatible();
  auto indexes = query_texts(db, "SELECT name FROM pragma_index_list(?1) WHERE \"unique\" AND partial = 0",
                             key.referenced_table);
  if (!indexes)
    return fail(storage_error(indexes.error()));
  for (const auto& index : *indexes) {
    auto indexed = query_texts(db, "SELECT name FROM pragma_index_info(?1) ORDER BY seqno", index);
    if (!indexed)
      return fail(storage_error(indexed.error()));
    if (same_set(*indexed))
      return compatible();
  }
  return fail(make_pg_error("42830", "there is no unique constraint matching given keys for referenced table \"" +
                                         target + "\""));
}

// PostgreSQL finds an equality operator between the two types (the same type, two
// numeric types, two string types); 42804 otherwise.
result<ok_t, pg_error> check_key_types(sqlite_connection& db, const std::string& table,
                                       const foreign_key_validation& key,
                                       const std::vector<std::string>& referenced) {
  auto mine = read_table_columns(db, table);
  auto theirs = read_table_columns(db, key.referenced_table);
  if (!mine || !theirs)
    return fail(storage_error(!mine ? mine.error() : theirs.error()));
  const auto type_of = [](const std::vector<column_definition>& columns, const std::string& name) {
    for (const auto& c : columns)
      if (same_identifier(c.name, name))
        return c.type;
    return column_type{};
  };
  const auto family = [](oid_t oid) {
    if (oid == 20 || oid == 21 || oid == 23 || oid == 1700 || oid == 700 || oid == 701)
      return 1;
    if (oid == 25 || oid == 1043 || oid == 1042 || oid == 19)
      return 2;
    return 0;
  };
  for (size_t i = 0; i < key.columns.size(); ++i) {
    column_type a = type_of(*mine, key.columns[i]);
    column_type b = type_of(*theirs, referenced[i]);
    if (!a.known() || !b.known() || a.oid == b.oid || (family(a.oid) != 0 && family(a.oid) == family(b.oid)))
      continue;
    a.typmod = b.typmod = -1;
    return fail(make_pg_error("42804", "foreign key constraint \"" + key.name + "\" cannot be implemented",
                              "Key columns \"" + key.columns[i] + "\" and \"" + referenced[i] +
                                  "\" are of incompatible types: " + format_type(a) + " and " + format_type(b) +
                                  "."));
  }
  return ok_v;
}

}  // namespace

result<ok_t, pg_error> check_key_unique(sqlite_connection& db, const std::string& table,
                                        const key_validation& key, const type_settings& settings) {
  std::vector<std::string> not_null;
  for (const auto& c : key.columns)
    not_null.push_back(quote_identifier(c) + " IS NOT NULL");
  const std::string columns = quoted_columns(key.columns, "");
  auto q = db.prepare("SELECT " + columns + " FROM " + quote_identifier(table) + " WHERE " +
                      joined(not_null, " AND ") + " GROUP BY " + columns + " HAVING count(*) > 1 ORDER BY min(rowid) LIMIT 1");
  if (!q)
    return fail(storage_error(q.error()));
  auto s = q->step();
  if (!s)
    return fail(storage_error(s.error()));
  if (*s != sqlite_statement::step_result::row)
    return ok_v;
  auto printed = printed_key(db, table, key.columns, *q, settings);
  if (!printed)
    return fail(printed.error());
  return fail(make_pg_error("23505", "could not create unique index \"" + key.index_name + "\"",
                            *printed + " is duplicated."));
}

result<ok_t, pg_error> check_foreign_key_rows(sqlite_connection& db, const std::string& table,
                                              const foreign_key_validation& key,
                                              const type_settings& settings) {
  auto referenced = referenced_key(db, table, key);
  if (!referenced)
    return fail(referenced.error());
  std::vector<std::string> present;
  std::vector<std::string> not_null;
  for (size_t i = 0; i < key.columns.size(); ++i) {
    not_null.push_back("c." + quote_identifier(key.columns[i]) + " IS NOT NULL");
    present.push_back("r." + quote_identifier((*referenced)[i]) + " = c." + quote_identifier(key.columns[i]));
  }
  auto q = db.prepare("SELECT " + quoted_columns(key.columns, "c.") + " FROM " + quote_identifier(table) +
                      " AS c WHERE " + joined(not_null, " AND ") + " AND NOT EXISTS (SELECT 1 FROM " +
                      quote_identifier(key.referenced_table) + " AS r WHERE " + joined(present, " AND ") +
                      ") LIMIT 1");
  if (!q)
    return fail(storage_error(q.error()));
  auto s = q->step();
  if (!s)
    return fail(storage_error(s.error()));
  if (*s != sqlite_statement::step_result::row)
    return ok_v;
  auto printed = printed_key(db, table, key.columns, *q, settings);
  if (!printed)
    return fail(printed.error());
  return fail(make_pg_error("23503",
                            "insert or update on table \"" + relation_name(table) +
                                "\" violates foreign key constraint \"" + key.name + "\"",
                            *printed + " is not present in table \"" + relation_name(key.referenced_table) +
                                "\"."));
}

}  // namespace tributary
