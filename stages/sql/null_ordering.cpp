// null_ordering: see the header.
#include "stages/sql/null_ordering.hpp"

#include <cctype>

#include "stages/sql/parse_tree.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

bool is_identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// The end of the column reference or integer that starts at `at`: identifiers,
// "quoted" identifiers and digits joined by dots.
size_t key_end(std::string_view s, size_t at) {
  size_t i = at;
  for (;;) {
    if (i < s.size() && s[i] == '"') {
      for (++i; i < s.size(); ++i)
        if (s[i] == '"') {
          if (i + 1 < s.size() && s[i + 1] == '"')
            ++i;
          else
            break;
        }
      ++i;
    } else {
      while (i < s.size() && is_identifier_char(s[i]))
        ++i;
    }
    if (i < s.size() && s[i] == '.' && i + 1 < s.size() && s[i + 1] != '.')
      ++i;
    else
      return i;
  }
}

bool word_at(std::string_view s, size_t at, std::string_view word) {
  if (at + word.size() > s.size())
    return false;
  for (size_t i = 0; i < word.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[at + i])) != word[i])
      return false;
  return at + word.size() == s.size() || !is_identifier_char(s[at + word.size()]);
}

void sort_item(const json& sort_by, std::string_view source, std::vector<text_edit>& edits) {
  if (pt::text(sort_by, "sortby_nulls") != "SORTBY_NULLS_DEFAULT")
    return;
  const std::string direction = pt::text(sort_by, "sortby_dir");
  if (direction == "SORTBY_USING")
    return;
  const json& key = sort_by.value("node", json::object());
  const std::string type = pt::node_type(key);
  if (type != "ColumnRef" && !(type == "A_Const" && pt::fields(key).contains("ival")))
    return;
  const int64_t location = pt::integer(pt::fields(key), "location");
  if (location < 0 || static_cast<size_t>(location) >= source.size())
    return;
  size_t at = key_end(source, static_cast<size_t>(location));
  size_t after_space = at;
  while (after_space < source.size() && std::isspace(static_cast<unsigned char>(source[after_space])))
    ++after_space;
  const bool descending = direction == "SORTBY_DESC";
  if (direction != "SORTBY_DEFAULT") {
    const std::string_view word = descending ? "desc" : "asc";
    if (!word_at(source, after_space, word))
      return;  // not where it was expected: leave the item as written
    at = after_space + word.size();
  }
  edits.push_back({at, at, descending ? " NULLS FIRST" : " NULLS LAST"});
}

}  // namespace

void add_null_ordering(const json& node, std::string_view source, std::vector<text_edit>& edits) {
  if (node.is_object()) {
    for (auto it = node.begin(); it != node.end(); ++it) {
      if (it.key() == "SortBy")
        sort_item(it.value(), source, edits);
      add_null_ordering(it.value(), source, edits);
    }
  } else if (node.is_array()) {
    for (const auto& item : node)
      add_null_ordering(item, source, edits);
  }
}

}  // namespace tributary
