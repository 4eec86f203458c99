// bytea_functions: PostgreSQL 15's binary-string functions, computed by
// storage/sql_functions_bytes.cpp on bytea's stored form (a BLOB of the bytes):
//
//   encode(bytea, format)                 text    pg_encode: base64 (lines of 76
//                                                 characters), hex, escape
//   decode(text, format)                  bytea   pg_decode (whitespace skipped in
//                                                 base64 and between hex pairs)
//   sha224 / sha256 / sha384 / sha512(bytea)   bytea   pg_digest
//   md5(bytea)                            text    pg_md5 of the bytes
//   convert_to(text, encoding)            bytea   pg_convert (UTF8, LATIN1, SQL_ASCII:
//   convert_from(bytea, encoding)         text    stages/core/text_encodings.hpp)
//   convert(bytea, from, to)              bytea
// An untyped literal or $n argument is read as the parameter's type ('\x00ff' as
// bytea). Another type is PostgreSQL's 42883 (there is no implicit cast from text
// to bytea): function encode(text, unknown) does not exist. Formats are read case
// insensitively; 22023 unrecognized encoding: "x" and the decoders' errors are
// PostgreSQL's.
#include "stages/sql/translator/expression_helpers.hpp"
#include "stages/sql/translator/function_families.hpp"

namespace tributary::translator {
namespace {

bool is_digest(const std::string& name) {
  return name == "sha224" || name == "sha256" || name == "sha384" || name == "sha512";
}

}  // namespace

void no_such_function(query_translator& t, const std::string& name, const std::vector<typed_expression>& args,
                      int location) {
  std::string types;
  for (const typed_expression& a : args)
    types += (types.empty() ? "" : ", ") +
             (expression_helpers::untyped(a) ? std::string("unknown") : expression_helpers::message_type_name(a.type));
  t.fail_at(make_pg_error("42883", "function " + name + "(" + types + ") does not exist", {},
                          "No function matches the given name and argument types. You might need to add explicit "
                          "type casts."),
            location);
}

bool accepts_argument(query_translator& t, typed_expression& value, oid_t type) {
  if (expression_helpers::untyped(value)) {
    value = t.coerce(std::move(value), builtin_column_type(type));
    return true;
  }
  if (type == pg_type_oid::text && is_text_like(value.type.oid)) {
    value = text_argument(t, std::move(value));
    return true;
  }
  if (!value.type.known() || value.type.is_enum())
    throw not_translatable{"an argument of a type that is not built in"};
  return value.type.oid == type;
}

std::optional<typed_expression> bytea_function(query_translator& t, const std::string& name,
                                               std::vector<typed_expression>& args, int location) {
  const auto signature = [&](std::initializer_list<oid_t> types) {
    std::vector<typed_expression> given = args;
    size_t i = 0;
    for (oid_t type : types)
      if (!accepts_argument(t, args[i++], type))
        no_such_function(t, name, given, location);
  };
  if (name == "encode" && args.size() == 2) {
    signature({pg_type_oid::bytea, pg_type_oid::text});
    return typed_result("pg_encode(" + args[0].sql + ", " + args[1].sql + ")", pg_type_oid::text);
  }
  if (name == "decode" && args.size() == 2) {
    signature({pg_type_oid::text, pg_type_oid::text});
    return typed_result("pg_decode(" + args[0].sql + ", " + args[1].sql + ")", pg_type_oid::bytea);
  }
  if (is_digest(name) && args.size() == 1) {
    signature({pg_type_oid::bytea});
    return typed_result("pg_digest('" + name + "', " + args[0].sql + ")", pg_type_oid::bytea);
  }
  if (name == "md5" && args.size() == 1 && !expression_helpers::untyped(args[0]) &&
      !is_text_like(args[0].type.oid)) {  // md5(text) is string_functions.cpp's
    signature({pg_type_oid::bytea});
    return typed_result("pg_md5(" + args[0].sql + ")", pg_type_oid::text);
  }
  if (name == "convert_to" && args.size() == 2) {  // text in an encoding: bytea
    signature({pg_type_oid::text, pg_type_oid::text});
    return typed_result("pg_convert(CAST(" + args[0].sql + " AS BLOB), 'UTF8', " + args[1].sql + ", 0)",
                        pg_type_oid::bytea);
  }
  if (name == "convert_from" && args.size() == 2) {  // bytes in an encoding: text
    signature({pg_type_oid::bytea, pg_type_oid::text});
    return typed_result("pg_convert(" + args[0].sql + ", " + args[1].sql + ", 'UTF8', 1)", pg_type_oid::text);
  }
  if (name == "convert" && args.size() == 3) {
    signature({pg_type_oid::bytea, pg_type_oid::text, pg_type_oid::text});
    return typed_result("pg_convert(" + args[0].sql + ", " + args[1].sql + ", " + args[2].sql + ", 0)",
                        pg_type_oid::bytea);
  }
  return std::nullopt;
}

}  // namespace tributary::translator
