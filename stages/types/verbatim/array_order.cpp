// array_order: array_cmp over stored array texts. See array_order.hpp.
//
// Each side is read once into its shape and its elements' stored values
// (array_element_order.hpp); a side that does not read is invalid.
#include "stages/types/verbatim/array_order.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "stages/types/verbatim/array_element_order.hpp"

namespace tributary {
namespace {

using array_compare::three_way;
constexpr auto compare_bytes = array_compare::bytes;

int compare_arrays(const array_element_order& order, const stored_array& a, const stored_array& b) {
  const size_t common = std::min(a.values.size(), b.values.size());
  for (size_t i = 0; i < common; ++i) {
    const auto& x = a.values[i];
    const auto& y = b.values[i];
    if (!x || !y) {
      if (x || y)
        return x ? -1 : 1;  // NULL sorts after any value
      continue;
    }
    if (int c = order.compare(*x, *y); c != 0)
      return c;
  }
  if (a.values.size() != b.values.size())
    return three_way(a.values.size(), b.values.size());
  const auto& sa = a.shape;
  const auto& sb = b.shape;
  if (sa.lengths.size() != sb.lengths.size())
    return three_way(sa.lengths.size(), sb.lengths.size());
  if (int c = three_way(sa.lengths, sb.lengths); c != 0)
    return c;
  return three_way(sa.lower_bounds, sb.lower_bounds);
}

template <oid_t InnerArrayOid>
int compare_stored_array_of_arrays_of(std::string_view a, std::string_view b) {
  return compare_stored_array_of_arrays(InnerArrayOid, a, b);
}

// Element types that have a codec and an array type in builtin_types.cpp.
constexpr stored_collation array_collations[] = {
    {"pg_array_bool", compare_stored_array_of<16>},
    {"pg_array_bytea", compare_stored_array_of<17>},
    {"pg_array_char", compare_stored_array_of<18>},
    {"pg_array_name", compare_stored_array_of<19>},
    {"pg_array_int8", compare_stored_array_of<20>},
    {"pg_array_int2", compare_stored_array_of<21>},
    {"pg_array_int4", compare_stored_array_of<23>},
    {"pg_array_text", compare_stored_array_of<25>},
    {"pg_array_oid", compare_stored_array_of<26>},
    {"pg_array_json", compare_stored_array_of<114>},
    {"pg_array_xml", compare_stored_array_of<142>},
    {"pg_array_point", compare_stored_array_of<600>},
    {"pg_array_cidr", compare_stored_array_of<650>},
    {"pg_array_float4", compare_stored_array_of<700>},
    {"pg_array_float8", compare_stored_array_of<701>},
    {"pg_array_macaddr8", compare_stored_array_of<774>},
    {"pg_array_money", compare_stored_array_of<790>},
    {"pg_array_macaddr", compare_stored_array_of<829>},
    {"pg_array_inet", compare_stored_array_of<869>},
    {"pg_array_bpchar", compare_stored_array_of<1042>},
    {"pg_array_varchar", compare_stored_array_of<1043>},
    {"pg_array_date", compare_stored_array_of<1082>},
    {"pg_array_time", compare_stored_array_of<1083>},
    {"pg_array_timestamp", compare_stored_array_of<1114>},
    {"pg_array_timestamptz", compare_stored_array_of<1184>},
    {"pg_array_interval", compare_stored_array_of<1186>},
    {"pg_array_timetz", compare_stored_array_of<1266>},
    {"pg_array_bit", compare_stored_array_of<1560>},
    {"pg_array_varbit", compare_stored_array_of<1562>},
    {"pg_array_numeric", compare_stored_array_of<1700>},
    {"pg_array_uuid", compare_stored_array_of<2950>},
    {"pg_array_pg_lsn", compare_stored_array_of<3220>},
    {"pg_array_jsonb", compare_stored_array_of<3802>},
    {"pg_array_tsvector", compare_stored_array_of<3614>},
    {"pg_array_tsquery", compare_stored_array_of<3615>},
    {"pg_array_int4range", compare_stored_array_of<3904>},
    {"pg_array_numrange", compare_stored_array_of<3906>},
    {"pg_array_tsrange", compare_stored_array_of<3908>},
    {"pg_array_tstzrange", compare_stored_array_of<3910>},
    {"pg_array_daterange", compare_stored_array_of<3912>},
    {"pg_array_int8range", compare_stored_array_of<3926>},
    // Arrays of arrays: an array of a domain over an array (il[], domain_over_array.hpp),
    // its elements compared as the base array type's own (array_cmp twice).
    {"pg_array__bool", compare_stored_array_of<1000>},
    {"pg_array__bytea", compare_stored_array_of<1001>},
    {"pg_array__char", compare_stored_array_of<1002>},
    {"pg_array__name", compare_stored_array_of<1003>},
    {"pg_array__int8", compare_stored_array_of<1016>},
    {"pg_array__int2", compare_stored_array_of<1005>},
    {"pg_array__int4", compare_stored_array_of<1007>},
    {"pg_array__text", compare_stored_array_of<1009>},
    {"pg_array__oid", compare_stored_array_of<1028>},
    {"pg_array__json", compare_stored_array_of<199>},
    {"pg_array__xml", compare_stored_array_of<143>},
    {"pg_array__point", compare_stored_array_of<1017>},
    {"pg_array__cidr", compare_stored_array_of<651>},
    {"pg_array__float4", compare_stored_array_of<1021>},
    {"pg_array__float8", compare_stored_array_of<1022>},
    {"pg_array__macaddr8", compare_stored_array_of<775>},
    {"pg_array__money", compare_stored_array_of<791>},
    {"pg_array__macaddr", compare_stored_array_of<1040>},
    {"pg_array__inet", compare_stored_array_of<1041>},
    {"pg_array__bpchar", compare_stored_array_of<1014>},
    {"pg_array__varchar", compare_stored_array_of<1015>},
    {"pg_array__date", compare_stored_array_of<1182>},
    {"pg_array__time", compare_stored_array_of<1183>},
    {"pg_array__timestamp", compare_stored_array_of<1115>},
    {"pg_array__timestamptz", compare_stored_array_of<1185>},
    {"pg_array__interval", compare_stored_array_of<1187>},
    {"pg_array__timetz", compare_stored_array_of<1270>},
    {"pg_array__bit", compare_stored_array_of<1561>},
    {"pg_array__varbit", compare_stored_array_of<1563>},
    {"pg_array__numeric", compare_stored_array_of<1231>},
    {"pg_array__uuid", compare_stored_array_of<2951>},
    {"pg_array__pg_lsn", compare_stored_array_of<3221>},
    {"pg_array__jsonb", compare_stored_array_of<3807>},
    {"pg_array__tsvector", compare_stored_array_of<3643>},
    {"pg_array__tsquery", compare_stored_array_of<3645>},
    {"pg_array__int4range", compare_stored_array_of<3905>},
    {"pg_array__numrange", compare_stored_array_of<3907>},
    {"pg_array__tsrange", compare_stored_array_of<3909>},
    {"pg_array__tstzrange", compare_stored_array_of<3911>},
    {"pg_array__daterange", compare_stored_array_of<3913>},
    {"pg_array__int8range", compare_stored_array_of<3927>},
    // Arrays of arrays of arrays: an array of a domain over il[] (ill[]), its elements
    // il[] values compared as il[]'s own order (array_cmp three times).
    {"pg_array___bool", compare_stored_array_of_arrays_of<1000>},
    {"pg_array___bytea", compare_stored_array_of_arrays_of<1001>},
    {"pg_array___char", compare_stored_array_of_arrays_of<1002>},
    {"pg_array___name", compare_stored_array_of_arrays_of<1003>},
    {"pg_array___int8", compare_stored_array_of_arrays_of<1016>},
    {"pg_array___int2", compare_stored_array_of_arrays_of<1005>},
    {"pg_array___int4", compare_stored_array_of_arrays_of<1007>},
    {"pg_array___text", compare_stored_array_of_arrays_of<1009>},
    {"pg_array___oid", compare_stored_array_of_arrays_of<1028>},
    {"pg_array___json", compare_stored_array_of_arrays_of<199>},
    {"pg_array___xml", compare_stored_array_of_arrays_of<143>},
    {"pg_array___point", compare_stored_array_of_arrays_of<1017>},
    {"pg_array___cidr", compare_stored_array_of_arrays_of<651>},
    {"pg_array___float4", compare_stored_array_of_arrays_of<1021>},
    {"pg_array___float8", compare_stored_array_of_arrays_of<1022>},
    {"pg_array___macaddr8", compare_stored_array_of_arrays_of<775>},
    {"pg_array___money", compare_stored_array_of_arrays_of<791>},
    {"pg_array___macaddr", compare_stored_array_of_arrays_of<1040>},
    {"pg_array___inet", compare_stored_array_of_arrays_of<1041>},
    {"pg_array___bpchar", compare_stored_array_of_arrays_of<1014>},
    {"pg_array___varchar", compare_stored_array_of_arrays_of<1015>},
    {"pg_array___date", compare_stored_array_of_arrays_of<1182>},
    {"pg_array___time", compare_stored_array_of_arrays_of<1183>},
    {"pg_array___timestamp", compare_stored_array_of_arrays_of<1115>},
    {"pg_array___timestamptz", compare_stored_array_of_arrays_of<1185>},
    {"pg_array___interval", compare_stored_array_of_arrays_of<1187>},
    {"pg_array___timetz", compare_stored_array_of_arrays_of<1270>},
    {"pg_array___bit", compare_stored_array_of_arrays_of<1561>},
    {"pg_array___varbit", compare_stored_array_of_arrays_of<1563>},
    {"pg_array___numeric", compare_stored_array_of_arrays_of<1231>},
    {"pg_array___uuid", compare_stored_array_of_arrays_of<2951>},
    {"pg_array___pg_lsn", compare_stored_array_of_arrays_of<3221>},
    {"pg_array___jsonb", compare_stored_array_of_arrays_of<3807>},
    {"pg_array___tsvector", compare_stored_array_of_arrays_of<3643>},
    {"pg_array___tsquery", compare_stored_array_of_arrays_of<3645>},
    {"pg_array___int4range", compare_stored_array_of_arrays_of<3905>},
    {"pg_array___numrange", compare_stored_array_of_arrays_of<3907>},
    {"pg_array___tsrange", compare_stored_array_of_arrays_of<3909>},
    {"pg_array___tstzrange", compare_stored_array_of_arrays_of<3911>},
    {"pg_array___daterange", compare_stored_array_of_arrays_of<3913>},
    {"pg_array___int8range", compare_stored_array_of_arrays_of<3927>},
};

}  // namespace

namespace {

int compare_stored(const array_element_order& order, std::string_view a, std::string_view b) {
  const auto x = order.read(a);
  const auto y = order.read(b);
  if (x.ok() && y.ok())
    return compare_arrays(order, *x, *y);
  if (x.ok() || y.ok())
    return x.ok() ? -1 : 1;  // an invalid text after every valid one
  return compare_bytes(a, b);
}

}  // namespace

int compare_stored_array(oid_t element_oid, std::string_view a, std::string_view b) {
  return compare_stored(array_element_order(element_oid), a, b);
}

int compare_stored_array_of_arrays(oid_t inner_array_oid, std::string_view a, std::string_view b) {
  return compare_stored(array_element_order::of_arrays(inner_array_oid), a, b);
}

int compare_stored_enum_array(const enum_order& labels, std::string_view a, std::string_view b) {
  return compare_stored(array_element_order(labels), a, b);
}

std::span<const stored_collation> stored_array_collations() { return array_collations; }

}  // namespace tributary
