// sequence_functions: the sequence functions, as PostgreSQL types them.
//
//   nextval(regclass) / currval(regclass)   int8   nextval(name) / currval(name)
//   setval(regclass, int8 [, bool])         int8   setval(name, v [, called])
//   lastval()                               int8   lastval()
//   pg_get_serial_sequence(text, text)      text   the column's sequence, "public.t_id_seq"
// The relation is given as text ('s', 's'::regclass, 'public.s'): the SQLite
// functions of storage/sequence_functions.hpp read it as PostgreSQL reads a
// regclass and keep the session's currval / lastval. Arguments of other types
// (an OID) are not translated.
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

// The relation argument as text; a cast to regclass is read through.
typed_expression relation_argument(query_translator& t, const json& node, const scope& where) {
  if (pt::node_type(node) == "TypeCast") {
    const json& f = pt::fields(node);
    const auto names = pt::strings(pt::list(f.value("typeName", json::object()), "names"));
    if (!names.empty() && names.back() == "regclass")
      return text_argument(t, t.expression(f.value("arg", json::object()), where));
  }
  return text_argument(t, t.expression(node, where));
}

}  // namespace

std::optional<typed_expression> sequence_function(query_translator& t, const std::string& name,
                                                  const json& call, const scope& where) {
  const json& args = pt::list(call, "args");
  if (name == "lastval" && args.empty())
    return typed_result("lastval()", pg_type_oid::int8);
  if ((name == "nextval" || name == "currval") && args.size() == 1)
    return typed_result(name + "(" + relation_argument(t, args[0], where).sql + ")", pg_type_oid::int8);
  if (name == "setval" && (args.size() == 2 || args.size() == 3)) {
    std::string sql = "setval(" + relation_argument(t, args[0], where).sql + ", " +
                      t.coerce(t.expression(args[1], where), builtin_column_type(pg_type_oid::int8)).sql;
    if (args.size() == 3)
      sql += ", " + t.coerce(t.expression(args[2], where), builtin_column_type(pg_type_oid::boolean)).sql;
    return typed_result(sql + ")", pg_type_oid::int8);
  }
  if (name == "pg_get_serial_sequence" && args.size() == 2)  // text: storage/sequence_functions.cpp
    return typed_result("pg_get_serial_sequence(" + text_argument(t, t.expression(args[0], where)).sql + ", " +
                            text_argument(t, t.expression(args[1], where)).sql + ")",
                        pg_type_oid::text);
  return std::nullopt;
}

}  // namespace tributary::translator
