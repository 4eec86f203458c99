// array_element_order: how the elements of one array element type compare, over
// their stored values (the order array_order.hpp's array_cmp and array_edits.hpp's
// element searches use).
//
//   array_element_order(element_oid)  a built-in element type: its element texts
//       are read by the type's codec (parse_text, the publisher's settings) into
//       stored values, compared as their columns compare: integer storage
//       numerically, real numerically, blob by bytes, text by the type's
//       collation (builtin_types.hpp; "BINARY" = bytes). So 1.0 = 1.00 for
//       numeric elements. An element type without a codec: texts by bytes.
//   array_element_order(labels)       a user's enum: labels by its sort order.
//   of_arrays(inner_array_oid)        elements that are themselves arrays of
//       inner_array_oid values (an ill[] column's il[] values, il over int[]:
//       of_arrays(1007)): read by the array codec, compared as array_cmp of the
//       inner arrays' array_cmp ("pg_array__int4").
//   read     an array text's shape and its elements' stored values (nullopt for
//            NULL); array_in's error, or the element type's input error
//   compare  <0, 0, >0 of two non-NULL stored element values
// Pure, nothing cached beyond the constructor: thread-safe.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/column_type.hpp"
#include "stages/types/sql_value.hpp"
#include "stages/types/verbatim/array_text.hpp"

namespace tributary {

struct type_codec;
class enum_order;

// The three-way comparisons the array orders share: -1, 0, 1.
namespace array_compare {
template <class T>
int three_way(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}
inline int bytes(std::string_view a, std::string_view b) { return three_way(a.compare(b), 0); }
}  // namespace array_compare

struct stored_array {
  array_literal shape;  // its elements are cleared; see values
  std::vector<std::optional<sql_value>> values;
};

class array_element_order {
public:
  explicit array_element_order(oid_t element_oid);
  explicit array_element_order(const enum_order& labels);
  static array_element_order of_arrays(oid_t inner_array_oid);

  result<stored_array, pg_error> read(std::string_view text) const;
  int compare(const sql_value& a, const sql_value& b) const;
  char delimiter() const { return delimiter_; }

private:
  using text_compare = int (*)(std::string_view, std::string_view);

  const type_codec* codec_ = nullptr;  // nullptr: element texts compared by bytes
  column_type type_;
  char delimiter_ = ',';
  text_compare text_;                  // text storage's collation
  const enum_order* labels_ = nullptr;  // an enum's elements: by its sort order
};

}  // namespace tributary
