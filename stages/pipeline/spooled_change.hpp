// spooled_change: one row change of a streamed transaction as a spool record
// (storage/spool_file carries the records) and back.
//
// NOTES
//   Record payload (little-endian):
//     u32 subxid | u8 kind | u8 old_kind | u8 truncate_options | u32 relation
//     | u32 truncated count, u32 relation each | old tuple | new tuple
//   Decoded values view a copy of the record that the change keeps (storage).
//   tuple: u32 column count, then per column u8 kind ('n','u','t','b') and,
//   for 't'/'b', u32 length + bytes.
//   Relations travel as an index into the transaction's relation_table (kept in
//   memory: one entry per Relation snapshot the transaction's changes used, so
//   an ALTER TABLE inside the transaction keeps both shapes).
//
//   Errors: decode of a payload that is short, has an unknown kind or an index
//   outside the table is an error naming what is wrong (the spool file's CRC
//   makes this a bug or a foreign file, never a torn write).
//
//   Pure: no I/O.
//
//   Example: encode({insert, rel 16385, new (t "1")}, subxid 7) -> decode ->
//   the same change and subxid 7.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "stages/core/result.hpp"
#include "stages/pipeline/remote_transaction.hpp"

namespace tributary {

// The Relation snapshots of one spooled transaction, by index.
class relation_table {
public:
  uint32_t index_of(const relation_ptr& relation);
  const relation_ptr* at(uint32_t index) const {
    return index < relations_.size() ? &relations_[index] : nullptr;
  }
  size_t size() const { return relations_.size(); }

private:
  std::vector<relation_ptr> relations_;
  std::unordered_map<const relation_info*, uint32_t> index_;
};

struct spooled_change {
  xid_t subxid = 0;
  row_change change;
};

void encode_spooled_change(const row_change& change, xid_t subxid, relation_table& relations,
                           std::string& out);
result<spooled_change, std::string> decode_spooled_change(std::string_view payload,
                                                          const relation_table& relations);

}  // namespace tributary
