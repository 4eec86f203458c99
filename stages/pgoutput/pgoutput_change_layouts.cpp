// pgoutput_change_layouts: Relation, Type, Insert, Update, Delete, Truncate,
// Message and TupleData (reference §3.3-§3.5). See pgoutput_layouts.hpp.
//
// Counts read from the wire are checked against the bytes left (at the
// smallest size an element can have) before anything is reserved, so a
// 10-byte message claiming 65535 columns fails at once.
#include "stages/pgoutput/pgoutput_layouts.hpp"

namespace tributary::pgoutput {
namespace {

// Smallest encodings: a Relation column is flags(1) + name NUL(1) + type(4) +
// typmod(4); a TupleData column is its kind byte; a Truncate entry an OID.
constexpr size_t min_relation_column_bytes = 10;
constexpr size_t min_tuple_column_bytes = 1;
constexpr size_t truncate_oid_bytes = 4;

bool fits(message_reader& r, size_t count_at, size_t count, size_t element_bytes,
          const char* what) {
  if (!r.ok())
    return false;
  if (count > r.remaining() / element_bytes) {
    r.fail_at(count_at, std::to_string(count) + " " + what + " need at least " +
                            std::to_string(count * element_bytes) + " byte(s), " +
                            std::to_string(r.remaining()) + " left");
    return false;
  }
  return true;
}

std::string qualified_name(const relation_info& rel) {
  return "\"" + rel.schema_name + "." + rel.table_name + "\"";
}

// Reads the relation OID of a change and finds its announced Relation.
const relation_info* read_known_relation(message_reader& r, const relation_lookup& lookup,
                                         oid_t& relation_oid) {
  auto at = r.offset();
  relation_oid = r.u32();
  if (!r.ok())
    return nullptr;
  const relation_info* rel = lookup(relation_oid);
  if (rel == nullptr)
    r.fail_at(at, "relation OID " + std::to_string(relation_oid) +
                      " was never announced by a Relation message");
  return rel;
}

// A part tag byte ('N', 'K', 'O') of Insert/Update/Delete.
char read_part(message_reader& r, size_t& at) {
  at = r.offset();
  return static_cast<char>(r.u8());
}

tuple_value read_column(message_reader& r, size_t index, const relation_info& rel) {
  auto kind_at = r.offset();
  auto kind = r.u8();
  if (!r.ok())
    return {};
  switch (kind) {
    case 'n':
      return tuple_value{tuple_value::kind::null};
    case 'u':
      return tuple_value{tuple_value::kind::unchanged_toast};
    case 't':
    case 'b': {
      auto length_at = r.offset();
      auto length = r.i32();
      if (r.ok() && length < 0) {
        r.fail_at(length_at, "negative length " + std::to_string(length) + " for column " +
                                 std::to_string(index + 1) + " (\"" + rel.columns[index].name +
                                 "\")");
        return {};
      }
      auto bytes = r.view(static_cast<size_t>(length < 0 ? 0 : length));
      return tuple_value{static_cast<tuple_value::kind>(kind), bytes};
    }
    default:
      r.fail_at(kind_at, "unknown tuple kind " + describe_byte(kind) + " for column " +
                             std::to_string(index + 1));
      return {};
  }
}

}  // namespace

tuple_data read_tuple(message_reader& r, const relation_info& relation) {
  auto count_at = r.offset();
  auto count = r.u16();
  if (!r.ok())
    return {};
  if (count != relation.columns.size()) {
    r.fail_at(count_at, "TupleData has " + std::to_string(count) + " column(s), relation " +
                            qualified_name(relation) + " has " +
                            std::to_string(relation.columns.size()));
    return {};
  }
  if (!fits(r, count_at, count, min_tuple_column_bytes, "tuple column(s)"))
    return {};
  tuple_data tuple;
  tuple.reserve(count);
  for (size_t i = 0; i < count && r.ok(); ++i)
    tuple.push_back(read_column(r, i, relation));
  return tuple;
}

relation_message read_relation(message_reader& r, std::optional<xid_t> xid) {
  relation_message m;
  m.xid = xid;
  auto& rel = m.relation;
  rel.relation_oid = r.u32();
  rel.schema_name = r.cstring();
  rel.table_name = r.cstring();
  auto identity_at = r.offset();
  auto identity = r.u8();
  if (r.ok() && identity != 'd' && identity != 'n' && identity != 'f' && identity != 'i')
    r.fail_at(identity_at, "unknown replica identity " + describe_byte(identity));
  rel.replica_identity = static_cast<char>(identity);
  auto count_at = r.offset();
  auto count = r.u16();
  if (!fits(r, count_at, count, min_relation_column_bytes, "relation column(s)"))
    return m;
  rel.columns.reserve(count);
  for (size_t i = 0; i < count && r.ok(); ++i) {
    relation_column column;
    column.is_key = (r.u8() & 1u) != 0;
    column.name = r.cstring();
    column.type_oid = r.u32();
    column.type_modifier = r.i32();
    rel.columns.push_back(std::move(column));
  }
  return m;
}

type_message read_type(message_reader& r, std::optional<xid_t> xid) {
  type_message m;
  m.xid = xid;
  m.type.type_oid = r.u32();
  m.type.schema_name = r.cstring();
  m.type.type_name = r.cstring();
  return m;
}

insert_message read_insert(message_reader& r, std::optional<xid_t> xid,
                           const relation_lookup& lookup) {
  insert_message m;
  m.xid = xid;
  const relation_info* rel = read_known_relation(r, lookup, m.relation_oid);
  size_t at = 0;
  char part = read_part(r, at);
  if (!r.ok())
    return m;
  if (part != 'N') {
    r.fail_at(at, "expected new tuple 'N', got " + describe_byte(static_cast<uint8_t>(part)));
    return m;
  }
  m.new_tuple = read_tuple(r, *rel);
  return m;
}

update_message read_update(message_reader& r, std::optional<xid_t> xid,
                           const relation_lookup& lookup) {
  update_message m;
  m.xid = xid;
  const relation_info* rel = read_known_relation(r, lookup, m.relation_oid);
  size_t at = 0;
  char part = read_part(r, at);
  if (!r.ok())
    return m;
  if (part == 'K' || part == 'O') {
    m.old_kind = part;
    m.old_tuple = read_tuple(r, *rel);
    part = read_part(r, at);
    if (!r.ok())
      return m;
    if (part != 'N') {
      r.fail_at(at, "expected new tuple 'N' after the old one, got " +
                        describe_byte(static_cast<uint8_t>(part)));
      return m;
    }
  } else if (part != 'N') {
    r.fail_at(at, "unknown Update part " + describe_byte(static_cast<uint8_t>(part)) +
                      " (expected 'K', 'O' or 'N')");
    return m;
  }
  m.new_tuple = read_tuple(r, *rel);
  return m;
}

delete_message read_delete(message_reader& r, std::optional<xid_t> xid,
                           const relation_lookup& lookup) {
  delete_message m;
  m.xid = xid;
  const relation_info* rel = read_known_relation(r, lookup, m.relation_oid);
  size_t at = 0;
  char part = read_part(r, at);
  if (!r.ok())
    return m;
  if (part != 'K' && part != 'O') {
    r.fail_at(at, "unknown Delete part " + describe_byte(static_cast<uint8_t>(part)) +
                      " (expected 'K' or 'O')");
    return m;
  }
  m.old_kind = part;
  m.old_tuple = read_tuple(r, *rel);
  return m;
}

truncate_message read_truncate(message_reader& r, std::optional<xid_t> xid,
                               const relation_lookup& lookup) {
  truncate_message m;
  m.xid = xid;
  auto count_at = r.offset();
  auto count = r.i32();
  m.options = r.u8();
  if (r.ok() && count < 0) {
    r.fail_at(count_at, "negative relation count " + std::to_string(count));
    return m;
  }
  if (!fits(r, count_at, static_cast<size_t>(count), truncate_oid_bytes, "relation OID(s)"))
    return m;
  m.relation_oids.reserve(static_cast<size_t>(count));
  for (int32_t i = 0; i < count && r.ok(); ++i) {
    oid_t oid = 0;
    read_known_relation(r, lookup, oid);
    m.relation_oids.push_back(oid);
  }
  return m;
}

logical_message read_logical_message(message_reader& r, std::optional<xid_t> xid) {
  logical_message m;
  m.xid = xid;
  auto flags_at = r.offset();
  auto flags = r.u8();
  if (r.ok() && flags > 1)
    r.fail_at(flags_at, "unrecognized flags " + describe_byte(flags) + " (must be 0 or 1)");
  m.transactional = flags == 1;
  m.message_lsn = r.lsn_field();
  m.prefix = r.cstring();
  auto length_at = r.offset();
  auto length = r.i32();
  if (r.ok() && length < 0) {
    r.fail_at(length_at, "negative content length " + std::to_string(length));
    return m;
  }
  m.content = r.bytes(static_cast<size_t>(length < 0 ? 0 : length));
  return m;
}

}  // namespace tributary::pgoutput
