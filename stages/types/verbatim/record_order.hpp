// record_order: PostgreSQL's btree order of a composite type's values (rowtypes.c
// record_cmp), over their stored form (record_out's text, as a column of a table's
// row type or of a composite type keeps it), for the SQLite collations
// "pg_row_<type>" (storage/enum_collations.cpp registers them).
//
//   record_order(field_types).compare(a, b)  <0, 0, >0: field by field, each in its
//     type's order (array_element_order.hpp: the field text read by the type's codec
//     with the publisher's settings, so numeric 1.0 = 1.00; an array field as
//     array_cmp), a NULL field after any value and equal to a NULL; the first field
//     that differs decides ('(1,x)' < '(1,y)' < '(2,a)' < '(,a)'). A field of a type
//     without a codec (an enum, another row type) compares its texts by bytes. A text
//     that is not a record of that many fields (another tool's) sorts after every
//     valid one, then by bytes, so the order stays total.
// Pure, nothing cached beyond the constructor: thread-safe.
#pragma once

#include <string_view>
#include <vector>

#include "stages/pgoutput/pgoutput_messages.hpp"
#include "stages/types/verbatim/array_element_order.hpp"

namespace tributary {

class record_order {
public:
  // The fields' types in order (pg_type OIDs; 0 for a type compared by bytes).
  explicit record_order(std::vector<oid_t> field_types);

  int compare(std::string_view a, std::string_view b) const;

private:
  std::vector<oid_t> field_types_;
  std::vector<array_element_order> orders_;
};

}  // namespace tributary
