// relation_reference: see the header.
#include "stages/sql/relation_reference.hpp"

namespace tributary {
namespace {

void find_references(const nlohmann::json& node, const std::string& relation, std::optional<int>& leftmost) {
  if (node.is_array()) {
    for (const auto& item : node)
      find_references(item, relation, leftmost);
    return;
  }
  if (!node.is_object())
    return;
  // A RangeVar's fields: {"RangeVar": {...}} in FROM, bare as INSERT's, UPDATE's
  // and DELETE's "relation".
  if (node.contains("relname") && node["relname"].is_string()) {
    const std::string name = node.value("relname", std::string());
    const std::string schema = node.value("schemaname", std::string());
    const int location = node.value("location", -1);
    if ((schema.empty() ? name == relation : schema + "." + name == relation) && location >= 0 &&
        (!leftmost || location < *leftmost))
      leftmost = location;
  }
  for (const auto& [key, value] : node.items())
    find_references(value, relation, leftmost);
}

}  // namespace

std::optional<int> relation_reference_location(const nlohmann::json& tree, const std::string& relation) {
  std::optional<int> leftmost;
  find_references(tree, relation, leftmost);
  return leftmost;
}

}  // namespace tributary
