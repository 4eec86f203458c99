// superseded_updates: see superseded_updates.hpp.
#include "stages/pipeline/superseded_updates.hpp"

#include <string>
#include <unordered_map>

namespace tributary {
namespace {

// The row's key as one string: per key column its value kind, its length and
// its bytes, so that no two different keys make the same string.
void append_key(std::string& key, const row_change& change, std::span<const uint32_t> key_columns) {
  key.clear();
  for (uint32_t column : key_columns) {
    const tuple_value& v = column < change.new_tuple.size() ? change.new_tuple[column] : tuple_value{};
    key += static_cast<char>(v.k);
    const auto size = static_cast<uint32_t>(v.bytes.size());
    key.append(reinterpret_cast<const char*>(&size), sizeof size);
    key.append(v.bytes);
  }
}

}  // namespace

update_chains chains_of(std::span<const remote_transaction_ptr> group, std::span<const row_ref> rows,
                        std::span<const uint32_t> key_columns) {
  update_chains out;
  out.previous.assign(rows.size(), update_chains::none);
  out.superseded.assign(rows.size(), false);
  std::unordered_map<std::string, uint32_t> last_of_key;
  last_of_key.reserve(rows.size());
  std::string key;
  for (uint32_t r = 0; r < rows.size(); ++r) {
    append_key(key, change_at(group, rows[r]), key_columns);
    auto [it, first] = last_of_key.try_emplace(key, r);
    if (!first) {
      out.previous[r] = it->second;
      out.superseded[it->second] = true;
      it->second = r;
    }
  }
  return out;
}

}  // namespace tributary
