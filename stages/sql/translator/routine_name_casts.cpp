// routine_name_casts: the casts to regprocedure, regoper and regoperator, the
// object-identifier types naming functions and operators. Each is the object's OID,
// typed as its type so that a result column prints the object's name
// (output_names.cpp) while inside the statement it compares as the number it is.
//
//   'abs(integer)'::regprocedure   the function's OID; the text is read as PostgreSQL's
//                                  parseNameAndArgTypes reads it (22P02 without its
//                                  parentheses, 42602 for a bad name, 42704 for an
//                                  unknown argument type, here when translating), the
//                                  function looked up when the statement runs (42883)
//   '||/'::regoper                 the operator's OID by its name (42883 none, 42725 more
//                                  than one; run time)
//   '+(integer,integer)'::regoperator  the operator's OID by its name and its two
//                                  operand types, NONE for a prefix operator's missing one
//                                  (42P02 one type, 54023 more than two, 42883 none)
//   123::regoper, x::regoperator   of an OID-valued x: the same number
#include <cctype>

#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {
namespace {

constexpr oid_t regprocedure_oid = 2202;
constexpr oid_t regoper_oid = 2203;
constexpr oid_t regoperator_oid = 2204;

// A name as PostgreSQL's stringToQualifiedNameList reads it: dot-separated parts,
// each lower-cased unless double-quoted; nullopt when the syntax is not a name's.
std::optional<std::vector<std::string>> qualified_name(const std::string& text) {
  std::vector<std::string> parts;
  size_t i = 0;
  const auto skip_space = [&] {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
      ++i;
  };
  skip_space();
  if (i == text.size())
    return std::nullopt;
  while (true) {
    std::string part;
    if (text[i] == '"') {
      for (++i;; ++i) {
        if (i == text.size())
          return std::nullopt;
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            part += '"';
            ++i;
            continue;
          }
          ++i;
          break;
        }
        part += text[i];
      }
      if (part.empty())
        return std::nullopt;
    } else {
      while (i < text.size() && text[i] != '.' && !std::isspace(static_cast<unsigned char>(text[i])))
        part += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i++])));
      if (part.empty())
        return std::nullopt;
    }
    parts.push_back(std::move(part));
    skip_space();
    if (i == text.size())
      return parts;
    if (text[i] != '.')
      return std::nullopt;
    ++i;
    skip_space();
  }
}

// The schema (empty when unqualified) and name of `text`, with PostgreSQL's errors.
std::pair<std::string, std::string> schema_and_name(const query_translator& t, const std::string& text,
                                                    int location) {
  const auto parts = qualified_name(text);
  if (!parts)
    t.fail_at(make_pg_error("42602", "invalid name syntax"), location);
  if (parts->size() > 3) {
    std::string dotted;
    for (const std::string& p : *parts)
      dotted += (dotted.empty() ? "" : ".") + p;
    t.fail_at(make_pg_error("42601", "improper qualified name (too many dotted names): " + dotted), location);
  }
  if (parts->size() == 3)
    throw not_translatable{"a database-qualified name in a function's or operator's input"};
  return parts->size() == 2 ? std::pair{(*parts)[0], (*parts)[1]} : std::pair{std::string(), (*parts)[0]};
}

struct name_and_types {
  std::string schema, name;
  std::vector<std::string> types;  // as written, trimmed
};

// PostgreSQL's parseNameAndArgTypes: name(type, ...).
name_and_types parse_name_and_types(const query_translator& t, const std::string& text, int location) {
  const size_t open = text.find('(');
  if (open == std::string::npos)
    t.fail_at(make_pg_error("22P02", "expected a left parenthesis"), location);
  const size_t close = text.find_last_not_of(" \t\n\r\f\v");
  if (close == std::string::npos || close <= open || text[close] != ')')
    t.fail_at(make_pg_error("22P02", "expected a right parenthesis"), location);
  name_and_types out;
  std::tie(out.schema, out.name) = schema_and_name(t, text.substr(0, open), location);
  // The argument types, split at the commas outside parentheses and quotes (numeric(10,2)).
  const std::string inside = text.substr(open + 1, close - open - 1);
  std::string current;
  int depth = 0;
  bool quoted = false;
  const auto flush = [&](bool last) {
    const size_t first = current.find_first_not_of(" \t\n\r\f\v");
    if (first == std::string::npos) {
      if (!last || !out.types.empty())
        t.fail_at(make_pg_error("22P02", "expected a type name"), location);
      return;
    }
    out.types.push_back(current.substr(first, current.find_last_not_of(" \t\n\r\f\v") - first + 1));
    current.clear();
  };
  for (char c : inside) {
    if (c == ',' && depth == 0 && !quoted) {
      flush(false);
      continue;
    }
    quoted = c == '"' ? !quoted : quoted;
    depth += quoted ? 0 : c == '(' ? 1 : c == ')' ? -1 : 0;
    current += c;
  }
  flush(true);
  return out;
}

bool all_digits(const std::string& text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
}

}  // namespace

std::optional<typed_expression> routine_name_cast(query_translator& t, const std::string& type, const json& cast,
                                                  const scope& where) {
  const oid_t result = type == "regprocedure" ? regprocedure_oid
                       : type == "regoper"    ? regoper_oid
                       : type == "regoperator" ? regoperator_oid
                                               : 0;
  if (result == 0)
    return std::nullopt;
  typed_expression arg = t.expression(cast.value("arg", json()), where);
  if (arg.is_null_constant)
    return typed_result("NULL", result);
  if (!arg.literal) {
    if (arg.parameter != 0 || !(is_object_identifier_type(arg.type.oid) || arg.type.oid == pg_type_oid::int2 ||
                                arg.type.oid == pg_type_oid::int4 || arg.type.oid == pg_type_oid::int8))
      throw not_translatable{"cast to " + type};
    return typed_result(arg.sql, result);
  }
  const std::string& text = *arg.literal;
  if (all_digits(text))
    return typed_result(text, result);
  if (result == regoper_oid) {
    const auto [schema, name] = schema_and_name(t, text, arg.location);
    return typed_result("pg_catalog_regoper_in(" + arg.sql + ", " + sql_quote(schema) + ", " + sql_quote(name) +
                            position_argument(t, arg) + ")",
                        result);
  }
  name_and_types parsed = parse_name_and_types(t, text, arg.location);
  std::vector<oid_t> types;
  for (const std::string& written : parsed.types) {
    std::string lowered = written;
    for (char& c : lowered)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    types.push_back(result == regoperator_oid && lowered == "none" ? 0 : t.regtype_input(written, arg.location));
  }
  if (result == regoperator_oid) {
    if (types.size() == 1)
      t.fail_at(make_pg_error("42P02", "missing argument", "",
                              "Use NONE to denote the missing argument of a unary operator."),
                arg.location);
    if (types.size() != 2)
      t.fail_at(make_pg_error("54023", "too many arguments", "", "Provide two argument types for operator."),
                arg.location);
    return typed_result("pg_catalog_regoperator_in(" + arg.sql + ", " + sql_quote(parsed.schema) + ", " +
                            sql_quote(parsed.name) + ", " + std::to_string(types[0]) + ", " +
                            std::to_string(types[1]) + position_argument(t, arg) + ")",
                        result);
  }
  std::string list;
  for (oid_t oid : types)
    list += (list.empty() ? "" : " ") + std::to_string(oid);
  return typed_result("pg_catalog_regprocedure_in(" + arg.sql + ", " + sql_quote(parsed.schema) + ", " +
                          sql_quote(parsed.name) + ", " + sql_quote(list) + position_argument(t, arg) + ")",
                      result);
}

}  // namespace tributary::translator
