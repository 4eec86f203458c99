// parse_tree: see the header.
#include "stages/sql/parse_tree.hpp"

#include <cctype>
#include <charconv>

namespace tributary::parse_tree {

namespace {
const json& empty_list() {
  static const json empty = json::array();
  return empty;
}
const json& empty_object() {
  static const json empty = json::object();
  return empty;
}
}  // namespace

std::string text(const json& node, const char* field) {
  auto it = node.find(field);
  return it != node.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int64_t integer(const json& node, const char* field) {
  auto it = node.find(field);
  return it != node.end() && it->is_number_integer() ? it->get<int64_t>() : 0;
}

bool flag(const json& node, const char* field) {
  auto it = node.find(field);
  return it != node.end() && it->is_boolean() && it->get<bool>();
}

const json& list(const json& node, const char* field) {
  auto it = node.find(field);
  return it != node.end() && it->is_array() ? *it : empty_list();
}

std::string node_type(const json& node) {
  if (!node.is_object() || node.size() != 1)
    return {};
  return node.begin().key();
}

const json& fields(const json& node) {
  if (!node.is_object() || node.size() != 1)
    return empty_object();
  return node.begin().value();
}

json without_locations(const json& node) {
  if (node.is_object()) {
    json out = json::object();
    for (const auto& [key, value] : node.items())
      if (key != "location")
        out[key] = without_locations(value);
    return out;
  }
  if (node.is_array()) {
    json out = json::array();
    for (const json& item : node)
      out.push_back(without_locations(item));
    return out;
  }
  return node;
}

std::vector<std::string> strings(const json& items) {
  std::vector<std::string> out;
  for (const auto& item : items)
    out.push_back(text(fields(item), "sval"));
  return out;
}

// The integer literal at `location` of `source` ("-3", "- 3", "0"), or "0".
std::string integer_at(std::string_view source, int64_t location) {
  if (location < 0 || static_cast<size_t>(location) >= source.size())
    return "0";
  std::string out;
  size_t i = static_cast<size_t>(location);
  if (source[i] == '-') {  // -2, - 2, -(2): a constant the grammar negated
    out.push_back('-');
    ++i;
    while (i < source.size() && (std::isspace(static_cast<unsigned char>(source[i])) || source[i] == '('))
      ++i;
  }
  while (i < source.size() && std::isdigit(static_cast<unsigned char>(source[i])))
    out.push_back(source[i++]);
  if (out.empty() || out == "-")
    return "0";
  return out;
}

std::optional<constant> constant_value(const json& node, std::string_view source) {
  if (node_type(node) != "A_Const")
    return std::nullopt;
  const json& c = fields(node);
  if (flag(c, "isnull"))
    return constant{true, false, {}};
  if (auto it = c.find("ival"); it != c.end()) {
    if (it->contains("ival"))
      return constant{false, false, std::to_string(integer(*it, "ival"))};
    return constant{false, false, integer_at(source, integer(c, "location"))};
  }
  if (auto it = c.find("fval"); it != c.end())
    return constant{false, false, text(*it, "fval")};
  if (auto it = c.find("sval"); it != c.end())
    return constant{false, true, text(*it, "sval")};
  if (auto it = c.find("bsval"); it != c.end())
    return constant{false, true, text(*it, "bsval")};
  if (auto it = c.find("boolval"); it != c.end())
    return constant{false, false, flag(*it, "boolval") ? "true" : "false"};
  return std::nullopt;
}

type_name_parts type_name(const json& t, std::string_view source) {
  type_name_parts parts;
  parts.names = strings(list(t, "names"));
  for (const auto& mod : list(t, "typmods")) {
    int64_t value = 0;
    if (auto c = constant_value(mod, source); c && !c->is_null && !c->is_string)
      std::from_chars(c->text.data(), c->text.data() + c->text.size(), value);
    parts.typmod_args.push_back(value);
  }
  parts.array_dimensions = static_cast<int>(list(t, "arrayBounds").size());
  return parts;
}

}  // namespace tributary::parse_tree
