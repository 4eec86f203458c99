// pgoutput_layouts: the byte layout of each pgoutput message body, as free
// functions over a message_reader (reference §3; PostgreSQL proto.c).
//
// Role: stateless field-by-field reading. Each function is called with the
// reader positioned after the type byte (and after the xid prefix, which the
// decoder reads itself because only it knows whether a stream block is open).
// A function returns the message as far as it could read it; whether it is
// valid is the reader's state (message_reader keeps the first failure). The
// decoder then calls finish() to reject trailing bytes.
//
// Checks made here, mirroring PostgreSQL's reader plus what a stricter
// subscriber wants: flags bytes must be 0; LSNs PostgreSQL requires to be set
// must be non-zero; replica identity is one of d/n/f/i; tuple kinds are n/u/t/b;
// Update/Delete part bytes are K/O/N as allowed; lengths and counts are not
// negative and are checked against the bytes left before anything is reserved;
// changes refer to relations announced earlier (via relation_lookup), with the
// announced column count.
//
// Split: pgoutput_control_layouts.cpp (transaction, stream and two-phase
// control messages), pgoutput_change_layouts.cpp (schema and data messages,
// TupleData).
#pragma once

#include <functional>
#include <optional>

#include "stages/core/message_reader.hpp"
#include "stages/pgoutput/pgoutput_messages.hpp"

namespace tributary::pgoutput {

// The Relation a change refers to, or nullptr when it was never announced.
using relation_lookup = std::function<const relation_info*(oid_t)>;

// --- control (pgoutput_control_layouts.cpp) --------------------------------
begin_message read_begin(message_reader& r);
commit_message read_commit(message_reader& r);
origin_message read_origin(message_reader& r);
stream_start_message read_stream_start(message_reader& r);
stream_commit_message read_stream_commit(message_reader& r);
// with_abort_info: we asked for streaming 'parallel' (adds abort LSN and time).
stream_abort_message read_stream_abort(message_reader& r, bool with_abort_info);
begin_prepare_message read_begin_prepare(message_reader& r);
// 'P' (streamed = false) and 'p' (streamed = true) share the layout.
prepare_message read_prepare(message_reader& r, bool streamed);
commit_prepared_message read_commit_prepared(message_reader& r);
rollback_prepared_message read_rollback_prepared(message_reader& r);

// --- schema and data (pgoutput_change_layouts.cpp) ---------------------------
relation_message read_relation(message_reader& r, std::optional<xid_t> xid);
type_message read_type(message_reader& r, std::optional<xid_t> xid);
insert_message read_insert(message_reader& r, std::optional<xid_t> xid,
                           const relation_lookup& lookup);
update_message read_update(message_reader& r, std::optional<xid_t> xid,
                           const relation_lookup& lookup);
delete_message read_delete(message_reader& r, std::optional<xid_t> xid,
                           const relation_lookup& lookup);
truncate_message read_truncate(message_reader& r, std::optional<xid_t> xid,
                               const relation_lookup& lookup);
logical_message read_logical_message(message_reader& r, std::optional<xid_t> xid);
// One TupleData whose column count must equal the relation's.
tuple_data read_tuple(message_reader& r, const relation_info& relation);

}  // namespace tributary::pgoutput
