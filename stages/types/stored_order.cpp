// stored_order: the list of collations the storage layer registers. See stored_order.hpp.
#include "stages/types/stored_order.hpp"

#include <vector>

#include "stages/types/verbatim/array_order.hpp"

namespace tributary {
namespace {

template <oid_t RangeOid>
int compare_range_of(std::string_view a, std::string_view b) {
  return compare_stored_range(RangeOid, a, b);
}

}  // namespace

std::span<const stored_collation> stored_collations() {
  static const std::vector<stored_collation> all = [] {
    std::vector<stored_collation> v = {
        {"pg_numeric", compare_stored_numeric},
        {"pg_float", compare_stored_float},
        {"pg_bpchar", compare_stored_bpchar},
        {"pg_interval", compare_stored_interval},
        {"pg_inet", compare_stored_inet},
        {"pg_jsonb", compare_stored_jsonb},
        {"pg_tsvector", compare_stored_tsvector},
        {"pg_tsquery", compare_stored_tsquery},
        {"pg_lsn", compare_stored_pg_lsn},
        {"pg_int4range", compare_range_of<3904>},
        {"pg_numrange", compare_range_of<3906>},
        {"pg_tsrange", compare_range_of<3908>},
        {"pg_tstzrange", compare_range_of<3910>},
        {"pg_daterange", compare_range_of<3912>},
        {"pg_int8range", compare_range_of<3926>},
        {"pg_int4multirange", compare_range_of<4451>},
        {"pg_nummultirange", compare_range_of<4532>},
        {"pg_tsmultirange", compare_range_of<4533>},
        {"pg_tstzmultirange", compare_range_of<4534>},
        {"pg_datemultirange", compare_range_of<4535>},
        {"pg_int8multirange", compare_range_of<4536>},
    };
    for (const stored_collation& c : stored_array_collations())
      v.push_back(c);
    return v;
  }();
  return all;
}

}  // namespace tributary
