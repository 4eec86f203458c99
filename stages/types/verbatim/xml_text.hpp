// xml_text: PostgreSQL's xml_in for a local literal, under its default
// xmloption = content — a well-formedness check of XML content — and the text
// xml_out prints for it.
//
// Accepted: an optional XML declaration at the very start (<?xml version="1.0"
// encoding="..." standalone="yes"?>), then any mix of character data, elements
// (properly nested, matching end tags, attributes quoted with " or ', each
// attribute once, no '<' in values), references (&lt; &gt; &amp; &quot; &apos;
// &#N; &#xN; of valid characters), comments (no "--" inside), CDATA sections,
// processing instructions and a DOCTYPE; several top-level elements and text
// around them are fine (content, not document).
// Refused: 2200N `invalid XML content` with a DETAIL in libxml2's words for the
// first problem found ("line 1: Opening and ending tag mismatch: a line 1 and b",
// the line and a caret under the position), as PostgreSQL reports it; libxml2's
// follow-up errors are not repeated. Names are checked as ASCII name characters
// plus any non-ASCII byte (the UTF-8 itself is checked elsewhere).
//
// Stored text: as xml_out prints it — a declaration with version 1.0 and no
// standalone is dropped (with one newline after it), another one is printed as
// <?xml version="V" standalone="S"?> (never an encoding). Values replicated from
// PostgreSQL are its xml_out already and are not checked again (cost). Pure.
#pragma once

#include <string>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

// The stored text of a local xml literal, or 2200N.
result<std::string, pg_error> read_xml_content(std::string_view text);

}  // namespace tributary
