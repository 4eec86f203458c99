#include "stages/core/conninfo_compat.hpp"

#include <algorithm>
#include <cctype>

namespace tributary {

namespace {

constexpr std::string_view load_balance_keyword = "load_balance_hosts";

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

bool is_uri(std::string_view s) {
  return s.starts_with("postgresql://") || s.starts_with("postgres://");
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// %XX decoding as libpq's conninfo_uri_decode (an invalid escape leaves the text as is).
std::string percent_decoded(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out.push_back(static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2])));
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

split_conninfo split_uri(const std::string& uri) {
  const auto question = uri.find('?');
  if (question == std::string::npos)
    return {uri, std::nullopt};
  std::string kept = uri.substr(0, question);
  std::optional<std::string> value;
  std::string_view query = std::string_view(uri).substr(question + 1);
  bool first = true;
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view parameter = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    const auto eq = parameter.find('=');
    if (eq != std::string_view::npos && percent_decoded(parameter.substr(0, eq)) == load_balance_keyword) {
      value = percent_decoded(parameter.substr(eq + 1));
      continue;
    }
    kept += first ? '?' : '&';
    kept += parameter;
    first = false;
  }
  return {kept, value};
}

// One `keyword = value` of libpq's keyword/value syntax, as conninfo_parse reads it.
struct keyword_value_span {
  std::size_t begin = 0;  // first character of the keyword
  std::size_t end = 0;    // one past the value
  std::string keyword;
  std::string value;
};

std::optional<keyword_value_span> next_keyword_value(const std::string& s, std::size_t& at) {
  while (at < s.size() && is_space(s[at])) ++at;
  if (at >= s.size())
    return std::nullopt;
  keyword_value_span span;
  span.begin = at;
  while (at < s.size() && !is_space(s[at]) && s[at] != '=') span.keyword.push_back(s[at++]);
  while (at < s.size() && is_space(s[at])) ++at;
  if (at >= s.size() || s[at] != '=')
    return std::nullopt;  // libpq: missing "=" after the keyword
  ++at;
  while (at < s.size() && is_space(s[at])) ++at;
  if (at < s.size() && s[at] == '\'') {
    ++at;
    for (;;) {
      if (at >= s.size())
        return std::nullopt;  // libpq: unterminated quoted string
      if (s[at] == '\\' && at + 1 < s.size()) {
        span.value.push_back(s[at + 1]);
        at += 2;
      } else if (s[at] == '\'') {
        ++at;
        break;
      } else {
        span.value.push_back(s[at++]);
      }
    }
  } else {
    while (at < s.size() && !is_space(s[at])) {
      if (s[at] == '\\' && at + 1 < s.size()) {
        span.value.push_back(s[at + 1]);
        at += 2;
      } else {
        span.value.push_back(s[at++]);
      }
    }
  }
  span.end = at;
  return span;
}

split_conninfo split_keyword_value(const std::string& conninfo) {
  std::vector<keyword_value_span> spans;
  for (std::size_t at = 0;;) {
    auto span = next_keyword_value(conninfo, at);
    if (!span) {
      if (at < conninfo.size())
        return {conninfo, std::nullopt};  // a syntax error: libpq will say which
      break;
    }
    spans.push_back(std::move(*span));
  }
  std::string kept;
  std::optional<std::string> value;
  std::size_t copied_to = 0;
  for (const auto& span : spans) {
    if (span.keyword != load_balance_keyword)
      continue;
    kept.append(conninfo, copied_to, span.begin - copied_to);
    copied_to = span.end;
    value = span.value;  // the last one wins, as in libpq
  }
  kept.append(conninfo, copied_to);
  return {kept, value};
}

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> items;
  std::size_t start = 0;
  for (;;) {
    const auto comma = s.find(',', start);
    items.push_back(s.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos)
      return items;
    start = comma + 1;
  }
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ',';
    out += items[i];
  }
  return out;
}

std::string* find_keyword(conninfo_keywords& keywords, std::string_view keyword) {
  for (auto& [k, v] : keywords)
    if (k == keyword)
      return &v;
  return nullptr;
}

void set_keyword(conninfo_keywords& keywords, std::string_view keyword, std::string value) {
  if (auto* v = find_keyword(keywords, keyword))
    *v = std::move(value);
  else
    keywords.emplace_back(std::string(keyword), std::move(value));
}

// libpq 16 shuffles its list of hosts (Fisher-Yates); host, hostaddr and a port list
// of the same length move together.
void shuffle_hosts(conninfo_keywords& keywords, const std::function<std::size_t(std::size_t)>& random_below) {
  std::vector<std::pair<std::string*, std::vector<std::string>>> lists;
  std::size_t hosts = 0;
  for (const char* keyword : {"host", "hostaddr", "port"}) {
    if (auto* v = find_keyword(keywords, keyword)) {
      lists.emplace_back(v, split_list(*v));
      if (std::string_view(keyword) != "port")
        hosts = std::max(hosts, lists.back().second.size());
    }
  }
  if (hosts < 2)
    return;
  std::vector<std::size_t> order(hosts);
  for (std::size_t i = 0; i < hosts; ++i) order[i] = i;
  for (std::size_t i = hosts - 1; i > 0; --i)
    std::swap(order[i], order[random_below(i + 1)]);
  for (auto& [text, items] : lists) {
    if (items.size() != hosts)
      continue;  // a single port applies to every host
    std::vector<std::string> permuted;
    for (std::size_t i : order) permuted.push_back(items[i]);
    *text = joined(permuted);
  }
}

}  // namespace

std::optional<std::string> service_file_user(std::string_view file_text, std::string_view service) {
  auto trim = [](std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
  };
  bool in_section = false;
  while (!file_text.empty()) {
    const auto newline = file_text.find('\n');
    std::string_view line = trim(file_text.substr(0, newline));
    file_text = newline == std::string_view::npos ? std::string_view{} : file_text.substr(newline + 1);
    if (line.empty() || line.front() == '#')
      continue;
    if (line.front() == '[') {
      const auto close = line.find(']');
      in_section = close != std::string_view::npos && line.substr(1, close - 1) == service;
      continue;
    }
    const auto eq = line.find('=');
    if (in_section && eq != std::string_view::npos && trim(line.substr(0, eq)) == "user")
      return std::string(trim(line.substr(eq + 1)));
  }
  return std::nullopt;
}

split_conninfo split_load_balance_hosts(const std::string& conninfo) {
  return is_uri(conninfo) ? split_uri(conninfo) : split_keyword_value(conninfo);
}

result<conninfo_keywords, pg_error> apply_libpq16_keywords(
    conninfo_keywords keywords, const libpq16_environment& environment,
    const std::function<std::size_t(std::size_t)>& random_below) {
  std::optional<std::string> load_balance = environment.pgloadbalancehosts;
  for (auto it = keywords.begin(); it != keywords.end();) {
    if (it->first == load_balance_keyword) {
      load_balance = it->second;
      it = keywords.erase(it);
    } else {
      ++it;
    }
  }
  if (load_balance && *load_balance != "disable" && *load_balance != "random")
    return fail(make_pg_error("08006", "invalid load_balance_hosts value: \"" + *load_balance + "\""));
  if (load_balance == "random")
    shuffle_hosts(keywords, random_below);

  if (auto* root = find_keyword(keywords, "sslrootcert"); root && *root == "system") {
    const std::string* given = find_keyword(keywords, "sslmode");
    const std::optional<std::string> mode = given ? std::optional<std::string>(*given) : environment.pgsslmode;
    if (mode && *mode != "verify-full")
      return fail(make_pg_error("08006", "weak sslmode \"" + *mode +
                                             "\" may not be used with sslrootcert=system (use \"verify-full\")"));
    *root = environment.system_ca_file;
    set_keyword(keywords, "sslmode", "verify-full");
  }
  return keywords;
}

}  // namespace tributary
