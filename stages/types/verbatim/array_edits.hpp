// array_edits: PostgreSQL's array functions that build a new array or search one
// (array_userfuncs.c, arrayfuncs.c), over arrays' parts (array_text.hpp: shape and
// element texts) and, for the searches, their elements' stored values compared by
// the element type's order (array_element_order.hpp). Each as PostgreSQL 15 does it,
// errors included (checked against a PostgreSQL 15 server):
//
//   concatenate_arrays   array_cat / anyarray || anyarray: an empty side gives the
//       other; the same number of dimensions: along the first one (the first's
//       lower bound), the others must agree in length and lower bound; one
//       dimension fewer on either side: added as one element of the outer
//       dimension (its dimensions and lower bounds must be the other's inner
//       ones). 2202E cannot concatenate incompatible arrays, with PostgreSQL's
//       three DETAILs.
//   append_element       array_append / anyarray || anyelement: one past the upper
//       bound; 22000 argument must be empty or one-dimensional array; 54000 array
//       lower bound is too large when the new upper bound overflows int4
//   prepend_element      array_prepend / anyelement || anyarray: in front, the lower
//       bound kept (PostgreSQL 15 readjusts it to the input's; 22003 integer out of
//       range when one below it would not fit in an int4)
//   fill_array           array_fill(value, dims [, lower bounds]): 22004 dimension
//       values cannot be null, 2202E wrong number of array subscripts (DETAIL as
//       PostgreSQL's), 54000 for more than 6 dimensions or more than 134217727
//       elements (a negative length counts as too many, as in PostgreSQL); a zero
//       length gives '{}'
//   trim_array           without the last n elements of the first dimension;
//       2202E number of elements to trim must be between 0 and N
//   element_positions    array_positions: the positions (from the array's lower
//       bound) positions of the elements equal to x (NULL x finds the NULLs);
//       0A000 for a multidimensional array
//   replace_elements     array_replace (from -> to) and array_remove (to absent):
//       every element equal to `from` (NULL finds the NULLs); array_remove of a
//       multidimensional array is 0A000, array_replace keeps the shape
//   array_contains       a @> b: every element of b equals some element of a (a
//       NULL element of b never matches); shapes do not matter
//   arrays_overlap       a && b: some non-NULL element of a equals one of b
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/verbatim/array_element_order.hpp"
#include "stages/types/verbatim/array_text.hpp"

namespace tributary {

using array_element = std::optional<std::string>;  // an element's text; nullopt = NULL

result<array_literal, pg_error> concatenate_arrays(const array_literal& a, const array_literal& b);
result<array_literal, pg_error> append_element(array_literal array, array_element element);
result<array_literal, pg_error> prepend_element(array_element element, array_literal array);
// dims / lower_bounds: the int4[] arguments' elements (nullopt = a NULL element) and
// their number of dimensions (1 expected).
struct fill_shape {
  std::vector<std::optional<int64_t>> values;
  size_t dimensions = 1;
};
result<array_literal, pg_error> fill_array(array_element value, const fill_shape& lengths,
                                           const std::optional<fill_shape>& lower_bounds);
result<array_literal, pg_error> trim_array(array_literal array, int64_t n);

// `values` is `array` read by `order` (the same elements, as stored values).
result<std::vector<int64_t>, pg_error> element_positions(const array_literal& array, const stored_array& values,
                                                         const std::optional<sql_value>& x,
                                                         const array_element_order& order);
result<array_literal, pg_error> replace_elements(array_literal array, const stored_array& values,
                                                 const std::optional<sql_value>& from,
                                                 const std::optional<array_element>& to,
                                                 const array_element_order& order);
bool array_contains(const stored_array& container, const stored_array& contained, const array_element_order& order);
bool arrays_overlap(const stored_array& a, const stored_array& b, const array_element_order& order);

}  // namespace tributary
