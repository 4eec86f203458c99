// regex_position_functions: PostgreSQL 15's regexp_count, regexp_instr, regexp_like and
// regexp_substr, over the regular-expression engine of ~ and regexp_replace
// (storage/sql_functions_regex.cpp), with their defaults filled in:
//
//   regexp_count(s, p [, start [, flags]])                               int4
//   regexp_instr(s, p [, start [, n [, endoption [, flags [, subexpr]]]]])  int4
//   regexp_like(s, p [, flags])                                          boolean
//   regexp_substr(s, p [, start [, n [, flags [, subexpr]]]])           text
// start, n, endoption and subexpr are int4 (int2 or an untyped literal too), s, p and
// flags text; another type is PostgreSQL's 42883.
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {
namespace {

struct regex_signature {
  const char* name;
  oid_t result;
  std::vector<const char*> parameters;  // "t" text, "i" int4, each with its default
  std::vector<const char*> defaults;    // SQL of the parameters' defaults ("" required)
};

const std::vector<regex_signature>& signatures() {
  static const std::vector<regex_signature> all = {
      {"regexp_count", pg_type_oid::int4, {"t", "t", "i", "t"}, {"", "", "1", "''"}},
      {"regexp_instr", pg_type_oid::int4, {"t", "t", "i", "i", "i", "t", "i"}, {"", "", "1", "1", "0", "''", "0"}},
      {"regexp_like", pg_type_oid::boolean, {"t", "t", "t"}, {"", "", "''"}},
      {"regexp_substr", pg_type_oid::text, {"t", "t", "i", "i", "t", "i"}, {"", "", "1", "1", "''", "0"}},
  };
  return all;
}

}  // namespace

std::optional<typed_expression> regex_position_function(query_translator& t, const std::string& name,
                                                        std::vector<typed_expression>& args, int location) {
  for (const regex_signature& s : signatures()) {
    if (name != s.name || args.size() < 2 || args.size() > s.parameters.size())
      continue;
    const std::vector<typed_expression> given = args;
    std::string sql = std::string("pg_") + s.name + "(";
    for (size_t i = 0; i < s.parameters.size(); ++i) {
      if (i >= args.size()) {
        sql += std::string(i ? ", " : "") + s.defaults[i];
        continue;
      }
      const bool text = s.parameters[i][0] == 't';
      if (!text && !args[i].literal && args[i].parameter == 0 && !args[i].is_null_constant &&
          args[i].type.oid == pg_type_oid::int2)
        args[i] = typed_result(cast_sql(args[i].sql, args[i].type, builtin_column_type(pg_type_oid::int4)),
                               pg_type_oid::int4);
      if (!accepts_argument(t, args[i], text ? pg_type_oid::text : pg_type_oid::int4))
        no_such_function(t, name, given, location);
      sql += (i ? ", " : "") + args[i].sql;
    }
    return typed_result(sql + ")", s.result);
  }
  return std::nullopt;
}

}  // namespace tributary::translator
