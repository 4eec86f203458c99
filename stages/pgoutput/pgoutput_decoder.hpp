// pgoutput_decoder: turns one pgoutput message (the bytes after the 25-byte
// XLogData header) into a typed pgoutput_message.
//
// NOTES
//   Protocol: logical replication protocol v1-v4 as written by pgoutput
//   (reference §3, §4.1). The decoder is configured with what we asked for at
//   START_REPLICATION: proto_version, and whether streaming = 'parallel' (which
//   alone decides whether Stream Abort carries abort LSN + time).
//
//   States:  outside --Stream Start(xid)--> in stream block(xid) --Stream Stop--> outside
//   Inside a block, Relation/Type/Insert/Update/Delete/Truncate/Message carry
//   an xid prefix and only those, Origin and Stream Stop may appear. Outside,
//   Stream Stop is an error. Stream messages need v2, two-phase messages v3.
//
//   Caches: the relation cache (Relation messages) and the type cache (Type
//   messages). A Relation/Type that arrives inside a stream block belongs to
//   that streamed transaction (reference §3.3): it is kept in a scope of the
//   block's top-level xid, visible to that transaction's later blocks, moved
//   into the global cache at Stream Commit / Stream Prepare and dropped at a
//   top-level Stream Abort. Outside blocks, lookups see the global cache.
//   A change for an OID that was never announced, or a TupleData whose column
//   count differs from the announced Relation, is a protocol error.
//
//   Errors: every malformed input gives a protocol_error naming the message and
//   the byte offset; never a crash, an out-of-bounds read, an exception, or an
//   allocation sized by an unchecked length. A message that fails changes no
//   state (caches and stream state are as before it). After an error the
//   caller stops the pipeline; on reconnect it calls reset().
//
//   Nothing is persisted; restart = reset(): the publisher re-sends Relation and
//   Type messages and restarts streamed transactions from their first segment.
//   No logging here (one message in, one value out).
//
//   Example: v2, streaming on:  S(xid 7) R(xid 7, oid 16385) I(xid 8, 16385) E
//   c(xid 7) -> relation 16385 visible globally only after the Stream Commit.
#pragma once

#include <optional>
#include <string_view>
#include <unordered_map>

#include "stages/pgoutput/pgoutput_messages.hpp"
#include "stages/pgoutput/protocol_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

class message_reader;

struct decoder_options {
  int protocol_version = 1;         // the proto_version we sent: 1..4
  bool streaming_parallel = false;  // we sent streaming 'parallel' (needs v4)
};

class pgoutput_decoder {
public:
  explicit pgoutput_decoder(decoder_options options) : options_(options) {}

  // Decodes one message. Fails (without changing any state) when the bytes are
  // malformed or out of place, or when the options themselves are invalid.
  // The tuple values of an Insert/Update/Delete are views into `payload`: the
  // message holds `storage` (what keeps the payload alive; may be empty when
  // the caller keeps it alive itself while it uses the message).
  result<pgoutput_message, protocol_error> decode(std::string_view payload,
                                                  const value_storage& storage = {});

  // The Relation / Type a change decoded now would use: inside a stream block
  // the streamed transaction's own announcements first, then the global cache.
  // nullptr when unknown. Pointers stay valid until the next decode/reset.
  const relation_info* relation(oid_t relation_oid) const;
  const type_info* type(oid_t type_oid) const;

  bool in_stream_block() const { return stream_xid_.has_value(); }
  std::optional<xid_t> stream_xid() const { return stream_xid_; }
  const decoder_options& options() const { return options_; }

  // Forgets caches and stream state (used on reconnect).
  void reset();

private:
  // Schema announced inside the stream blocks of one streamed transaction.
  struct stream_scope {
    std::unordered_map<oid_t, relation_info> relations;
    std::unordered_map<oid_t, type_info> types;
  };

  result<pgoutput_message, protocol_error> decode_body(char type, bool xid_prefix,
                                                       message_reader& r, const value_storage& storage);
  void remember(relation_info relation);
  void remember(type_info type);
  void end_stream(xid_t xid, bool keep_schema);

  decoder_options options_;
  std::optional<xid_t> stream_xid_;  // open stream block's top-level xid
  std::unordered_map<oid_t, relation_info> relations_;
  std::unordered_map<oid_t, type_info> types_;
  std::unordered_map<xid_t, stream_scope> stream_scopes_;
};

}  // namespace tributary
