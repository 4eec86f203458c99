// record_field_selection: (record).field, PostgreSQL's field selection.
//
//   (ROW(1, 'a')).f2, ('(1,a)'::t).b   a row constructor's or cast's own field value
//   (f(a)).n, (sub.keys).x             a computed record (record_functions.hpp): its
//                                      record_out text's field, pg_record_field(text, n)
//   (c).a   c a column of a table's row type or of a composite type of its own
//           (CREATE TYPE pair AS (a int, b text)): the field of the stored record_out
//           text, read by the field type's input (pg_cast from text), typed as the
//           field; the fields are the type's recorded columns (the translator's table
//           lookup)
// A field that is not there: 42703 could not identify column "x" in record data type
// (a computed record), column "x" not found in data type pair (a named row type).
// Fields of enums, domains or other row types inside a stored record, and field
// selection followed by subscripts, are not translated.
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/function_families.hpp"
#include "stages/sql/translator/row_type_values.hpp"
#include "stages/types/builtin_types.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary::translator {
namespace pt = parse_tree;

typed_expression record_field_selection(query_translator& t, const json& indirection, const scope& where) {
  const json& steps = pt::list(indirection, "indirection");
  typed_expression record = t.expression(indirection.value("arg", json()), where);
  // (a named row type's column may carry its fields too: the named path reads them)
  std::shared_ptr<const std::vector<record_field>> named = named_row_fields(t, record.type);
  if (!record.type.record_fields && !named)
    throw not_translatable{"field selection on a value that is not a computed record"};
  const std::string field = pt::text(pt::fields(steps[0]), "sval");
  const auto& fields = named ? *named : *record.type.record_fields;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name != field)
      continue;
    if (record.row_values) {  // ROW(...) or a whole row: the field's own value
      typed_expression out = (*record.row_values)[i];
      if (out.literal || out.parameter != 0 || out.is_null_constant)  // ROW('a'): a text field
        out = t.coerce(std::move(out), builtin_column_type(pg_type_oid::text));
      return out;
    }
    if (named) {  // the stored text's field, read by its type's input
      if (auto out = named_record_field(record.sql, fields[i], i))
        return *out;
      throw not_translatable{"record field of this type"};
    }
    std::string sql = "pg_record_field(" + record.sql + ", " + std::to_string(i + 1) + ")";
    const column_type type = builtin_column_type(fields[i].oid, fields[i].typmod);
    const type_descriptor* descriptor = find_builtin_type(fields[i].oid);
    if (descriptor != nullptr && descriptor->storage == storage_class::integer)
      sql = "CAST(" + sql + " AS INTEGER)";
    else if (!is_text_like(fields[i].oid))
      throw not_translatable{"record field of this type"};
    typed_expression out = typed_result(std::move(sql), 0);
    out.type = type;
    return out;
  }
  if (named)
    t.fail_at(make_pg_error("42703", "column \"" + field + "\" not found in data type " + record.type.name),
              record.location);
  t.fail_at(make_pg_error("42703", "could not identify column \"" + field + "\" in record data type"),
            record.location);
}

}  // namespace tributary::translator
