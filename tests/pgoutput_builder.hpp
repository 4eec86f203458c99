// pgoutput_builder: test-only construction of replication bytes.
//
// bytes_builder writes big-endian fields the way the reference tables list
// them; the free functions build whole, valid pgoutput messages and CopyData
// frames so that tests (and the fuzzer's seed generator) can state one field
// at a time what differs. Nothing here is used by production code.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tributary::testkit {

class bytes_builder {
public:
  bytes_builder& u8(uint8_t v) { out_.push_back(static_cast<char>(v)); return *this; }
  bytes_builder& ch(char c) { out_.push_back(c); return *this; }
  bytes_builder& u16(uint16_t v) { return be(v, 2); }
  bytes_builder& u32(uint32_t v) { return be(v, 4); }
  bytes_builder& i32(int32_t v) { return be(static_cast<uint32_t>(v), 4); }
  bytes_builder& u64(uint64_t v) { return be(v, 8); }
  bytes_builder& i64(int64_t v) { return be(static_cast<uint64_t>(v), 8); }
  // A NUL-terminated String.
  bytes_builder& str(std::string_view s) { out_.append(s); out_.push_back('\0'); return *this; }
  bytes_builder& raw(std::string_view s) { out_.append(s); return *this; }
  bytes_builder& xid_if(std::optional<uint32_t> xid) { return xid ? u32(*xid) : *this; }

  const std::string& bytes() const { return out_; }
  operator std::string() const { return out_; }

private:
  bytes_builder& be(uint64_t v, int n) {
    for (int shift = (n - 1) * 8; shift >= 0; shift -= 8)
      out_.push_back(static_cast<char>((v >> shift) & 0xffu));
    return *this;
  }
  std::string out_;
};

// One column of a Relation message.
struct column_spec {
  std::string name;
  uint32_t type_oid = 25;  // text
  bool key = false;
  int32_t typmod = -1;
};

// One TupleData column: kind 'n', 'u', 't' or 'b' (or anything, for error tests).
struct cell {
  char kind = 'n';
  std::string bytes;
};
inline cell text(std::string v) { return {'t', std::move(v)}; }
inline cell binary(std::string v) { return {'b', std::move(v)}; }
inline cell null_cell() { return {'n', {}}; }
inline cell unchanged() { return {'u', {}}; }

inline bytes_builder& tuple(bytes_builder& b, const std::vector<cell>& cells) {
  b.u16(static_cast<uint16_t>(cells.size()));
  for (const auto& c : cells) {
    b.ch(c.kind);
    if (c.kind == 't' || c.kind == 'b')
      b.i32(static_cast<int32_t>(c.bytes.size())).raw(c.bytes);
  }
  return b;
}

inline std::string begin_msg(uint64_t final_lsn, int64_t commit_time, uint32_t xid) {
  return bytes_builder().ch('B').u64(final_lsn).i64(commit_time).u32(xid);
}

inline std::string commit_msg(uint64_t commit_lsn, uint64_t end_lsn, int64_t commit_time,
                              uint8_t flags = 0) {
  return bytes_builder().ch('C').u8(flags).u64(commit_lsn).u64(end_lsn).i64(commit_time);
}

inline std::string relation_msg(uint32_t oid, std::string_view schema, std::string_view table,
                                char identity, const std::vector<column_spec>& columns,
                                std::optional<uint32_t> xid = std::nullopt) {
  bytes_builder b;
  b.ch('R').xid_if(xid).u32(oid).str(schema).str(table).ch(identity);
  b.u16(static_cast<uint16_t>(columns.size()));
  for (const auto& c : columns)
    b.u8(c.key ? 1 : 0).str(c.name).u32(c.type_oid).i32(c.typmod);
  return b;
}

inline std::string insert_msg(uint32_t oid, const std::vector<cell>& row,
                              std::optional<uint32_t> xid = std::nullopt) {
  bytes_builder b;
  b.ch('I').xid_if(xid).u32(oid).ch('N');
  return tuple(b, row);
}

// old_kind 0: no old tuple.
inline std::string update_msg(uint32_t oid, char old_kind, const std::vector<cell>& old_row,
                              const std::vector<cell>& new_row,
                              std::optional<uint32_t> xid = std::nullopt) {
  bytes_builder b;
  b.ch('U').xid_if(xid).u32(oid);
  if (old_kind != 0)
    tuple(b.ch(old_kind), old_row);
  return tuple(b.ch('N'), new_row);
}

inline std::string delete_msg(uint32_t oid, char old_kind, const std::vector<cell>& old_row,
                              std::optional<uint32_t> xid = std::nullopt) {
  bytes_builder b;
  b.ch('D').xid_if(xid).u32(oid).ch(old_kind);
  return tuple(b, old_row);
}

inline std::string stream_start_msg(uint32_t xid, bool first_segment) {
  return bytes_builder().ch('S').u32(xid).u8(first_segment ? 1 : 0);
}

inline std::string stream_stop_msg() { return "E"; }

inline std::string stream_commit_msg(uint32_t xid, uint64_t commit_lsn, uint64_t end_lsn,
                                     int64_t time, uint8_t flags = 0) {
  return bytes_builder().ch('c').u32(xid).u8(flags).u64(commit_lsn).u64(end_lsn).i64(time);
}

inline std::string stream_abort_msg(uint32_t xid, uint32_t subxid) {
  return bytes_builder().ch('A').u32(xid).u32(subxid);
}

inline std::string stream_abort_parallel_msg(uint32_t xid, uint32_t subxid, uint64_t abort_lsn,
                                             int64_t abort_time) {
  return bytes_builder().ch('A').u32(xid).u32(subxid).u64(abort_lsn).i64(abort_time);
}

// 'P' Prepare or 'p' Stream Prepare.
inline std::string prepare_msg(char type, uint64_t prepare_lsn, uint64_t end_lsn, int64_t time,
                               uint32_t xid, std::string_view gid, uint8_t flags = 0) {
  return bytes_builder().ch(type).u8(flags).u64(prepare_lsn).u64(end_lsn).i64(time).u32(xid).str(
      gid);
}

// 'w' XLogData around a pgoutput message.
inline std::string xlog_data(uint64_t wal_start, uint64_t wal_end, int64_t send_time,
                             std::string_view payload) {
  return bytes_builder().ch('w').u64(wal_start).u64(wal_end).i64(send_time).raw(payload);
}

inline std::string keepalive(uint64_t wal_end, int64_t send_time, uint8_t reply_requested) {
  return bytes_builder().ch('k').u64(wal_end).i64(send_time).u8(reply_requested);
}

}  // namespace tributary::testkit
