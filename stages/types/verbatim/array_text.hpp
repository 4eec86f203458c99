// array_text: PostgreSQL's array literal — the text array_in reads and array_out
// prints — to and from its parts (dimensions, lower bounds, element texts).
//
//   read_array_literal   array_in's grammar (PostgreSQL 15): an optional
//                        "[lo:hi][lo:hi]=" prefix ("[hi]" means lower bound 1),
//                        nested braces, elements separated by the delimiter
//                        (',' for every type but box, ';'), whitespace around
//                        elements and braces ignored, unquoted trailing
//                        whitespace cut; a backslash takes the next character
//                        literally, inside or outside double quotes; an
//                        unquoted, unescaped NULL (any case) is a NULL element.
//                        Errors as array_in reports them:
//                          22P02 malformed array literal: "<text>" (detail
//                                says why: Unexpected "}" character. /
//                                Unexpected array element. / Unexpected end of
//                                input. / Junk after closing right brace. /
//                                Multidimensional arrays must have sub-arrays
//                                with matching dimensions. / Specified array
//                                dimensions do not match array contents. / ...)
//                          2202E upper bound cannot be less than lower bound
//                          54000 number of array dimensions (7) exceeds the
//                                maximum allowed (6) / array lower bound is too
//                                large: N
//                        PostgreSQL 15 accepts a few irregular nestings
//                        ('{{1},{{2}}}') by accident; they are errors here, as
//                        in PostgreSQL 17.
//   write_array_literal  array_out's text: "{}" for no elements; otherwise the
//                        "[lo:hi]...=" prefix when any lower bound is not 1,
//                        nested braces, NULL bare, and an element quoted when
//                        it is empty, equals NULL in any case, or contains
//                        '"' '\' '{' '}' the delimiter or whitespace, with '"'
//                        and '\' escaped by a backslash inside the quotes.
// The element texts are those of the element type's input/output functions;
// this file knows nothing of element types. Pure functions.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

inline constexpr int max_array_dimensions = 6;             // MAXDIM
inline constexpr int32_t max_array_elements = 134217727;   // MaxArraySize

struct array_literal {
  std::vector<int32_t> lengths;       // per dimension, outermost first; empty: no elements
  std::vector<int32_t> lower_bounds;  // per dimension
  std::vector<std::optional<std::string>> elements;  // row-major; nullopt = NULL

  friend bool operator==(const array_literal&, const array_literal&) = default;
};

result<array_literal, pg_error> read_array_literal(std::string_view text, char delimiter = ',');
std::string write_array_literal(const array_literal& array, char delimiter = ',');

// The delimiter of an element type (pg_type.typdelim): ';' for box, else ','.
char array_delimiter(uint32_t element_oid);

// array_out's quoting of one element text.
void append_array_element(std::string& out, const std::optional<std::string>& element,
                          char delimiter);

}  // namespace tributary
