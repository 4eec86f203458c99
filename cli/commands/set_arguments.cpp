// set_arguments: see the header.
#include "cli/commands/set_arguments.hpp"

#include "stages/sql/parse_tree.hpp"

namespace tributary {

std::string set_argument_text(const nlohmann::json& node, std::string_view source) {
  if (node.contains("TypeCast"))
    return set_argument_text(node["TypeCast"].value("arg", nlohmann::json::object()), source);
  if (!node.contains("A_Const"))
    return {};
  const auto& c = node["A_Const"];
  if (c.contains("boolval"))
    return c["boolval"].value("boolval", false) ? "on" : "off";
  auto constant = parse_tree::constant_value(node, source);
  return constant && !constant->is_null ? constant->text : std::string();
}

std::string joined_set_arguments(const nlohmann::json& fields, std::string_view source) {
  std::string out;
  for (const auto& arg : fields.value("args", nlohmann::json::array())) {
    if (!out.empty())
      out += ", ";
    out += set_argument_text(arg, source);
  }
  return out;
}

}  // namespace tributary
