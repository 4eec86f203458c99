// row_digest: canonical row text, FNV-1a, the summed checksum and the row-by-row
// comparison. See row_digest.hpp.
#include "cli/load/row_digest.hpp"

#include <algorithm>
#include <set>

namespace tributary::load {

std::string canonical_row_text(const std::vector<field_text>& fields) {
  std::string out;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i > 0) out.push_back('|');
    if (!fields[i]) {
      out.push_back('N');
      continue;
    }
    out += std::to_string(fields[i]->size());
    out.push_back(':');
    out += *fields[i];
  }
  return out;
}

uint64_t fnv1a_64(const std::string& text) {
  uint64_t hash = 14695981039346656037ULL;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ULL;
  }
  return hash;
}

void row_multiset::add(side where, const std::string& key, const std::vector<field_text>& fields) {
  auto& entry = rows_[fnv1a_64(canonical_row_text(fields))];
  if (entry.key.empty()) entry.key = key;
  if (where == side::publisher)
    ++entry.publisher;
  else
    ++entry.subscriber;
}

namespace {

// Keys that look like integers sort numerically, the others as text.
bool key_less(const std::string& a, const std::string& b) {
  auto numeric = [](const std::string& s) {
    return !s.empty() && s.size() < 19 &&
           std::all_of(s.begin() + (s[0] == '-' ? 1 : 0), s.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
           s != "-";
  };
  if (numeric(a) && numeric(b)) return std::stoll(a) < std::stoll(b);
  return a < b;
}

}  // namespace

row_difference row_multiset::compare(size_t key_limit) const {
  row_difference out;
  std::vector<std::string> keys;
  for (const auto& [hash, c] : rows_) {
    if (c.publisher == c.subscriber) continue;
    if (c.publisher > c.subscriber)
      out.lost += c.publisher - c.subscriber;
    else if (c.publisher > 0)
      out.duplicated += c.subscriber - c.publisher;
    else
      out.unexpected += c.subscriber;
    keys.push_back(c.key);
  }
  std::sort(keys.begin(), keys.end(), key_less);
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  if (keys.size() > key_limit) keys.resize(key_limit);
  out.first_keys = std::move(keys);
  return out;
}

}  // namespace tributary::load
