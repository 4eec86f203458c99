// type_geometric: what the geometric codecs share (geometric_codec() itself,
// for line, lseg, box, path, polygon and circle, is declared in type_codec.hpp;
// see type_geometric.cpp).
#pragma once

#include <string>
#include <string_view>

#include "stages/types/type_codec.hpp"

namespace tributary {

// A geometric value's text (point's too) with every number reprinted as
// float8out prints it under `settings`: the delimiters ()[]{}<>, are kept, a
// piece between them that is no number is kept as is. What format_text does
// when extra_float_digits <= 0 (the stored text has the shortest-exact form).
std::string reprint_coordinates(std::string_view text, const type_settings& settings);

}  // namespace tributary
