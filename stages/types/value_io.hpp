// value_io: the type layer's one entry point. Every value that enters Tributary
// (a replicated change, a copied row, a literal or parameter of local SQL) is
// parsed here by the local column's type into its stored form, and every value
// that leaves (a query result, text or binary) is formatted here from it.
//
// A type with a codec (type_codec.hpp) goes through it. Several codecs store
// the value as PostgreSQL's canonical output text under the publisher's
// settings (arrays, ranges and multiranges, geometric types, jsonb, inet/cidr,
// macaddr/8, pg_lsn): their parse_text reads a local literal and writes that
// canonical text, so the publisher's own text may be stored as received.
// A user's enum is checked against its labels (column_type::enum_labels), as
// is each element of an array of one (mood[], through the array codec). A column
// of a composite type whose fields the catalog attached (record_fields) goes
// through the record codec (record_in / record_recv / record_send), an array of
// one (record_element) through the array codec with the record codec for its
// elements; both print under the session's settings.
// Any other type — an extension's — is kept as PostgreSQL's
// text output, verbatim (never altered), and printed as stored; its binary
// formats are errors naming the type ("no binary input function available
// for type x").
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/column_type.hpp"
#include "stages/types/sql_value.hpp"
#include "stages/types/type_settings.hpp"

namespace tributary {

result<sql_value, pg_error> parse_text_value(const column_type& type, std::string_view text,
                                             const type_settings& settings);
result<sql_value, pg_error> parse_binary_value(const column_type& type, std::string_view bytes);

// nullopt for NULL.
std::optional<std::string> format_text_value(const column_type& type, const sql_value& stored,
                                             const type_settings& settings);
result<std::optional<std::string>, pg_error> format_binary_value(const column_type& type,
                                                                const sql_value& stored);

// True when the type has a binary receive function here (binary = true replication).
bool has_binary_input(const column_type& type);
// True when the type has a binary send function here (results may use format 1).
bool has_binary_output(const column_type& type);
// True when the type's stored form is its text as received (a loader may bind
// the text without parsing it): unknown and verbatim types only.
bool text_is_stored_as_received(const column_type& type);
// (The apply path's per-value rule, with numeric, character(n) and the
// integers, is received_text.hpp's.)

}  // namespace tributary
