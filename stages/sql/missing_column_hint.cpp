// missing_column_hint: see the header.
#include "stages/sql/missing_column_hint.hpp"

#include <algorithm>
#include <cstdint>

namespace tributary {
namespace {

constexpr int max_fuzzy_distance = 3;  // parse_relation.c's MAX_FUZZY_DISTANCE

// The code points of a UTF-8 string (a byte that starts no sequence counts as one).
std::vector<uint32_t> characters(std::string_view text) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 1;
    length = std::min(length, text.size() - i);
    uint32_t code = lead;
    for (size_t k = 1; k < length; ++k)
      code = (code << 8) | static_cast<unsigned char>(text[i + k]);
    out.push_back(code);
    i += length;
  }
  return out;
}

// FuzzyAttrMatchState: the best distance so far and up to two candidates at it.
struct fuzzy_state {
  int distance = max_fuzzy_distance + 1;
  const hint_relation* first_relation = nullptr;
  int first = -1;  // column index; -1 with a relation: an exact match it cannot see
  const hint_relation* second_relation = nullptr;
  int second = -1;
};

// updateFuzzyAttrMatchState for the entry's column `actual`.
void update(fuzzy_state& state, int penalty, const hint_relation& relation, const std::string& actual,
            const std::string& match, int index) {
  if (penalty > state.distance || actual.empty())
    return;
  int distance = levenshtein_distance(actual, match);
  if (distance > static_cast<int>(match.size()) / 2)
    return;
  distance += penalty;
  if (distance < state.distance) {
    state = fuzzy_state{distance, &relation, index, nullptr, -1};
  } else if (distance == state.distance) {
    if (state.second >= 0)  // a third at this distance: none of them, and a lower bar
      state = fuzzy_state{distance - 1, nullptr, -1, nullptr, -1};
    else if (state.first >= 0) {
      state.second_relation = &relation;
      state.second = index;
    } else if (state.distance <= max_fuzzy_distance) {
      state.first_relation = &relation;
      state.first = index;
    }
  }
}

}  // namespace

int levenshtein_distance(std::string_view a, std::string_view b) {
  const std::vector<uint32_t> s = characters(a), t = characters(b);
  std::vector<int> previous(t.size() + 1), current(t.size() + 1);
  for (size_t j = 0; j <= t.size(); ++j)
    previous[j] = static_cast<int>(j);
  for (size_t i = 1; i <= s.size(); ++i) {
    current[0] = static_cast<int>(i);
    for (size_t j = 1; j <= t.size(); ++j)
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (s[i - 1] == t[j - 1] ? 0 : 1)});
    std::swap(previous, current);
  }
  return previous[t.size()];
}

namespace {

// searchRangeTableForCol: the candidates over every entry, innermost level first; an
// entry the qualifier names exactly that has the column ends the search.
fuzzy_state search(const std::vector<std::vector<hint_relation>>& levels, const std::string& qualifier,
                   const std::string& column) {
  fuzzy_state state;
  for (const auto& level : levels)
    for (const hint_relation& relation : level) {
      // A qualifier names the entry at a cost (varstr_levenshtein_less_equal's cap: 4).
      const int penalty =
          qualifier.empty() ? 0 : std::min(levenshtein_distance(qualifier, relation.alias), max_fuzzy_distance + 1);
      bool exact = false;
      for (size_t i = 0; i < relation.columns.size(); ++i) {
        exact = exact || relation.columns[i] == column;
        update(state, penalty, relation, relation.columns[i], column, static_cast<int>(i));
      }
      if (exact && penalty == 0)
        return fuzzy_state{state.distance, &relation, -1, nullptr, -1};
    }
  return state;
}

}  // namespace

std::string missing_column_hint(const std::vector<std::vector<hint_relation>>& levels,
                                const std::string& qualifier, const std::string& column) {
  const fuzzy_state state = search(levels, qualifier, column);
  if (state.first_relation == nullptr)
    return "";
  if (state.second_relation == nullptr) {
    if (state.first < 0)
      return "There is a column named \"" + column + "\" in table \"" + state.first_relation->alias +
             "\", but it cannot be referenced from this part of the query.";
    return "Perhaps you meant to reference the column \"" + state.first_relation->alias + "." +
           state.first_relation->columns[static_cast<size_t>(state.first)] + "\".";
  }
  return "Perhaps you meant to reference the column \"" + state.first_relation->alias + "." +
         state.first_relation->columns[static_cast<size_t>(state.first)] + "\" or the column \"" +
         state.second_relation->alias + "." + state.second_relation->columns[static_cast<size_t>(state.second)] +
         "\".";
}

}  // namespace tributary
