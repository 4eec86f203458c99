// wal_frames: parsing of 'w' / 'k' CopyData payloads, encoding of the 'r'
// standby status update, PostgreSQL timestamp conversion. See wal_frames.hpp.
#include "stages/pgoutput/wal_frames.hpp"

#include "stages/core/message_reader.hpp"

namespace tributary {
namespace {

result<copy_frame, protocol_error> parse_xlog_data(message_reader& r, std::string_view all) {
  xlog_data_frame frame;
  frame.wal_start = r.lsn_field();
  frame.wal_end = r.lsn_field();
  frame.send_time = r.i64();
  if (!r.ok())
    return fail(r.error());
  frame.payload = all.substr(xlog_data_header_size);
  return copy_frame{std::move(frame)};
}

result<copy_frame, protocol_error> parse_keepalive(message_reader& r) {
  keepalive_frame frame;
  frame.wal_end = r.lsn_field();
  frame.send_time = r.i64();
  auto reply_at = r.offset();
  auto reply = r.u8();
  if (r.ok() && reply > 1)
    r.fail_at(reply_at, "replyRequested must be 0 or 1, got " + describe_byte(reply));
  frame.reply_requested = reply == 1;
  return r.finish(copy_frame{frame});
}

void put_u64(std::string& out, uint64_t v) {
  for (int shift = 56; shift >= 0; shift -= 8)
    out.push_back(static_cast<char>((v >> shift) & 0xffu));
}

}  // namespace

result<copy_frame, protocol_error> parse_copy_frame(std::string_view copy_data) {
  message_reader r(copy_data, "CopyData");
  if (copy_data.empty()) {
    r.fail_at(0, "empty frame");
    return fail(r.error());
  }
  auto type = static_cast<char>(r.u8());
  switch (type) {
    case 'w':
      r.set_kind("XLogData");
      return parse_xlog_data(r, copy_data);
    case 'k':
      r.set_kind("Primary keepalive");
      return parse_keepalive(r);
    default:
      return copy_frame{unknown_frame{type}};
  }
}

std::string encode_standby_status(lsn write, lsn flush, lsn apply, pg_timestamp now,
                                  bool reply_requested) {
  std::string out;
  out.reserve(standby_status_size);
  out.push_back('r');
  put_u64(out, write.value());
  put_u64(out, flush.value());
  put_u64(out, apply.value());
  put_u64(out, static_cast<uint64_t>(now));
  out.push_back(reply_requested ? 1 : 0);
  return out;
}

pg_timestamp to_pg_timestamp(std::chrono::system_clock::time_point t) {
  using std::chrono::duration_cast;
  using std::chrono::microseconds;
  // system_clock spans +-292 years around 1970 in nanoseconds: no overflow here.
  return duration_cast<microseconds>(t.time_since_epoch()).count() - pg_epoch_offset_us;
}

std::chrono::system_clock::time_point from_pg_timestamp(pg_timestamp t) {
  using std::chrono::duration_cast;
  using std::chrono::microseconds;
  using clock_duration = std::chrono::system_clock::duration;
  const int64_t max_us = duration_cast<microseconds>(clock_duration::max()).count();
  const int64_t min_us = duration_cast<microseconds>(clock_duration::min()).count();
  int64_t unix_us = 0;
  if (t > max_us - pg_epoch_offset_us)
    unix_us = max_us;
  else if (t < min_us - pg_epoch_offset_us)
    unix_us = min_us;
  else
    unix_us = t + pg_epoch_offset_us;
  return std::chrono::system_clock::time_point(
      duration_cast<clock_duration>(microseconds(unix_us)));
}

}  // namespace tributary
