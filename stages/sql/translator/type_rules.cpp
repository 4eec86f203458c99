// type_rules: which PostgreSQL types the translator treats as numbers or text,
// the common type of several values, the collation a type's stored form is compared
// with, and a cast in SQL.
#include "stages/sql/translator/query_translator.hpp"

#include "stages/sql/translator/expression_helpers.hpp"

#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/user/domain_over_array.hpp"
#include "stages/types/user/enum_type.hpp"
#include "stages/types/verbatim/record_type_description.hpp"

namespace tributary::translator {

using expression_helpers::builtin;
using expression_helpers::untyped;

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
  if (domain_over_array_element(type))  // il[]
    return domain_over_array_collation(type);
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

// PostgreSQL's select_common_type for the values the translator covers (CASE, COALESCE,
// ARRAY, UNION, GREATEST / LEAST, IN): untyped values give way, numbers take the
// highest rank (int2 < int4 < int8 < numeric < real < float8), string types the first
// one, oid beside an integer or a reg* type oid; a typmod survives only where every
// value has it.
column_type query_translator::common_type(const std::vector<typed_expression>& values,
                                          const char* context) {
  std::optional<column_type> common;
  bool any_untyped = false;
  for (const typed_expression& v : values) {
    any_untyped = any_untyped || untyped(v) || v.type.oid == pg_type_oid::unknown;
    if (untyped(v) || (v.type.oid == pg_type_oid::unknown && common))
      continue;
    if (!common || common->oid == pg_type_oid::unknown) {
      common = v.type;
      continue;
    }
    if (v.type == *common)
      continue;
    common->typmod = -1;
    if (v.type.oid == common->oid)
      continue;
    if (is_number_type(v.type.oid) && is_number_type(common->oid)) {
      if (number_rank(v.type.oid) > number_rank(common->oid))
        common = builtin(v.type.oid);
      continue;
    }
    if (is_text_like(v.type.oid) && is_text_like(common->oid)) {
      // PostgreSQL's select_common_type: string types cast to each other implicitly
      // both ways, so the first one stays (an unknown-typed column gives way).
      if (common->oid == pg_type_oid::unknown)
        common = builtin(v.type.oid);
      continue;
    }
    // oid beside an integer (CASE ... THEN ftserver ELSE 0) or a reg* type (UNION
    // of pg_depend.classid and 'pg_opfamily'::regclass): oid.
    const auto oid_like = is_object_identifier_type;
    const auto integer = [](oid_t t) { return t == pg_type_oid::int2 || t == pg_type_oid::int4; };
    if ((oid_like(v.type.oid) && (integer(common->oid) || oid_like(common->oid))) ||
        (oid_like(common->oid) && integer(v.type.oid))) {
      common = builtin(pg_type_oid::oid);
      continue;
    }
    throw not_translatable{std::string(context) + " types that differ"};
  }
  if (!common || common->oid == pg_type_oid::unknown)
    return builtin(pg_type_oid::text);
  if (any_untyped)  // select_common_typmod: a value of another type (an untyped one) drops the typmod
    common->typmod = -1;
  return *common;
}

std::string cast_sql(const std::string& sql, const column_type& from, const column_type& to) {
  const bool composite = (!from.known() && from.record_fields) || from.record_element;
  if (composite && (to.oid == pg_type_oid::text || to.oid == pg_type_oid::varchar || to.oid == pg_type_oid::bpchar)) {
    // A named composite type (or an array of one): record_out in this session.
    const std::string text = "pg_record_out(" + sql + ", " + sql_quote(describe_record_type(from)) + ")";
    return cast_sql(text, builtin(pg_type_oid::text), to);
  }
  if (const column_type* base = domain_over_array_element(from); base && !(from == to)) {
    // il[]: its text as array_out prints it in this session (pg_cast knows OIDs only).
    const std::string text = "pg_nested_array_out(" + sql + ", " + std::to_string(base->oid) + ", " +
                             std::to_string(base->typmod) + ")";
    return cast_sql(text, builtin(pg_type_oid::text), to);
  }
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
