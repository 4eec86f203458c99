// spooled_change: see the NOTES in the header.
#include "stages/pipeline/spooled_change.hpp"

namespace tributary {

namespace {

void put_u8(std::string& out, uint8_t v) { out.push_back(static_cast<char>(v)); }

void put_u32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i)
    out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

void put_tuple(std::string& out, const tuple_data& tuple) {
  put_u32(out, static_cast<uint32_t>(tuple.size()));
  for (const auto& v : tuple) {
    put_u8(out, static_cast<uint8_t>(v.k));
    if (v.k == tuple_value::kind::text || v.k == tuple_value::kind::binary) {
      put_u32(out, static_cast<uint32_t>(v.bytes.size()));
      out.append(v.bytes);
    }
  }
}

// Reads the payload front to back; every read checks the bytes left.
class payload_reader {
public:
  explicit payload_reader(std::string_view bytes) : bytes_(bytes) {}

  bool u8(uint8_t& v) {
    if (bytes_.size() - pos_ < 1)
      return false;
    v = static_cast<uint8_t>(bytes_[pos_++]);
    return true;
  }
  bool u32(uint32_t& v) {
    if (bytes_.size() - pos_ < 4)
      return false;
    v = 0;
    for (int i = 0; i < 4; ++i)
      v |= static_cast<uint32_t>(static_cast<uint8_t>(bytes_[pos_ + i])) << (8 * i);
    pos_ += 4;
    return true;
  }
  bool bytes(uint32_t n, std::string_view& out) {
    if (bytes_.size() - pos_ < n)
      return false;
    out = bytes_.substr(pos_, n);
    pos_ += n;
    return true;
  }
  size_t left() const { return bytes_.size() - pos_; }

private:
  std::string_view bytes_;
  size_t pos_ = 0;
};

bool read_tuple(payload_reader& r, tuple_data& tuple) {
  uint32_t count = 0;
  if (!r.u32(count) || count > r.left())  // every column takes at least one byte
    return false;
  tuple.resize(count);
  for (auto& v : tuple) {
    uint8_t k = 0;
    if (!r.u8(k))
      return false;
    switch (k) {
      case 'n': v.k = tuple_value::kind::null; break;
      case 'u': v.k = tuple_value::kind::unchanged_toast; break;
      case 't':
      case 'b': {
        v.k = static_cast<tuple_value::kind>(k);
        uint32_t n = 0;
        if (!r.u32(n) || !r.bytes(n, v.bytes))
          return false;
        break;
      }
      default: return false;
    }
  }
  return true;
}

}  // namespace

uint32_t relation_table::index_of(const relation_ptr& relation) {
  auto [it, inserted] = index_.emplace(relation.get(), static_cast<uint32_t>(relations_.size()));
  if (inserted)
    relations_.push_back(relation);
  return it->second;
}

void encode_spooled_change(const row_change& change, xid_t subxid, relation_table& relations,
                           std::string& out) {
  put_u32(out, subxid);
  put_u8(out, static_cast<uint8_t>(change.kind));
  put_u8(out, static_cast<uint8_t>(change.old_kind));
  put_u8(out, change.truncate_options);
  put_u32(out, relations.index_of(change.relation));
  put_u32(out, static_cast<uint32_t>(change.truncated.size()));
  for (const auto& r : change.truncated)
    put_u32(out, relations.index_of(r));
  put_tuple(out, change.old_tuple);
  put_tuple(out, change.new_tuple);
}

result<spooled_change, std::string> decode_spooled_change(std::string_view payload,
                                                          const relation_table& relations) {
  // The values view one copy of the record, which the change keeps.
  auto owned = std::make_shared<const std::string>(payload);
  payload_reader r(*owned);
  spooled_change out;
  out.change.storage = owned;
  uint8_t kind = 0, old_kind = 0;
  uint32_t relation = 0, truncated = 0;
  if (!r.u32(out.subxid) || !r.u8(kind) || !r.u8(old_kind) || !r.u8(out.change.truncate_options) ||
      !r.u32(relation) || !r.u32(truncated))
    return fail(std::string("spooled change is truncated"));
  if (kind > static_cast<uint8_t>(change_kind::truncate))
    return fail("spooled change has unknown kind " + std::to_string(kind));
  out.change.kind = static_cast<change_kind>(kind);
  out.change.old_kind = static_cast<char>(old_kind);
  auto* rel = relations.at(relation);
  if (!rel)
    return fail("spooled change names relation " + std::to_string(relation) + " of " +
                std::to_string(relations.size()));
  out.change.relation = *rel;
  if (truncated > r.left() / 4)
    return fail(std::string("spooled change is truncated"));
  for (uint32_t i = 0; i < truncated; ++i) {
    uint32_t index = 0;
    r.u32(index);
    auto* t = relations.at(index);
    if (!t)
      return fail("spooled change names relation " + std::to_string(index) + " of " +
                  std::to_string(relations.size()));
    out.change.truncated.push_back(*t);
  }
  if (!read_tuple(r, out.change.old_tuple) || !read_tuple(r, out.change.new_tuple))
    return fail(std::string("spooled change has a malformed tuple"));
  if (r.left() != 0)
    return fail("spooled change has " + std::to_string(r.left()) + " bytes after its end");
  return out;
}

}  // namespace tributary
