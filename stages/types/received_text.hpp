// received_text: how a publisher's text value reaches its stored form on the
// apply path, decided once per local column and checked per value.
//
// The publisher's output functions print canonical text: an int4 as plain
// decimal, a character(n) already padded to n, a numeric as numeric_out prints
// it. Such a text needs no input function: it is its stored form (bound as
// received) or, for the integers, one from_chars away from it. Anything else —
// a value beyond the local column's limits, a local type other than the
// publisher's — goes through the type's codec (value_io.hpp), which also words
// every error. The result is always what parse_text_value would have stored.
//
//   received_text_form_for(type)    once per column (per prepared statement)
//   read_received_text(form, ...)   once per value: as_received, integer (with
//                                   the value) or parse
//
// Example: a local varchar(3) column: form character_length; "abc" ->
// as_received, "abcd" -> parse (the codec answers 22001).
#pragma once

#include <cstdint>
#include <string_view>

#include "stages/types/column_type.hpp"

namespace tributary {

enum class received_text_form : uint8_t {
  parsed,            // always through the codec
  as_received,       // the stored form is the text itself (text_is_stored_as_received)
  numeric,           // as received when numeric_text_is_canonical for the typmod
  character_length,  // varchar(n) / character(n): as received when within n (exactly n for character)
  integer,           // int2 / int4 / int8: plain decimal within the type's range is read directly
};

received_text_form received_text_form_for(const column_type& type);

struct received_text {
  enum class outcome : uint8_t { as_received, integer, parse };
  outcome what = outcome::parse;
  int64_t integer = 0;  // the stored value when what == integer
};

received_text read_received_text(received_text_form form, const column_type& type, std::string_view text);

}  // namespace tributary
