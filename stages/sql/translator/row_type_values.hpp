// row_type_values: values of a named row type (a table's, or a composite type's) the
// translator builds for a column of that type.
//
//   row_type_columns(type)    the recorded columns (attributes) of the named row type
//     a column has (type {0, "pair"}); nullptr for any other type
//   mark_row_type_column(e, relation, column)   a reference to a column of a named row
//     type (pair, pair[]): typed as PostgreSQL types it (row_type_oid: RowDescription,
//     pg_typeof), from the table's recorded column (its dimensions)
//   named_row_comparison      c = ROW(1, 'x')::pair, c < d (=, <>, <, <=, >, >=) between
//     two values of one named row type, at least one a column's: record_cmp's order (the
//     type's collation pg_row_<type>, NULL fields equal, after any value); nullopt else
//   missing_row_type_min_max  min(c) / max(c) of a column of a named row type (not an
//     array of one: min(anyarray)): PostgreSQL has none (42883 function max(pair) does
//     not exist, with its HINT); nullopt else
//   named_row_fields(type)    the fields (name, type) of a value of a named row type
//   named_record_field        field n of a stored record_out text, read by the field
//     type's input (pg_cast from text; text types as they are); nullopt for a field of
//     a type that is not built in
//   expand_named_row(e)       a scalar value of a named row type with its fields as
//     row_values (NULL value: row_absent), as to_json / row_to_json read a row;
//     false for any other value
//   record_field_text_sql(v)  a field's text as record_out prints it (pg_record's
//     argument; NULL stays NULL)
//   row_value_assignment      ROW(1, 'x') (or (1, 'x')) assigned to a column of type
//     pair: each field assigned to its attribute's type (an untyped literal read by
//     it, 1.7 -> 2 for an integer), kept as record_out prints the row; 42846 cannot
//     cast type record to pair with PostgreSQL's DETAIL (Input has too few / many
//     columns. at the row, Cannot cast type x to y in column n. at the field).
//   row_array_literal         a literal for a column of an array of a row type (`ps
//     pair[]`; also '{...}'::pair[]), '{"(1,x)","(2,\"y z\")"}', read as array_in reads
//     it with record_in for each element, kept as array_out prints the array of
//     record_out texts; each field read by its type's input (22P02 malformed record
//     literal / the field's input error, 22P02 malformed array literal, at the
//     literal). nullopt for a column that is not such an array; arrays of more than
//     one dimension and fields of other row types are not translated.
// Defined in row_type_values.cpp; private to stages/sql/translator/.
#pragma once

#include <optional>

#include "stages/sql/translator/query_translator.hpp"

namespace tributary::translator {

const std::vector<column_definition>* row_type_columns(query_translator& t, const column_type& type);
void mark_row_type_column(query_translator& t, typed_expression& e, const std::string& relation,
                          const std::string& column);
std::optional<typed_expression> named_row_comparison(const std::string& op, const typed_expression& left,
                                                     const typed_expression& right);
std::optional<pg_error> missing_row_type_min_max(const std::string& name, const typed_expression& value);
std::shared_ptr<const std::vector<record_field>> named_row_fields(query_translator& t, const column_type& type);
std::optional<typed_expression> named_record_field(const std::string& record_sql, const record_field& field,
                                                   size_t index);
bool expand_named_row(query_translator& t, typed_expression& e);
std::string record_field_text_sql(const typed_expression& value);

std::optional<typed_expression> row_value_assignment(query_translator& t, const typed_expression& value,
                                                     const column_definition& column);

std::optional<typed_expression> row_array_literal(query_translator& t, const typed_expression& literal,
                                                  const column_definition& column);

}  // namespace tributary::translator
