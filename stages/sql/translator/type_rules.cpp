// type_rules: which PostgreSQL types the translator treats as numbers or text,
// the collation a type's stored form is compared with, and a cast in SQL.
#include "stages/sql/translator/query_translator.hpp"

#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/user/enum_type.hpp"

namespace tributary::translator {

int number_rank(oid_t oid) {
  switch (oid) {
    case pg_type_oid::int2: return 1;
    case pg_type_oid::int4: return 2;
    case pg_type_oid::int8: return 3;
    case pg_type_oid::numeric: return 4;
    case pg_type_oid::float4: return 5;
    case pg_type_oid::float8: return 6;
    default: return 0;
  }
}

bool is_number_type(oid_t oid) { return number_rank(oid) > 0; }

bool is_text_like(oid_t oid) {
  return oid == pg_type_oid::text || oid == pg_type_oid::varchar || oid == pg_type_oid::bpchar ||
         oid == pg_type_oid::name || oid == pg_type_oid::unknown;
}

std::string collation_of(const column_type& type) {
  if (type.is_enum_array())
    return enum_array_collation_name(type.enum_labels->oid);
  if (type.is_enum())
    return enum_collation_name(type.oid);
  const type_descriptor* d = find_builtin_type(type.oid);
  if (d == nullptr || d->storage != storage_class::text || d->collation == "BINARY")
    return {};
  return std::string(d->collation);
}

std::string with_collation(const std::string& sql, const column_type& type) {
  const std::string collation = collation_of(type);
  return collation.empty() ? sql : "(" + sql + " COLLATE " + collation + ")";
}

std::string cast_sql(const std::string& sql, const column_type& from, const column_type& to) {
  return "pg_cast(" + sql + ", " + std::to_string(from.oid) + ", " + std::to_string(from.typmod) +
         ", " + std::to_string(to.oid) + ", " + std::to_string(to.typmod) + ")";
}

std::string sql_quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    out += c;
    if (c == '\'')
      out += '\'';
  }
  return out + "'";
}

}  // namespace tributary::translator
