// type_tsearch: tsvector and tsquery, as PostgreSQL 15's input, output, send
// and receive functions (tsearch_values.hpp), dispatched on the column's OID.
//
// Stored form: TEXT, the output function's text ('a':1A 'cat':3 /
// 'fat' & ( 'rat' | 'cat' )). The publisher's text is already that text and
// reads back to itself; a local literal is read by the input function and
// printed by the output function, so 'cat:3 a:1a'::tsvector stores
// 'a':1A 'cat':3 as PostgreSQL would (the empty tsquery stores "", without
// PostgreSQL's NOTICE). format_text returns the stored text.
//   parse_binary   the receive function, then the output function's text
//   format_binary  the stored text read back leniently (tsearch_reading::stored:
//                  also what only a receive function makes, such as position 0
//                  or an empty operand), then the send function; a text that
//                  does not read (another tool's) is sent as the empty value
// Errors: the input and receive functions' (tsvector_text.cpp,
// tsquery_text.cpp, tsearch_binary.cpp, tsearch_word_scanner.hpp).
#include "stages/types/stored_order.hpp"
#include "stages/types/type_codec.hpp"

#include "stages/types/verbatim/tsearch_values.hpp"
#include "stages/types/verbatim/verbatim_text.hpp"

namespace tributary {
namespace {

constexpr oid_t tsquery_oid = 3615;

bool is_tsquery(const column_type& type) { return type.oid == tsquery_oid; }

template <class Value>
result<sql_value, pg_error> stored_text(result<Value, pg_error> parsed,
                                        std::string (*format)(const Value&)) {
  if (!parsed)
    return fail(std::move(parsed.error()));
  return sql_value{format(*parsed)};
}

result<sql_value, pg_error> parse_text(const column_type& type, std::string_view text,
                                       const type_settings&) {
  if (is_tsquery(type))
    return stored_text(parse_tsquery_text(text), format_tsquery_text);
  return stored_text(parse_tsvector_text(text), format_tsvector_text);
}

result<sql_value, pg_error> parse_binary(const column_type& type, std::string_view bytes) {
  if (is_tsquery(type))
    return stored_text(receive_tsquery(bytes), format_tsquery_text);
  return stored_text(receive_tsvector(bytes), format_tsvector_text);
}

std::string format_binary(const column_type& type, const sql_value& stored) {
  const std::string text = verbatim_stored_text(stored);
  if (is_tsquery(type)) {
    auto value = parse_tsquery_text(text, tsearch_reading::stored);
    return send_tsquery(value ? *value : tsquery_value{});
  }
  auto value = parse_tsvector_text(text, tsearch_reading::stored);
  return send_tsvector(value ? *value : tsvector_value{});
}

}  // namespace

const type_codec& tsearch_codec() {
  static const type_codec codec{parse_text, parse_binary, format_verbatim_text, format_binary};
  return codec;
}

}  // namespace tributary
