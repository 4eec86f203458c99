// geometric_output: the output functions of line, lseg, box, path, polygon and
// circle (line_out, lseg_out, box_out, path_out, poly_out, circle_out), and the
// kinds' OIDs and names (see geometric_value.hpp).
//   line "{A,B,C}"; lseg "[(x1,y1),(x2,y2)]"; box "(x1,y1),(x2,y2)"; path
//   "((x,y),...)" closed or "[(x,y),...]" open; polygon "((x,y),...)";
//   circle "<(x,y),r>"; each number as float8out prints it under the
//   settings (the float codec's text).
#include "stages/types/verbatim/geometric_value.hpp"

namespace tributary {
namespace {

const column_type float8_type = builtin_column_type(701);

std::string float8_text(double number, const type_settings& settings) {
  return float_codec().format_text(float8_type, sql_value{number}, settings);
}

void append_points(std::string& out, const std::vector<double>& numbers, size_t first,
                   size_t count, const type_settings& settings) {
  for (size_t i = 0; i < count; ++i) {
    if (i > 0)
      out += ',';
    out += '(';
    out += float8_text(numbers[first + 2 * i], settings);
    out += ',';
    out += float8_text(numbers[first + 2 * i + 1], settings);
    out += ')';
  }
}

}  // namespace

std::optional<geometric_kind> geometric_kind_of(oid_t oid) {
  switch (oid) {
    case 628: return geometric_kind::line;
    case 601: return geometric_kind::lseg;
    case 603: return geometric_kind::box;
    case 602: return geometric_kind::path;
    case 604: return geometric_kind::polygon;
    case 718: return geometric_kind::circle;
    default: return std::nullopt;
  }
}

std::string_view geometric_type_name(geometric_kind kind) {
  switch (kind) {
    case geometric_kind::line: return "line";
    case geometric_kind::lseg: return "lseg";
    case geometric_kind::box: return "box";
    case geometric_kind::path: return "path";
    case geometric_kind::polygon: return "polygon";
    case geometric_kind::circle: return "circle";
  }
  return "line";
}
std::string geometric_text(const geometric_value& value, const type_settings& settings) {
  const auto& n = value.numbers;
  const size_t points = n.size() / 2;
  std::string out;
  switch (value.kind) {
    case geometric_kind::line:
      out = "{" + float8_text(n[0], settings) + "," + float8_text(n[1], settings) + "," +
            float8_text(n[2], settings) + "}";
      break;
    case geometric_kind::lseg:
      out = "[";
      append_points(out, n, 0, 2, settings);
      out += "]";
      break;
    case geometric_kind::box:
      append_points(out, n, 0, 2, settings);
      break;
    case geometric_kind::path:
      out = value.closed ? "(" : "[";
      append_points(out, n, 0, points, settings);
      out += value.closed ? ")" : "]";
      break;
    case geometric_kind::polygon:
      out = "(";
      append_points(out, n, 0, points, settings);
      out += ")";
      break;
    case geometric_kind::circle:
      out = "<";
      append_points(out, n, 0, 1, settings);
      out += "," + float8_text(n[2], settings) + ">";
      break;
  }
  return out;
}

}  // namespace tributary
