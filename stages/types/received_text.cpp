// received_text: see received_text.hpp.
#include "stages/types/received_text.hpp"

#include <charconv>
#include <limits>

#include "stages/types/numeric/type_numeric.hpp"
#include "stages/types/type_codec.hpp"
#include "stages/types/value_io.hpp"

namespace tributary {
namespace {

constexpr oid_t int8_oid = 20, int2_oid = 21, int4_oid = 23, bpchar_oid = 1042, varchar_oid = 1043,
                numeric_oid = 1700;

bool plain_integer(oid_t oid, std::string_view text, int64_t& value) {
  // from_chars takes a '-' but no '+', no spaces: anything else is the codec's.
  const char* end = text.data() + text.size();
  auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc{} || stop != end)
    return false;
  switch (oid) {
    case int2_oid: return value >= std::numeric_limits<int16_t>::min() && value <= std::numeric_limits<int16_t>::max();
    case int4_oid: return value >= std::numeric_limits<int32_t>::min() && value <= std::numeric_limits<int32_t>::max();
    default: return true;
  }
}

}  // namespace

received_text_form received_text_form_for(const column_type& type) {
  if (text_is_stored_as_received(type))
    return received_text_form::as_received;
  // A user's enum carries its own OID, never these; a domain over an array
  // carries its array's (and is the array codec's).
  if (type.is_enum() || type.domain_array)
    return received_text_form::parsed;
  switch (type.oid) {
    case numeric_oid: return received_text_form::numeric;
    case bpchar_oid: case varchar_oid: return type.typmod >= 4 ? received_text_form::character_length
                                                               : received_text_form::parsed;
    case int2_oid: case int4_oid: case int8_oid: return received_text_form::integer;
    default: return received_text_form::parsed;
  }
}

received_text read_received_text(received_text_form form, const column_type& type, std::string_view text) {
  received_text out;
  switch (form) {
    case received_text_form::parsed:
      break;
    case received_text_form::as_received:
      out.what = received_text::outcome::as_received;
      break;
    case received_text_form::numeric:
      if (numeric_text_is_canonical(text, type.typmod))
        out.what = received_text::outcome::as_received;
      break;
    case received_text_form::character_length:
      if (character_text_is_stored_as_received(type, text))
        out.what = received_text::outcome::as_received;
      break;
    case received_text_form::integer:
      if (plain_integer(type.oid, text, out.integer))
        out.what = received_text::outcome::integer;
      break;
  }
  return out;
}

}  // namespace tributary
