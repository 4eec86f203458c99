// fuzz_pgoutput_decoder: libFuzzer target for the pgoutput decoder and the
// CopyBoth frame parser.
//
// Input format (so that stateful paths get exercised: relations announced,
// stream blocks opened and closed, caches reset):
//   byte 0        options: bits 0-1 = proto_version - 1, bit 2 = streaming
//                 'parallel' (only kept with proto_version 4)
//   then chunks   u16 big-endian length + that many bytes (cut at the end of
//                 the input). Every chunk goes to parse_copy_frame and to one
//                 long-lived decoder; the payload of a 'w' frame is decoded
//                 too. A zero-length chunk calls reset() (a reconnect).
// Seeds in this format are written by fuzz_pgoutput_seeds (scripts/fuzz.sh).
//
// Besides what the sanitizers catch, the target checks the decoder's promises
// and traps when one is broken: an error's offset lies inside the message, an
// error names a message kind, a decoded Relation is in the cache, a decoded
// change has the announced column count, Stream Start/Stop move the state.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <variant>

#include "stages/pgoutput/pgoutput_decoder.hpp"
#include "stages/pgoutput/wal_frames.hpp"

namespace {

using namespace tributary;

void check(bool condition) {
  if (!condition)
    __builtin_trap();
}

void check_columns(const pgoutput_decoder& decoder, oid_t relation_oid, const tuple_data& tuple) {
  const relation_info* rel = decoder.relation(relation_oid);
  check(rel != nullptr);
  check(tuple.size() == rel->columns.size());
}

void check_message(const pgoutput_decoder& decoder, const pgoutput_message& message) {
  if (auto* m = std::get_if<relation_message>(&message)) {
    const relation_info* cached = decoder.relation(m->relation.relation_oid);
    check(cached != nullptr && cached->columns.size() == m->relation.columns.size());
  } else if (auto* m = std::get_if<insert_message>(&message)) {
    check_columns(decoder, m->relation_oid, m->new_tuple);
  } else if (auto* m = std::get_if<update_message>(&message)) {
    check_columns(decoder, m->relation_oid, m->new_tuple);
    if (m->old_kind != 0)
      check_columns(decoder, m->relation_oid, m->old_tuple);
  } else if (auto* m = std::get_if<delete_message>(&message)) {
    check_columns(decoder, m->relation_oid, m->old_tuple);
  } else if (std::holds_alternative<stream_start_message>(message)) {
    check(decoder.in_stream_block());
  } else if (std::holds_alternative<stream_stop_message>(message)) {
    check(!decoder.in_stream_block());
  }
}

void decode_one(pgoutput_decoder& decoder, std::string_view bytes) {
  const bool was_in_block = decoder.in_stream_block();
  auto out = decoder.decode(bytes);
  if (out) {
    check_message(decoder, *out);
    return;
  }
  const protocol_error& error = out.error();
  check(error.offset <= bytes.size());
  check(!error.message_kind.empty() && !error.detail.empty());
  check(decoder.in_stream_block() == was_in_block);  // a failed message changes no state
}

void parse_frame(pgoutput_decoder& decoder, std::string_view bytes) {
  auto frame = parse_copy_frame(bytes);
  if (!frame) {
    check(frame.error().offset <= bytes.size());
    return;
  }
  if (auto* data = std::get_if<xlog_data_frame>(&*frame)) {
    check(data->payload.size() + xlog_data_header_size == bytes.size());
    decode_one(decoder, data->payload);
  } else if (std::holds_alternative<keepalive_frame>(*frame)) {
    check(bytes.size() == keepalive_frame_size);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0)
    return 0;
  decoder_options options;
  options.protocol_version = (data[0] & 3) + 1;
  options.streaming_parallel = (data[0] & 4) != 0 && options.protocol_version == 4;
  pgoutput_decoder decoder(options);

  std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  while (rest.size() >= 2) {
    size_t length = (static_cast<size_t>(static_cast<uint8_t>(rest[0])) << 8) |
                    static_cast<uint8_t>(rest[1]);
    rest.remove_prefix(2);
    if (length > rest.size())
      length = rest.size();
    std::string_view chunk = rest.substr(0, length);
    rest.remove_prefix(length);
    if (chunk.empty()) {
      decoder.reset();
      check(!decoder.in_stream_block());
      continue;
    }
    parse_frame(decoder, chunk);
    decode_one(decoder, chunk);
  }
  return 0;
}
