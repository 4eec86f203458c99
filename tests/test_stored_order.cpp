// stored_order: the collations SQLite uses for stored forms order them as
// PostgreSQL orders the values (expected orders printed by PostgreSQL 15).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "stages/types/builtin_types.hpp"
#include "stages/types/stored_order.hpp"

namespace tributary {
namespace {

TEST(StoredOrder, InetAndCidrSortAsNetworkCmp) {
  // SELECT v ORDER BY v on PostgreSQL 15 (values as network_out prints them).
  const std::vector<std::string> ordered = {
      "0.0.0.0/0",  "9.0.0.0",   "10.0.0.0/8",      "10.0.0.1/8",      "10.0.0.0/16",   "10.0.0.0",
      "10.1.2.3",   "192.168.1.0/24", "192.168.1.5/24", "192.168.1.5", "255.255.255.255", "::",
      "::1",        "::ffff:1.2.3.4", "2001:db8::/32", "2001:db8::1"};
  auto shuffled = ordered;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(7));
  std::sort(shuffled.begin(), shuffled.end(), [](const std::string& a, const std::string& b) {
    return compare_stored_inet(a, b) < 0;
  });
  EXPECT_EQ(shuffled, ordered);
  EXPECT_EQ(compare_stored_inet("10.0.0.0/8", "10.0.0.0/8"), 0);
  EXPECT_GT(compare_stored_inet("not an address", "::1"), 0) << "foreign text sorts last";
}

TEST(StoredOrder, PgLsnSortsByPositionAndOtherTextsLast) {
  // SELECT v ORDER BY v on PostgreSQL 15; then a text that is no LSN.
  const std::vector<std::string> ordered = {"0/0", "0/1", "0/A0", "1/0", "2/0", "16/B374D848",
                                            "FFFFFFFF/FFFFFFFF", "junk"};
  auto shuffled = ordered;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937(3));
  std::sort(shuffled.begin(), shuffled.end(), [](const std::string& a, const std::string& b) {
    return compare_stored_pg_lsn(a, b) < 0;
  });
  EXPECT_EQ(shuffled, ordered);
  EXPECT_EQ(compare_stored_pg_lsn("0/A0", "0/a0"), 0);
  EXPECT_EQ(find_builtin_type(3220)->collation, "pg_lsn");
}

TEST(StoredOrder, EveryCollationIsListedForRegistration) {
  std::vector<std::string> names;
  for (const auto& c : stored_collations())
    names.emplace_back(c.name);
  for (const char* name : {"pg_numeric", "pg_float", "pg_bpchar", "pg_interval", "pg_inet",
                           "pg_jsonb", "pg_tsvector", "pg_tsquery", "pg_int4range",
                           "pg_tstzmultirange", "pg_array_int4", "pg_array_numrange"})
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  // Every collation a built-in type's stored form declares is registered.
  for (oid_t oid = 1; oid < 7000; ++oid) {
    const type_descriptor* d = find_builtin_type(oid);
    if (d && d->collation != "BINARY") {
      EXPECT_NE(std::find(names.begin(), names.end(), d->collation), names.end()) << d->typname;
    }
  }
}

}  // namespace
}  // namespace tributary
