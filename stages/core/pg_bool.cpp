#include "stages/core/pg_bool.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace tributary {

std::optional<bool> parse_pg_bool(std::string_view text) {
  std::string v{text};
  std::transform(v.begin(), v.end(), v.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  while (!v.empty() && std::isspace(static_cast<unsigned char>(v.back())))
    v.pop_back();
  while (!v.empty() && std::isspace(static_cast<unsigned char>(v.front())))
    v.erase(v.begin());
  if (v.empty())
    return std::nullopt;
  auto prefix_of = [&](std::string_view word, size_t min_len) {
    return v.size() >= min_len && v.size() <= word.size() && word.substr(0, v.size()) == v;
  };
  if (prefix_of("true", 1) || prefix_of("yes", 1) || v == "1" || prefix_of("on", 2))
    return true;
  if (prefix_of("false", 1) || prefix_of("no", 1) || v == "0" || prefix_of("off", 2))
    return false;
  return std::nullopt;
}

}  // namespace tributary
