// string_functions: PostgreSQL's string functions and LIKE / ILIKE over text
// stored forms, computed by storage/sql_functions_text.cpp (characters, not
// bytes) or SQLite where it agrees with PostgreSQL.
//
//   substring(s from a [for b]) / substr(s, a [, b])   text   pg_substr
//   num_nulls(...), num_nonnulls(...)   int4   how many arguments are (not) NULL
//   substring(s from pattern)     text   the first parenthesized match of the POSIX
//                                        regular expression, else the whole match (NULL
//                                        for none): regexp_match's first element
//   position(b in a) / strpos(a, b)                    int4   pg_strpos
//   replace(s, from, to)                               text   replace
//   split_part(s, delimiter, n)                        text   pg_split_part
//   concat(any, ...)                                   text   NULLs skipped, values
//   concat_ws(sep, any, ...)                           text   as their output text
//   left(s, n) / right(s, n)                           text   pg_left / pg_right
//   lpad / rpad(s, n [, fill])                         text   pg_pad
//   btrim / ltrim / rtrim(s [, characters]),           text   trim / ltrim / rtrim
//     trim([both|leading|trailing] [c] from s)
//   initcap, reverse, md5(s)                           text
//   repeat(s, n)                                       text
//   starts_with(s, prefix)                             bool
//   octet_length(s), bit_length(s)                     int4   UTF-8 bytes (times 8)
//   overlay(s placing r from a [for b])                text   pg_substr around r
//   position(b in a), overlay(...) of bytea            int4 / bytea: bytes (instr of blobs,
//                                                      pg_bytea_substr around r)
//   to_hex(int4 | int8)                                text   two's complement digits (int2: 42725)
//   s [NOT] LIKE / ILIKE p [ESCAPE e]                  bool   pg_like (default escape \)
//   s ~ p, s ~* p, s !~ p, s !~* p                     bool   pg_regex_match
//   regexp_replace(s, p, r [, flags g i c])            text   pg_regexp_replace
//   regexp_match(s, p [, flags i c])                   text[] pg_regexp_match
//   translate(s, from, to)                             text   pg_translate
//   chr(n)                                             text   pg_chr
//   ascii(s)                                           int4   pg_ascii
//   string_to_array(s, delimiter [, null_string])      text[] pg_string_to_array
//   regexp_split_to_array(s, p [, flags i c])          text[] pg_regexp_split
// Arguments of other types than text (and untyped literals) are left
// untranslated, where PostgreSQL would resolve another function or fail.
// Not translated yet: substring(s similar pattern escape e). regexp_count / _instr / _like /
// _substr: regex_position_functions.cpp.
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

// An integer argument (int2/int4, or an untyped literal read as int4).
std::string integer_argument(query_translator& t, typed_expression value) {
  if (value.literal || value.parameter != 0 || value.is_null_constant)
    return t.coerce(std::move(value), builtin_column_type(pg_type_oid::int4)).sql;
  if (value.type.oid == pg_type_oid::int2 || value.type.oid == pg_type_oid::int4)
    return value.sql;
  throw not_translatable{"a string function's integer argument of type " +
                         std::to_string(value.type.oid)};
}

std::string text_sql(query_translator& t, typed_expression value) {
  return text_argument(t, std::move(value)).sql;
}

// concat's view of a value: its type's output text; NULL constants are left out.
std::optional<std::string> output_text(query_translator& t, typed_expression value) {
  if (value.is_null_constant)
    return std::nullopt;
  const oid_t type = value.type.oid;
  if (value.literal || value.parameter != 0 || type == pg_type_oid::unknown)
    return t.coerce(std::move(value), builtin_column_type(pg_type_oid::text)).sql;
  if (is_text_like(type))  // bpchar too: its output keeps the padding
    return value.sql;
  if (type == pg_type_oid::boolean)
    return "CASE " + value.sql + " WHEN 1 THEN 't' WHEN 0 THEN 'f' END";
  if (!value.type.known() || value.type.is_enum())
    throw not_translatable{"concat of a type that is not built in"};
  return cast_sql(value.sql, value.type, builtin_column_type(pg_type_oid::text));
}

std::string call(const std::string& function, const std::vector<std::string>& arguments) {
  std::string sql = function + "(";
  for (size_t i = 0; i < arguments.size(); ++i)
    sql += (i ? ", " : "") + arguments[i];
  return sql + ")";
}

}  // namespace

std::optional<typed_expression> string_function(query_translator& t, const std::string& name,
                                                std::vector<typed_expression>& args, int location) {
  const size_t n = args.size();
  const auto text_call = [&](const std::string& function, std::vector<std::string> arguments) {
    return typed_result(call(function, arguments), pg_type_oid::text);
  };
  if ((name == "substring" || name == "substr") && (n == 2 || n == 3)) {
    const bool pattern = n == 2 && name == "substring" && !args[1].is_null_constant && args[1].parameter == 0 &&
                         (args[1].literal || is_text_like(args[1].type.oid));
    if (pattern)  // substring(s from pattern): the first parenthesized match, else the whole match
      return typed_result("pg_array_get(pg_regexp_match(" + text_sql(t, args[0]) + ", " + text_sql(t, args[1]) +
                              ", ''), 25, -1, 1)",
                          pg_type_oid::text);
    if (!args[1].literal && !is_number_type(args[1].type.oid) && !args[1].is_null_constant)
      throw not_translatable{"substring with a pattern"};
    // Of a bytea: its bytes (pg_bytea_substr), a bytea.
    const bool bytes = !expression_helpers::untyped(args[0]) && args[0].type.oid == pg_type_oid::bytea;
    std::vector<std::string> a{bytes ? args[0].sql : text_sql(t, args[0]), integer_argument(t, args[1])};
    if (n == 3)
      a.push_back(integer_argument(t, args[2]));
    if (bytes)
      return typed_result(call("pg_bytea_substr", a), pg_type_oid::bytea);
    return text_call("pg_substr", a);
  }
  if ((name == "num_nulls" || name == "num_nonnulls") && n >= 1) {  // int4: how many arguments are (not) NULL
    std::string sql;
    for (const typed_expression& a : args)
      sql += (sql.empty() ? "(" : " + ") + std::string("(") + a.sql + (name == "num_nulls" ? " IS NULL)" : " IS NOT NULL)");
    return typed_result(sql + ")", pg_type_oid::int4);
  }
  const auto bytea_operand = [&](size_t i) {
    return !expression_helpers::untyped(args[i]) && args[i].type.oid == pg_type_oid::bytea;
  };
  const auto as_bytea = [&](size_t i) { return t.coerce(args[i], builtin_column_type(pg_type_oid::bytea)).sql; };
  if (name == "position" && n == 2 && (bytea_operand(0) || bytea_operand(1))) {
    // position(b in a) of bytea (byteapos): the first byte where b starts, SQLite's
    // instr of two blobs; 0 when it is not there, 1 for an empty b.
    if (!(bytea_operand(0) || expression_helpers::untyped(args[0])) || !(bytea_operand(1) || expression_helpers::untyped(args[1])))
      no_such_function(t, "pg_catalog.position", args, location);
    return typed_result("instr(" + as_bytea(0) + ", " + as_bytea(1) + ")", pg_type_oid::int4);
  }
  if (name == "overlay" && (n == 3 || n == 4) && bytea_operand(0)) {
    // overlay(s placing r from a [for b]) of bytea (byteaoverlay): bytes, as text's below.
    const std::string s1 = as_bytea(0), r = as_bytea(1), from = integer_argument(t, args[2]);
    const std::string count = n == 4 ? integer_argument(t, args[3]) : "length(" + r + ")";
    return typed_result("CAST((pg_bytea_substr(" + s1 + ", 1, " + from + " - 1) || " + r + " || pg_bytea_substr(" +
                            s1 + ", " + from + " + " + count + ")) AS BLOB)",
                        pg_type_oid::bytea);
  }
  if ((name == "strpos" || name == "position") && n == 2)
    return typed_result(call("pg_strpos", {text_sql(t, args[0]), text_sql(t, args[1])}),
                        pg_type_oid::int4);
  if (name == "replace" && n == 3)
    return text_call("replace", {text_sql(t, args[0]), text_sql(t, args[1]), text_sql(t, args[2])});
  if (name == "regexp_replace" && (n == 3 || n == 4))  // pg_regexp_replace (sql_functions_regex.cpp)
    return text_call("pg_regexp_replace", {text_sql(t, args[0]), text_sql(t, args[1]), text_sql(t, args[2]),
                                           n == 4 ? text_sql(t, args[3]) : std::string("''")});
  if (name == "regexp_match" && (n == 2 || n == 3))
    return typed_result("pg_regexp_match(" + text_sql(t, args[0]) + ", " + text_sql(t, args[1]) + ", " +
                            (n == 3 ? text_sql(t, args[2]) : std::string("''")) + ")",
                        1009);  // text[]
  if (name == "split_part" && n == 3)
    return text_call("pg_split_part",
                     {text_sql(t, args[0]), text_sql(t, args[1]), integer_argument(t, args[2])});
  if (name == "format" && n >= 1) {  // pg_format (storage/sql_functions_text.cpp)
    std::vector<std::string> arguments;
    for (typed_expression& arg : args)
      arguments.push_back(output_text(t, std::move(arg)).value_or("NULL"));
    return text_call("pg_format", arguments);
  }
  if (name == "concat" && n >= 1) {
    std::string sql = "(''";
    for (typed_expression& arg : args)
      if (auto text = output_text(t, std::move(arg)))
        sql += " || COALESCE(" + *text + ", '')";
    return typed_result(sql + ")", pg_type_oid::text);
  }
  if (name == "concat_ws" && n >= 2) {
    std::vector<std::string> a{text_sql(t, args[0])};
    for (size_t i = 1; i < n; ++i)
      a.push_back(output_text(t, std::move(args[i])).value_or("NULL"));
    return text_call("pg_concat_ws", a);
  }
  if ((name == "left" || name == "right") && n == 2)
    return text_call("pg_" + name, {text_sql(t, args[0]), integer_argument(t, args[1])});
  if ((name == "lpad" || name == "rpad") && (n == 2 || n == 3))
    return text_call("pg_pad", {text_sql(t, args[0]), integer_argument(t, args[1]),
                                n == 3 ? text_sql(t, args[2]) : "' '", name == "lpad" ? "1" : "0"});
  if ((name == "btrim" || name == "ltrim" || name == "rtrim") && (n == 1 || n == 2)) {
    std::vector<std::string> a{text_sql(t, args[0])};
    if (n == 2)
      a.push_back(text_sql(t, args[1]));
    return text_call(name == "btrim" ? "trim" : name, a);
  }
  if ((name == "initcap" || name == "reverse" || name == "md5") && n == 1)
    return text_call("pg_" + name, {text_sql(t, args[0])});
  if (name == "repeat" && n == 2)
    return text_call("pg_repeat", {text_sql(t, args[0]), integer_argument(t, args[1])});
  if (name == "starts_with" && n == 2)
    return typed_result(call("pg_starts_with", {text_sql(t, args[0]), text_sql(t, args[1])}),
                        pg_type_oid::boolean);
  if ((name == "octet_length" || name == "bit_length") && n == 1) {
    // A bytea is stored as its bytes; a text's bytes are its UTF-8.
    const bool bytes = !expression_helpers::untyped(args[0]) && args[0].type.oid == pg_type_oid::bytea;
    return typed_result("length(CAST(" + (bytes ? args[0].sql : text_sql(t, args[0])) + " AS BLOB))" +
                            (name == "bit_length" ? " * 8" : ""),
                        pg_type_oid::int4);
  }
  if (name == "overlay" && (n == 3 || n == 4)) {
    // overlay(s placing r from a [for b]): substring(s, 1, a - 1) || r || substring(s, a + b),
    // b the length of r when not given (text_overlay; 22011 for a start below 1).
    const std::string s1 = text_sql(t, args[0]), r = text_sql(t, args[1]), from = integer_argument(t, args[2]);
    const std::string count = n == 4 ? integer_argument(t, args[3]) : "length(" + r + ")";
    return text_call("", {"pg_substr(" + s1 + ", 1, " + from + " - 1) || " + r + " || pg_substr(" + s1 + ", " + from +
                              " + " + count + ")"});
  }
  if (name == "to_hex" && n == 1 && !args[0].literal && args[0].parameter == 0 &&
      (args[0].type.oid == pg_type_oid::int2 || args[0].type.oid == pg_type_oid::int4 ||
       args[0].type.oid == pg_type_oid::int8)) {
    // The two's complement digits of int4 or int8, lower case; int2 could be either.
    if (args[0].type.oid == pg_type_oid::int2)
      t.fail_at(make_pg_error("42725", "function to_hex(smallint) is not unique", "",
                              "Could not choose a best candidate function. You might need to add explicit type casts."),
                location);
    const std::string x = args[0].type.oid == pg_type_oid::int8 ? args[0].sql : "(" + args[0].sql + " & 4294967295)";
    return typed_result("CASE WHEN " + args[0].sql + " IS NOT NULL THEN printf('%x', " + x + ") END", pg_type_oid::text);
  }
  if (name == "translate" && n == 3)
    return text_call("pg_translate", {text_sql(t, args[0]), text_sql(t, args[1]), text_sql(t, args[2])});
  if (name == "chr" && n == 1)
    return text_call("pg_chr", {integer_argument(t, args[0])});
  if (name == "ascii" && n == 1)
    return typed_result(call("pg_ascii", {text_sql(t, args[0])}), pg_type_oid::int4);
  if (name == "string_to_array" && (n == 2 || n == 3))
    return typed_result(call("pg_string_to_array", {text_sql(t, args[0]), text_sql(t, args[1]),
                                                    n == 3 ? text_sql(t, args[2]) : std::string("NULL")}),
                        1009);  // text[]
  if (name == "regexp_split_to_array" && (n == 2 || n == 3))
    return typed_result(call("pg_regexp_split", {text_sql(t, args[0]), text_sql(t, args[1]),
                                                 n == 3 ? text_sql(t, args[2]) : std::string("''"), "-1",
                                                 "'regexp_split_to_array'"}),
                        1009);
  return std::nullopt;
}

typed_expression string_operator(query_translator& t, const json& expr, const scope& where) {
  const std::string kind = pt::text(expr, "kind");
  const std::vector<std::string> names = pt::strings(pt::list(expr, "name"));
  const std::string op = names.empty() ? "" : names.back();
  const bool like_kind = kind == "AEXPR_LIKE" || kind == "AEXPR_ILIKE" || kind == "AEXPR_OP";
  if (kind == "AEXPR_OP" && (op == "~" || op == "!~" || op == "~*" || op == "!~*")) {
    // POSIX regular expressions: pg_regex_match (storage/sql_functions_regex.cpp).
    typed_expression text = text_argument(t, t.expression(expr.value("lexpr", json()), where));
    const std::string pattern = text_sql(t, t.expression(expr.value("rexpr", json()), where));
    const std::string sql = "pg_regex_match(" + text.sql + ", " + pattern + ", " +
                            (op.back() == '*' ? "1" : "0") + ")";
    return typed_result(op[0] == '!' ? "(NOT " + sql + ")" : sql, pg_type_oid::boolean);
  }
  if (kind == "AEXPR_SIMILAR" && (op == "~" || op == "!~")) {
    // the pattern comes as similar_to_escape(pattern [, escape]): pg_similar_to_escape
    // makes it the regular expression pg_regex_match reads
    typed_expression text = text_argument(t, t.expression(expr.value("lexpr", json()), where));
    const json& right = expr.value("rexpr", json());
    const json& call_fields = pt::fields(right);
    const json& args = pt::list(call_fields, "args");
    if (pt::node_type(right) != "FuncCall" || args.empty() || args.size() > 2)
      throw not_translatable{"SIMILAR TO form"};
    std::vector<std::string> converted;
    for (const json& arg : args)
      converted.push_back(text_sql(t, t.expression(arg, where)));
    const std::string sql = "pg_regex_match(" + text.sql + ", " + call("pg_similar_to_escape", converted) + ", 0)";
    return typed_result(op == "!~" ? "(NOT " + sql + ")" : sql, pg_type_oid::boolean);
  }
  if (!like_kind || (op != "~~" && op != "!~~" && op != "~~*" && op != "!~~*"))
    throw not_translatable{"operator " + kind + " " + op};
  const bool fold = op == "~~*" || op == "!~~*";
  const bool negated = op[0] == '!';
  typed_expression text = text_argument(t, t.expression(expr.value("lexpr", json()), where));
  const json& right = expr.value("rexpr", json());
  std::string pattern;
  std::string escape = "'\\'";
  const json& call_fields = pt::fields(right);
  const std::vector<std::string> function = pt::strings(pt::list(call_fields, "funcname"));
  if (pt::node_type(right) == "FuncCall" && !function.empty() && function.back() == "like_escape" &&
      pt::list(call_fields, "args").size() == 2) {
    const json& escape_args = pt::list(call_fields, "args");
    pattern = text_sql(t, t.expression(escape_args[0], where));
    escape = text_sql(t, t.expression(escape_args[1], where));
  } else {
    pattern = text_sql(t, t.expression(right, where));
  }
  const std::string sql = "pg_like(" + text.sql + ", " + pattern + ", " + escape + ", " +
                          (fold ? "1" : "0") + ")";
  return typed_result(negated ? "(NOT " + sql + ")" : sql, pg_type_oid::boolean);
}

}  // namespace tributary::translator
