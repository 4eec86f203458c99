// text_edits: replacements of byte ranges of a statement's text, applied together
// (the translators find what to change in the parse tree and where by location).
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace tributary {

struct text_edit {
  size_t begin = 0, end = 0;  // [begin, end) of the source; begin == end inserts
  std::string text;
};

// `source` with every edit applied; of two overlapping edits only the later one.
inline std::string apply_text_edits(std::string_view source, std::vector<text_edit> edits) {
  std::stable_sort(edits.begin(), edits.end(),
                   [](const text_edit& a, const text_edit& b) { return a.begin > b.begin; });
  std::string out(source);
  size_t limit = out.size();
  for (const auto& e : edits) {
    if (e.end > limit || e.begin > e.end)
      continue;
    out.replace(e.begin, e.end - e.begin, e.text);
    limit = e.begin;
  }
  return out;
}

}  // namespace tributary
