// function_families: the families of PostgreSQL functions and special forms the
// translator covers beyond the core of function_translator.cpp, one file each:
//
//   session_functions.cpp   now() & co., current_date & co. (SQLValueFunction),
//                           version(), current_user, current_setting(), ...
//   string_functions.cpp    substring, position, replace, concat, lpad, trim, md5, ...
//                           and the operators LIKE / ILIKE / ~ / ~* (string_operators.cpp)
//   datetime_functions.cpp  date/timestamp/interval + and -, date_trunc
//   time_zone_functions.cpp AT TIME ZONE (timezone(zone, value)), make_timestamptz
//   math_functions.cpp      round, trunc, ceil, floor, mod, power, sqrt, sign, random,
//                           and GREATEST / LEAST (MinMaxExpr)
//   sequence_functions.cpp  nextval, currval, setval, lastval
//   set_returning_functions.cpp   unnest, generate_series, _pg_expandarray in a
//                           select list, and field selection on their records
//   catalog_functions.cpp   format_type, pg_get_userbyid, pg_get_indexdef & co.,
//                           and casts to and from regclass / oid
//
// Each *_function returns nullopt when `name` is not its family's, the typed
// result when it is, and throws not_translatable for a form it does not cover
// (the statement then runs untranslated) or translation_failure for
// PostgreSQL's error. `args` are the call's translated arguments, untyped
// literals still untyped. Private to stages/sql/translator/.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/sql/translator/query_translator.hpp"
#include "stages/types/type_names.hpp"

namespace tributary::translator {

std::optional<typed_expression> session_function(query_translator& t, const std::string& name,
                                                 std::vector<typed_expression>& args, int location);
typed_expression sql_value_function(query_translator& t, const json& fields);

std::optional<typed_expression> string_function(query_translator& t, const std::string& name,
                                                std::vector<typed_expression>& args, int location);
// LIKE / ILIKE / SIMILAR TO and ~ ~* !~ !~* (A_Expr kinds and operator names).
typed_expression string_operator(query_translator& t, const json& expr, const scope& where);

std::optional<typed_expression> datetime_function(query_translator& t, const std::string& name,
                                                  std::vector<typed_expression>& args, int location);
// timezone(zone, value) (AT TIME ZONE) and make_timestamptz: time_zone_functions.cpp.
std::optional<typed_expression> time_zone_function(query_translator& t, const std::string& name,
                                                   std::vector<typed_expression>& args, int location);
// + and - on date, timestamp[tz] and interval operands (after untyped operands took
// the other operand's type): datetime_functions.cpp.
typed_expression datetime_arithmetic(query_translator& t, const std::string& op, typed_expression left,
                                     typed_expression right);
// + or - with a date/time operand, as PostgreSQL resolves the operator: an untyped
// other operand of timestamp[tz] / time + 'x' is read as an interval, of timetz - 'x'
// too; date + 'x' and timetz + 'x' are 42725 operator is not unique; a number with a
// date/time (but date +/- int2/int4) is 42883 operator does not exist; the other forms
// are left to the untyped-takes-the-other-type rule (datetime_functions.cpp).
void resolve_datetime_operator(query_translator& t, const std::string& op, typed_expression& left,
                               typed_expression& right, int location);

// date, timestamp, timestamptz; two of them of different types: the narrower cast to
// the wider (date < timestamp < timestamptz), as PostgreSQL's implicit casts do.
bool is_datetime_type(oid_t oid);
void widen_datetimes(typed_expression& a, typed_expression& b);

std::optional<typed_expression> math_function(query_translator& t, const std::string& name,
                                              std::vector<typed_expression>& args, int location);
typed_expression greatest_or_least(query_translator& t, const json& fields, const scope& where);
// a & b, a | b, a # b on integers, in the wider type (nullopt for another operator).
std::optional<typed_expression> integer_bitwise(query_translator& t, const std::string& op,
                                                typed_expression left, typed_expression right);
// << and >> on integers (int2, int4, int8 shifted by an int4 count): PostgreSQL's
// int*shl / int*shr; nullopt for other operators; 42883 at `location` (the
// operator's) for a shift PostgreSQL has no operator for.
std::optional<typed_expression> integer_shift(query_translator& t, const std::string& op,
                                              typed_expression left, typed_expression right,
                                              int location);

// nextval / currval / setval / lastval (sequence_functions.cpp); read from the
// call's own arguments, as a regclass argument is read through its cast.
std::optional<typed_expression> sequence_function(query_translator& t, const std::string& name,
                                                  const json& call, const scope& where);

// The functions of the system catalogs (cli/catalog/catalog_functions.cpp computes them).
std::optional<typed_expression> catalog_function(query_translator& t, const std::string& name,
                                                 std::vector<typed_expression>& args, int location);
// Subscripts and slices of arrays (a[i][j], a[i:j]; int2vector[i] / oidvector[i] from 0)
// and ARRAY[...] (array_expressions.cpp).
typed_expression array_subscript(query_translator& t, const json& indirection, const scope& where);
typed_expression array_constructor(query_translator& t, const json& constructor, const scope& where);
// The element type of an array type (an enum array's: the enum) and the array type of
// an element type, or nullopt (array_expressions.cpp).
std::optional<column_type> array_element_type(const column_type& array);
std::optional<column_type> array_type_of(const column_type& element);
// ARRAY(SELECT a ...) of arrays (array_expressions.cpp): `rows_sql` gives them as c1.
typed_expression array_of_arrays(const std::string& rows_sql, const column_type& array, const column_type& element);
// array_length / array_lower / array_upper / array_ndims / array_dims / cardinality of an
// array (nullopt for other names and for int2vector / oidvector); the functions that
// build or search arrays (array_functions.cpp: array_append, array_prepend, array_cat,
// array_replace, array_remove, array_positions, array_fill, trim_array).
std::optional<typed_expression> array_function(query_translator& t, const std::string& name,
                                               std::vector<typed_expression>& args, int location);
// ::regclass, ::regtype, ::oid and ::text of them; nullopt for other casts.
std::optional<typed_expression> catalog_cast(query_translator& t, const type_name_parts& target, const json& cast,
                                             const scope& where);
// ", position" of a literal a SQLite function reads when the statement runs (the
// argument giving its error's cursor); empty when unknown.
std::string position_argument(const query_translator& t, const typed_expression& literal);
// ::regprocedure, ::regoper and ::regoperator (routine_name_casts.cpp).
std::optional<typed_expression> routine_name_cast(query_translator& t, const std::string& type, const json& cast,
                                                  const scope& where);

// Set-returning functions of a select list (set_returning_functions.cpp):
// whether `target_list` calls one (outside sub-selects); the call's value at
// the select level's ordinal (nullopt when `call` is no such function); and
// field selection (rec).field on a record the translator computes.
bool has_set_returning_call(const json& target_list);
std::optional<typed_expression> set_returning_function(query_translator& t, const json& call, const scope& where);
typed_expression record_field_selection(query_translator& t, const json& indirection, const scope& where);
// A function in FROM (a RangeFunction's fields `f`): the JSON functions,
// unnest, pg_partition_ancestors, pg_options_to_table, generate_series(a, b);
// the FROM item's SQL, its columns added to `where`.
std::string function_from_item(query_translator& t, const json& f, const std::string& alias_name,
                               const std::vector<std::string>& column_aliases, scope& where);
// unnest(array) / pg_partition_ancestors(rel) [WITH ORDINALITY] in FROM: the FROM
// item's SQL, its columns added to `where`; nullopt for another function.
std::optional<std::string> set_returning_from_function(query_translator& t, const json& call, const std::string& alias,
                                                       const std::vector<std::string>& column_aliases,
                                                       bool ordinality, scope& where);

// JSON operators and functions (json_functions.cpp): -> ->> #> #>> @> <@ ? ?| ?&
// || - on json / jsonb operands (nullopt: not a JSON operation); to_json,
// json[b]_build_*, jsonb_set, ...; json[b]_agg and json[b]_object_agg (with
// ORDER BY; `filter` is the FILTER clause's SQL); and the set-returning
// json[b]_each / _array_elements / _object_keys in FROM (the FROM item's SQL,
// its columns added to `where`).
std::optional<typed_expression> json_operator(query_translator& t, const std::string& op, typed_expression& left,
                                              typed_expression& right, int location);
// stddev, variance & co. and the regression aggregates (statistics_aggregates.cpp);
// nullopt for other names. `filter` is the FILTER clause's SQL.
std::optional<typed_expression> statistical_aggregate(query_translator& t, const std::string& name,
                                                      std::vector<typed_expression>& args, bool distinct,
                                                      const std::string& filter);
// Array operators (array_functions.cpp): @> <@ && of two arrays and || with an array
// side (array_cat, array_append, array_prepend); nullopt when neither side is an array.
std::optional<typed_expression> array_operator(query_translator& t, const std::string& op, typed_expression& left,
                                               typed_expression& right, int location);
std::optional<typed_expression> array_edit_function(query_translator& t, const std::string& name,
                                                    std::vector<typed_expression>& args, int location);
std::optional<typed_expression> json_function(query_translator& t, const std::string& name,
                                              std::vector<typed_expression>& args, int location);
std::optional<typed_expression> json_aggregate(query_translator& t, const std::string& name, const json& call,
                                               const scope& where, const std::string& filter);
std::optional<std::string> json_from_function(query_translator& t, const json& call, const std::string& alias,
                                              const std::vector<std::string>& column_aliases, scope& where);
// FROM json[b]_to_record[set](doc) AS r(a int, ...): `column_list` is the
// RangeFunction's coldeflist; nullopt for another function.
std::optional<std::string> json_to_record_from_item(query_translator& t, const json& call, const json& column_list,
                                                    const std::string& alias, scope& where);
// json[b]_array_elements[_text] and json[b]_object_keys in a select list: the
// value at the level's ordinal, its length added to the level's.
bool is_json_set_returning_name(const std::string& name);
std::optional<typed_expression> json_set_returning(query_translator& t, const std::string& name,
                                                   std::vector<typed_expression>& args, set_returning_level& level);

// An aggregate's sort keys for pg_string_agg (aggregate_sort_keys.cpp): its ORDER BY
// keys; one DISTINCT value (`what` names the aggregate in 0A000s); either, as the call
// has DISTINCT (and ORDER BY: distinct_ordered_keys) or not. A key of a type without
// ordering (json, xml, point, ...) is 42883 at the key (require_sortable_key), as is
// any aggregate's DISTINCT argument of one (require_distinct_arguments).
void require_sortable_key(query_translator& t, const column_type& type, bool ordering, int location);
std::string aggregate_order_keys(query_translator& t, const json& call, const scope& where, const std::string& what);
std::string aggregate_distinct_key(query_translator& t, typed_expression value, int location, const std::string& what,
                                   int flags = 4);
std::string distinct_or_sort_keys(query_translator& t, const json& call, const scope& where, typed_expression value,
                                  const std::string& what);
void require_distinct_arguments(query_translator& t, const json& call, const std::vector<typed_expression>& args);

// left op right of two values of one geometric type, for the comparison operators
// PostgreSQL has for it (geometric_operators.cpp); nullopt for other operands and
// operators. `op` "IS" / "IS NOT" are IS NOT DISTINCT FROM / IS DISTINCT FROM. An
// untyped operand takes the type PostgreSQL resolves (42725 at `location` when several).
std::optional<typed_expression> geometric_operator(query_translator& t, const std::string& op, typed_expression& left,
                                                   typed_expression& right, int location = -1);
// Prefix @-@ of an lseg or path (float8) and # of a path or polygon (int4), 42883 for
// another geometric operand; nullopt for other operands (geometric_operators.cpp).
std::optional<typed_expression> geometric_prefix_operator(query_translator& t, const std::string& op,
                                                          const typed_expression& arg, int location);

// The sort keys of an aggregate with DISTINCT and ORDER BY, for pg_string_agg
// (distinct_aggregate_order.cpp): 42P10 for an ORDER BY expression not an argument.
std::string distinct_ordered_keys(query_translator& t, const json& call, const scope& where);

// date_bin and date_trunc(unit, timestamptz, zone) (date_bin_functions.cpp); date +
// time[tz], time[tz] + date, date - time, timestamp[tz] +/- time (nullopt for other
// operands).
std::optional<typed_expression> date_bin_function(query_translator& t, const std::string& name,
                                                  std::vector<typed_expression>& args, int location);
std::optional<typed_expression> date_time_arithmetic(const std::string& op, const typed_expression& left,
                                                     const typed_expression& right);

// regexp_count, regexp_instr, regexp_like, regexp_substr (regex_position_functions.cpp).
std::optional<typed_expression> regex_position_function(query_translator& t, const std::string& name,
                                                        std::vector<typed_expression>& args, int location);

// width_bucket, numeric exp / ln / log / power (numeric_functions.cpp); a ^ b of numerics
// (nullopt when the float8 operator applies).
std::optional<typed_expression> numeric_function(query_translator& t, const std::string& name,
                                                 std::vector<typed_expression>& args, int location);
std::optional<typed_expression> numeric_power_expression(query_translator& t, typed_expression base,
                                                         typed_expression exponent);

// encode, decode, sha224 ... sha512, md5 of bytea (bytea_functions.cpp).
std::optional<typed_expression> bytea_function(query_translator& t, const std::string& name,
                                               std::vector<typed_expression>& args, int location);

// PostgreSQL's 42883 function name(argument types) does not exist, at `location`
// (bytea_functions.cpp); and whether `value` can be the argument of a parameter of
// built-in type `type` (an untyped one is read as it; text types as text).
[[noreturn]] void no_such_function(query_translator& t, const std::string& name,
                                   const std::vector<typed_expression>& args, int location);
bool accepts_argument(query_translator& t, typed_expression& value, oid_t type);

// Helpers the families share (function_translator.cpp).
typed_expression typed_result(std::string sql, oid_t oid);
// The argument as text: untyped literals and $n read as text, text types as they
// are (bpchar without its trailing spaces); not_translatable for other types.
typed_expression text_argument(query_translator& t, typed_expression value);
// An untyped literal argument's text, or nullopt.
std::optional<std::string> literal_text(const typed_expression& value);

// A window function call (OVER) with PostgreSQL's result type (window_functions.cpp).
typed_expression window_call(query_translator& t, const std::string& name, const json& call, const scope& where);
// min / max of varchar, name and "char" give text, as PostgreSQL resolves them
// through the implicit casts to text; any other type: itself (function_translator.cpp).
column_type min_max_result_type(const column_type& type);
// min / max (`extreme`) of an array of json, xml or a geometric type: PostgreSQL's
// array_larger / array_smaller fail on the second value (array_cmp finds no comparison
// for the element), in an aggregate as over a window's frame; `count` counts the values
// (the aggregate's or the frame's). Other types: `extreme` itself (function_translator.cpp).
std::string failing_on_second_value(const typed_expression& arg, const std::string& count, const std::string& extreme);

// make_interval(years, months, weeks, days, hours, mins, secs), its arguments by
// position or by name (days => 3), the missing ones 0 (datetime_functions.cpp).
typed_expression make_interval_call(query_translator& t, const json& call, const scope& where);

}  // namespace tributary::translator
