// pgoutput_control_layouts: Begin, Commit, Origin, the Stream control messages
// and the two-phase messages (reference §3.2, §3.6, §3.7). Fixed layouts, some
// ending in a GID / origin name string. See pgoutput_layouts.hpp for the rules.
#include "stages/pgoutput/pgoutput_layouts.hpp"

namespace tributary::pgoutput {
namespace {

// A flags byte that must be 0 (PostgreSQL's reader rejects anything else).
uint8_t read_zero_flags(message_reader& r) {
  auto at = r.offset();
  auto flags = r.u8();
  if (r.ok() && flags != 0)
    r.fail_at(at, "unrecognized flags " + describe_byte(flags) + " (must be 0)");
  return flags;
}

// An LSN that PostgreSQL's reader requires to be set (non-zero).
lsn read_set_lsn(message_reader& r, const char* field) {
  auto at = r.offset();
  auto value = r.lsn_field();
  if (r.ok() && value.is_zero())
    r.fail_at(at, std::string(field) + " is not set (0/0)");
  return value;
}

// A byte that must be 0 or 1.
bool read_bool_byte(message_reader& r, const char* field) {
  auto at = r.offset();
  auto b = r.u8();
  if (r.ok() && b > 1)
    r.fail_at(at, std::string(field) + " must be 0 or 1, got " + describe_byte(b));
  return b == 1;
}

}  // namespace

begin_message read_begin(message_reader& r) {
  begin_message m;
  m.final_lsn = read_set_lsn(r, "final_lsn");
  m.commit_time = r.i64();
  m.xid = r.u32();
  return m;
}

commit_message read_commit(message_reader& r) {
  commit_message m;
  m.flags = read_zero_flags(r);
  m.commit_lsn = r.lsn_field();
  m.end_lsn = r.lsn_field();
  m.commit_time = r.i64();
  return m;
}

origin_message read_origin(message_reader& r) {
  origin_message m;
  m.origin_commit_lsn = r.lsn_field();
  m.origin_name = r.cstring();
  return m;
}

stream_start_message read_stream_start(message_reader& r) {
  stream_start_message m;
  m.xid = r.u32();
  m.first_segment = read_bool_byte(r, "first_segment");
  return m;
}

stream_commit_message read_stream_commit(message_reader& r) {
  stream_commit_message m;
  m.xid = r.u32();
  m.flags = read_zero_flags(r);
  m.commit_lsn = r.lsn_field();
  m.end_lsn = r.lsn_field();
  m.commit_time = r.i64();
  return m;
}

stream_abort_message read_stream_abort(message_reader& r, bool with_abort_info) {
  stream_abort_message m;
  m.xid = r.u32();
  m.subxid = r.u32();
  if (with_abort_info) {
    m.abort_lsn = r.lsn_field();
    m.abort_time = r.i64();
  }
  return m;
}

begin_prepare_message read_begin_prepare(message_reader& r) {
  begin_prepare_message m;  // no flags byte in this one
  m.prepare_lsn = read_set_lsn(r, "prepare_lsn");
  m.end_lsn = read_set_lsn(r, "end_lsn");
  m.prepare_time = r.i64();
  m.xid = r.u32();
  m.gid = r.cstring();
  return m;
}

prepare_message read_prepare(message_reader& r, bool streamed) {
  prepare_message m;
  m.streamed = streamed;
  m.flags = read_zero_flags(r);
  m.prepare_lsn = read_set_lsn(r, "prepare_lsn");
  m.end_lsn = read_set_lsn(r, "end_lsn");
  m.prepare_time = r.i64();
  auto xid_at = r.offset();
  m.xid = r.u32();
  if (r.ok() && m.xid == 0)
    r.fail_at(xid_at, "invalid two-phase transaction ID 0");
  m.gid = r.cstring();
  return m;
}

commit_prepared_message read_commit_prepared(message_reader& r) {
  commit_prepared_message m;
  m.flags = read_zero_flags(r);
  m.commit_lsn = read_set_lsn(r, "commit_lsn");
  m.end_lsn = read_set_lsn(r, "end_lsn");
  m.commit_time = r.i64();
  m.xid = r.u32();
  m.gid = r.cstring();
  return m;
}

rollback_prepared_message read_rollback_prepared(message_reader& r) {
  rollback_prepared_message m;
  m.flags = read_zero_flags(r);
  m.prepare_end_lsn = read_set_lsn(r, "prepare_end_lsn");
  m.rollback_end_lsn = read_set_lsn(r, "rollback_end_lsn");
  m.prepare_time = r.i64();
  m.rollback_time = r.i64();
  m.xid = r.u32();
  m.gid = r.cstring();
  return m;
}

}  // namespace tributary::pgoutput
