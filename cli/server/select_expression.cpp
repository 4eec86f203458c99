// select_expression: see the header.
#include "cli/server/select_expression.hpp"

#include <pg_query.h>

#include "stages/sql/default_deparse.hpp"

namespace tributary {

std::optional<nlohmann::json> parse_select_expression(const std::string& select_text) {
  PgQueryParseResult parsed = pg_query_parse(select_text.c_str());
  std::optional<nlohmann::json> out;
  if (parsed.error == nullptr) {
    auto tree = nlohmann::json::parse(parsed.parse_tree, nullptr, false);
    if (!tree.is_discarded()) {
      const auto& stmts = tree.value("stmts", nlohmann::json::array());
      if (stmts.size() == 1) {
        const auto& select = stmts[0]["stmt"].value("SelectStmt", nlohmann::json::object());
        const auto& targets = select.value("targetList", nlohmann::json::array());
        if (targets.size() == 1 && targets[0].contains("ResTarget") &&
            targets[0]["ResTarget"].contains("val") && !select.contains("fromClause"))
          out = targets[0]["ResTarget"]["val"];
      }
    }
  }
  pg_query_free_parse_result(parsed);
  return out;
}

std::string pretty_default_text(const std::string& text, const column_definition& column) {
  const std::string select = "SELECT " + text;
  const auto expression = parse_select_expression(select);
  if (!expression)
    return text;
  return deparse_default(*expression, select, column, true).value_or(text);
}

}  // namespace tributary
