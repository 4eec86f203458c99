// pgoutput_decoder: dispatch on the type byte, protocol-version and
// stream-block checks, the xid prefix, and the relation/type caches. The byte
// layouts live in pgoutput_*_layouts.cpp; the state machine is described in
// pgoutput_decoder.hpp.
#include "stages/pgoutput/pgoutput_decoder.hpp"

#include <array>
#include <string>

#include "stages/core/message_reader.hpp"
#include "stages/pgoutput/pgoutput_layouts.hpp"

namespace tributary {
namespace {

struct message_spec {
  char type;
  const char* name;
  int min_version;
  bool allowed_in_stream_block;
  bool xid_in_stream_block;  // carries the xid prefix inside a block
};

constexpr std::array<message_spec, 19> message_specs{{
    {'B', "Begin", 1, false, false},
    {'C', "Commit", 1, false, false},
    {'O', "Origin", 1, true, false},
    {'R', "Relation", 1, true, true},
    {'Y', "Type", 1, true, true},
    {'I', "Insert", 1, true, true},
    {'U', "Update", 1, true, true},
    {'D', "Delete", 1, true, true},
    {'T', "Truncate", 1, true, true},
    {'M', "Message", 1, true, true},
    {'S', "Stream Start", 2, false, false},
    {'E', "Stream Stop", 2, true, false},
    {'c', "Stream Commit", 2, false, false},
    {'A', "Stream Abort", 2, false, false},
    {'b', "Begin Prepare", 3, false, false},
    {'P', "Prepare", 3, false, false},
    {'K', "Commit Prepared", 3, false, false},
    {'r', "Rollback Prepared", 3, false, false},
    {'p', "Stream Prepare", 3, false, false},
}};

const message_spec* find_spec(uint8_t type) {
  for (const auto& spec : message_specs)
    if (static_cast<uint8_t>(spec.type) == type)
      return &spec;
  return nullptr;
}

// Why the options cannot describe a real connection, or "" when they can.
std::string options_problem(const decoder_options& options) {
  if (options.protocol_version < 1 || options.protocol_version > 4)
    return "decoder configured with unsupported proto_version " +
           std::to_string(options.protocol_version) + " (supported: 1 to 4)";
  if (options.streaming_parallel && options.protocol_version < 4)
    return "decoder configured with streaming 'parallel', which needs proto_version 4";
  return {};
}

// A change whose tuple values view the payload holds what keeps it alive.
template <class M>
M with_storage(M m, const value_storage& storage) {
  m.storage = storage;
  return m;
}

template <class T>
T& as(result<pgoutput_message, protocol_error>& out) {
  return std::get<T>(out.value());
}

}  // namespace

result<pgoutput_message, protocol_error> pgoutput_decoder::decode(std::string_view payload,
                                                                  const value_storage& storage) {
  message_reader r(payload, "message");
  if (auto problem = options_problem(options_); !problem.empty()) {
    r.fail_at(0, std::move(problem));
    return fail(r.error());
  }
  if (payload.empty()) {
    r.fail_at(0, "empty message");
    return fail(r.error());
  }
  auto type = r.u8();
  const message_spec* spec = find_spec(type);
  if (spec == nullptr) {
    r.fail_at(0, "unknown message type " + describe_byte(type));
    return fail(r.error());
  }
  r.set_kind(spec->name);
  if (options_.protocol_version < spec->min_version) {
    r.fail_at(0, "needs proto_version " + std::to_string(spec->min_version) +
                     ", the connection uses " + std::to_string(options_.protocol_version));
    return fail(r.error());
  }
  if (in_stream_block() && !spec->allowed_in_stream_block) {
    r.fail_at(0, "not allowed inside a stream block (open for xid " +
                     std::to_string(*stream_xid_) + ")");
    return fail(r.error());
  }
  if (!in_stream_block() && spec->type == 'E') {
    r.fail_at(0, "outside a stream block");
    return fail(r.error());
  }
  return decode_body(spec->type, in_stream_block() && spec->xid_in_stream_block, r, storage);
}

result<pgoutput_message, protocol_error> pgoutput_decoder::decode_body(char type,
                                                                         bool xid_prefix,
                                                                         message_reader& r,
                                                                         const value_storage& storage) {
  using namespace pgoutput;
  std::optional<xid_t> xid;
  if (xid_prefix)
    xid = r.u32();
  const relation_lookup lookup = [this](oid_t oid) { return relation(oid); };

  switch (type) {
    case 'B': return r.finish<pgoutput_message>(read_begin(r));
    case 'C': return r.finish<pgoutput_message>(read_commit(r));
    case 'O': return r.finish<pgoutput_message>(read_origin(r));
    case 'I': return r.finish<pgoutput_message>(with_storage(read_insert(r, xid, lookup), storage));
    case 'U': return r.finish<pgoutput_message>(with_storage(read_update(r, xid, lookup), storage));
    case 'D': return r.finish<pgoutput_message>(with_storage(read_delete(r, xid, lookup), storage));
    case 'T': return r.finish<pgoutput_message>(read_truncate(r, xid, lookup));
    case 'M': return r.finish<pgoutput_message>(read_logical_message(r, xid));
    case 'b': return r.finish<pgoutput_message>(read_begin_prepare(r));
    case 'P': return r.finish<pgoutput_message>(read_prepare(r, false));
    case 'K': return r.finish<pgoutput_message>(read_commit_prepared(r));
    case 'r': return r.finish<pgoutput_message>(read_rollback_prepared(r));
    case 'R': {
      auto out = r.finish<pgoutput_message>(read_relation(r, xid));
      if (out)
        remember(as<relation_message>(out).relation);
      return out;
    }
    case 'Y': {
      auto out = r.finish<pgoutput_message>(read_type(r, xid));
      if (out)
        remember(as<type_message>(out).type);
      return out;
    }
    case 'S': {
      auto out = r.finish<pgoutput_message>(read_stream_start(r));
      if (out)
        stream_xid_ = as<stream_start_message>(out).xid;
      return out;
    }
    case 'E': {
      auto out = r.finish<pgoutput_message>(stream_stop_message{});
      if (out)
        stream_xid_.reset();
      return out;
    }
    case 'c': {
      auto out = r.finish<pgoutput_message>(read_stream_commit(r));
      if (out)
        end_stream(as<stream_commit_message>(out).xid, true);
      return out;
    }
    case 'A': {
      auto out = r.finish<pgoutput_message>(read_stream_abort(r, options_.streaming_parallel));
      if (out) {
        const auto& abort = as<stream_abort_message>(out);
        if (abort.subxid == abort.xid)  // a subtransaction abort keeps the schema
          end_stream(abort.xid, false);
      }
      return out;
    }
    case 'p': {
      auto out = r.finish<pgoutput_message>(read_prepare(r, true));
      if (out)
        end_stream(as<prepare_message>(out).xid, true);
      return out;
    }
    default:
      // Unreachable: decode() only passes types from message_specs.
      r.fail_at(0, "no layout for message type " + describe_byte(static_cast<uint8_t>(type)));
      return fail(r.error());
  }
}

const relation_info* pgoutput_decoder::relation(oid_t relation_oid) const {
  if (stream_xid_) {
    if (auto scope = stream_scopes_.find(*stream_xid_); scope != stream_scopes_.end()) {
      if (auto it = scope->second.relations.find(relation_oid); it != scope->second.relations.end())
        return &it->second;
    }
  }
  auto it = relations_.find(relation_oid);
  return it == relations_.end() ? nullptr : &it->second;
}

const type_info* pgoutput_decoder::type(oid_t type_oid) const {
  if (stream_xid_) {
    if (auto scope = stream_scopes_.find(*stream_xid_); scope != stream_scopes_.end()) {
      if (auto it = scope->second.types.find(type_oid); it != scope->second.types.end())
        return &it->second;
    }
  }
  auto it = types_.find(type_oid);
  return it == types_.end() ? nullptr : &it->second;
}

void pgoutput_decoder::reset() {
  stream_xid_.reset();
  relations_.clear();
  types_.clear();
  stream_scopes_.clear();
}

void pgoutput_decoder::remember(relation_info relation) {
  auto& target = stream_xid_ ? stream_scopes_[*stream_xid_].relations : relations_;
  auto oid = relation.relation_oid;
  target.insert_or_assign(oid, std::move(relation));
}

void pgoutput_decoder::remember(type_info type) {
  auto& target = stream_xid_ ? stream_scopes_[*stream_xid_].types : types_;
  auto oid = type.type_oid;
  target.insert_or_assign(oid, std::move(type));
}

void pgoutput_decoder::end_stream(xid_t xid, bool keep_schema) {
  auto scope = stream_scopes_.find(xid);
  if (scope == stream_scopes_.end())
    return;
  if (keep_schema) {
    for (auto& [oid, relation] : scope->second.relations)
      relations_.insert_or_assign(oid, std::move(relation));
    for (auto& [oid, type] : scope->second.types)
      types_.insert_or_assign(oid, std::move(type));
  }
  stream_scopes_.erase(scope);
}

}  // namespace tributary
