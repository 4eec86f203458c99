// pg_text_array: PostgreSQL's text form of a one-dimensional array ("{a,b,\"c d\"}")
// to and from a list of strings. Used for name[] columns read from a publisher
// (pg_publication_tables.attnames) and for pg_subscription.subpublications.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tributary {

// nullopt for malformed text; NULL elements are not expected in these columns
// and are rejected too.
std::optional<std::vector<std::string>> parse_text_array(std::string_view text);

// One element as array_out writes it: in double quotes (with " and \ escaped) when it
// is empty, the word NULL in any case, or holds a comma, a quote, a brace, a
// backslash or white space; as it is otherwise.
std::string quote_array_element(std::string_view element);

// Quotes elements that need it (empty, spaces, commas, quotes, braces,
// backslashes, or the word NULL), as array_out does.
std::string format_text_array(const std::vector<std::string>& elements);

}  // namespace tributary
