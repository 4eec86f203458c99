// stored_order: the list of collations the storage layer registers. See stored_order.hpp.
#include "stages/types/stored_order.hpp"

namespace tributary {

std::span<const stored_collation> stored_collations() {
  static const stored_collation all[] = {
      {"pg_numeric", compare_stored_numeric},
      {"pg_float", compare_stored_float},
      {"pg_bpchar", compare_stored_bpchar},
      {"pg_interval", compare_stored_interval},
      {"pg_inet", compare_stored_inet},
  };
  return all;
}

}  // namespace tributary
