// check_text: see the header.
#include "cli/catalog/check_text.hpp"

#include <algorithm>
#include <cctype>

#include "stages/sql/check_constraints.hpp"
#include "stages/sql/default_deparse.hpp"
#include "stages/sql/sqlite_table_text.hpp"
#include "stages/types/builtin_types.hpp"
#include "storage/text_query.hpp"

namespace tributary {
namespace {

// The smallest location in a tree: where the expression starts in its source.
int first_location(const nlohmann::json& node) {
  int best = -1;
  const auto keep = [&](int at) {
    if (at >= 0 && (best < 0 || at < best))
      best = at;
  };
  if (node.is_array()) {
    for (const auto& item : node)
      keep(first_location(item));
  } else if (node.is_object()) {
    for (const auto& [key, value] : node.items())
      if (key == "location" && value.is_number_integer())
        keep(value.get<int>());
      else
        keep(first_location(value));
  }
  return best;
}

}  // namespace

std::string check_as_written(const nlohmann::json& tree, const std::string& source) {
  size_t open = static_cast<size_t>(std::max(first_location(tree), 0));
  while (open > 0 && source[open - 1] == ' ')
    --open;
  std::string text = source;
  if (open > 0 && source[open - 1] == '(') {
    const size_t end = parenthesised_group_end(source, open - 1);
    if (end != std::string::npos)
      text = source.substr(open, end - open - 1);
  }
  return "CHECK (" + text + ")";
}

namespace {

// A domain's CHECK prints its value as VALUE (PostgreSQL's CoerceToDomainValue):
// the deparser prints it as the column "value"; every such word outside string
// literals is it.
std::string with_domain_value(const std::string& text) {
  std::string out;
  bool literal = false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\'')
      literal = !literal;
    const auto word_char = [&](size_t at) {
      return at < text.size() && (std::isalnum(static_cast<unsigned char>(text[at])) || text[at] == '_');
    };
    if (!literal && text.compare(i, 5, "value") == 0 && (i == 0 || !word_char(i - 1)) && !word_char(i + 5)) {
      out += "VALUE";
      i += 4;
      continue;
    }
    out += text[i];
  }
  return out;
}

}  // namespace

result<ok_t, sqlite_error> read_domain_checks(sqlite_connection& db, catalog_model& model) {
  auto rows = query_rows(db, "SELECT contypid, conname, conbin, consrc FROM tributary_domain_constraints "
                             "ORDER BY contypid, conname");
  if (!rows)
    return fail(rows.error());
  for (const auto& row : *rows)
    for (auto& t : model.types) {
      if (std::to_string(t.oid) != row[0])
        continue;
      const auto tree = nlohmann::json::parse(row[2], nullptr, false);
      if (tree.is_discarded())
        continue;
      column_definition value;
      value.name = "value";
      value.type = builtin_column_type(static_cast<oid_t>(t.base_type), t.base_typmod);
      catalog_check check;
      check.name = row[1];
      check.oid = catalog_object_oid("c", t.schema + "." + t.name + "." + row[1]);
      auto plain = deparse_check(tree, row[3], {value}, false);
      auto pretty = deparse_check(tree, row[3], {value}, true);
      check.definition = plain ? with_domain_value(*plain) : check_as_written(tree, row[3]);
      check.pretty_definition = pretty ? with_domain_value(*pretty) : check_as_written(tree, row[3]);
      t.checks.push_back(std::move(check));
    }
  return ok_v;
}

}  // namespace tributary
