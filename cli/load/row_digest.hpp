// row_digest: the order-independent content checksum of a table, the same on the
// publisher and on Tributary.
//
// Definition. Both sides are read with the same session settings (TimeZone UTC,
// DateStyle ISO, IntervalStyle postgres, extra_float_digits 1, bytea_output hex), the
// published columns in the publisher's column order, in text format: Tributary prints
// every value as PostgreSQL's output function does, so equal values give equal text.
// A row's canonical text is each field as `<length>:<text>`, or `N` for NULL, joined
// with `|` (so NULL differs from '' and no field can fake a separator). A row's hash is
// FNV-1a 64 of that text; the table's checksum is the SUM of the row hashes modulo
// 2^64 and its count the number of rows. A sum, not an xor: a row present twice adds
// its hash twice, so a duplicate changes the checksum (with xor it would cancel).
//
// Why on the client: Tributary has md5() but no whole-row text (`t::text`), no
// hashtext(), and `('x' || substr(md5(...), 1, 16))::bit(64)::bigint` (PostgreSQL's
// usual way to sum hashes in SQL) fails there with 22003 "out of range for type
// bigint" (tried on a running server), so no SQL expression computes the same sum on
// both engines; hashing the text both return is equally exact.
//
// When counts or checksums differ, row_multiset compares the two sides row by row
// (each row by its hash, with its key text kept to name it): rows lost (on the
// publisher more often than on the subscriber), rows duplicated (a publisher row
// present more often on the subscriber), rows unexpected (on the subscriber, not on
// the publisher at all: an update applied wrongly or a row that should be gone), and
// the first keys that differ, in key order.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tributary::load {

// One field of a row as libpq returns it: nullopt for NULL.
using field_text = std::optional<std::string>;

std::string canonical_row_text(const std::vector<field_text>& fields);
uint64_t fnv1a_64(const std::string& text);

struct table_digest {
  int64_t rows = 0;
  uint64_t checksum = 0;

  void add(const std::vector<field_text>& fields) { add_hash(fnv1a_64(canonical_row_text(fields))); }
  void add_hash(uint64_t hash) {
    ++rows;
    checksum += hash;  // modulo 2^64
  }
  bool operator==(const table_digest& other) const { return rows == other.rows && checksum == other.checksum; }
  bool operator!=(const table_digest& other) const { return !(*this == other); }
};

struct row_difference {
  int64_t lost = 0;
  int64_t duplicated = 0;
  int64_t unexpected = 0;
  std::vector<std::string> first_keys;  // keys of differing rows, ascending, at most `key_limit`
};

class row_multiset {
public:
  enum class side { publisher, subscriber };
  // `key` names the row in the report (the key column's text, or the row's text for
  // a keyless table).
  void add(side where, const std::string& key, const std::vector<field_text>& fields);
  row_difference compare(size_t key_limit = 10) const;

private:
  struct counts {
    int64_t publisher = 0;
    int64_t subscriber = 0;
    std::string key;
  };
  std::unordered_map<uint64_t, counts> rows_;
};

}  // namespace tributary::load
