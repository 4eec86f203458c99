// database_options: see the header.
#include "stages/auth/database_options.hpp"

#include <cctype>
#include <set>
#include <vector>

namespace tributary {
namespace {

std::string lowercase(std::string_view text) {
  std::string out(text);
  for (auto& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

size_t skip_spaces(const std::string& text, size_t at) {
  while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at])))
    ++at;
  return at;
}

// The integer written after CONNECTION LIMIT (or CONNECTION_LIMIT), with an
// optional "=": libpg_query's JSON leaves out an Integer's 0 or negative value.
std::optional<int64_t> connection_limit_in_text(std::string_view statement_text) {
  const std::string text = lowercase(statement_text);
  for (size_t at = text.find("connection"); at != std::string::npos; at = text.find("connection", at + 1)) {
    size_t i = at + 10;
    if (i < text.size() && text[i] == '_')
      ++i;
    else
      i = skip_spaces(text, i);
    if (text.compare(i, 5, "limit") != 0)
      continue;
    i = skip_spaces(text, i + 5);
    if (i < text.size() && text[i] == '=')
      i = skip_spaces(text, i + 1);
    const bool negative = i < text.size() && text[i] == '-';
    if (negative)
      i = skip_spaces(text, i + 1);
    size_t end = i;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end])))
      ++end;
    if (end == i || end - i > 10)
      continue;
    const int64_t value = std::stoll(text.substr(i, end - i));
    return negative ? -value : value;
  }
  return std::nullopt;
}

// defGetInt32: only an Integer node.
result<int64_t, pg_error> integer_argument(const std::string& name, const nlohmann::json& arg,
                                           std::string_view statement_text) {
  if (!arg.contains("Integer"))
    return fail(make_pg_error("42601", name + " requires an integer value"));
  const auto& integer = arg["Integer"];
  if (integer.contains("ival"))
    return integer["ival"].get<int64_t>();
  return connection_limit_in_text(statement_text).value_or(0);
}

// defGetBoolean: TRUE/FALSE/ON/OFF (a string or keyword), 0 or 1.
result<bool, pg_error> boolean_argument(const std::string& name, const nlohmann::json& arg) {
  const pg_error refusal = make_pg_error("42601", name + " requires a Boolean value");
  if (arg.contains("Integer")) {
    const int64_t v = arg["Integer"].value("ival", int64_t{0});
    if (v == 0 || v == 1)
      return v == 1;
    return fail(refusal);
  }
  if (arg.contains("Boolean"))
    return arg["Boolean"].value("boolval", false);
  if (arg.contains("String")) {
    const std::string text = lowercase(arg["String"].value("sval", std::string()));
    if (text == "true" || text == "on")
      return true;
    if (text == "false" || text == "off")
      return false;
  }
  return fail(refusal);
}

}  // namespace

result<database_options, pg_error> parse_database_options(const nlohmann::json& options, database_statement which,
                                                          std::string_view statement_text) {
  static const std::set<std::string> create_names = {
      "tablespace",      "owner",          "template",          "encoding",          "locale",
      "lc_collate",      "lc_ctype",       "icu_locale",        "locale_provider",   "collation_version",
      "connection_limit", "allow_connections", "is_template",   "oid",               "strategy",
      "location"};
  static const std::set<std::string> alter_names = {"is_template", "allow_connections", "connection_limit",
                                                    "tablespace"};
  const auto& names = which == database_statement::create ? create_names : alter_names;
  // First every name (repeated or unknown), then the values, as the C code does.
  std::set<std::string> seen;
  std::vector<std::pair<std::string, nlohmann::json>> given;
  for (const auto& item : options.is_array() ? options : nlohmann::json::array()) {
    const nlohmann::json& def = item.contains("DefElem") ? item["DefElem"] : item;
    const std::string name = def.value("defname", std::string());
    if (names.count(name) == 0)
      return fail(make_pg_error("42601", "option \"" + name + "\" not recognized"));
    if (!seen.insert(name).second)
      return fail(make_pg_error("42601", "conflicting or redundant options"));
    given.emplace_back(name, def.value("arg", nlohmann::json()));
  }
  const auto argument = [&](const std::string& name) -> const nlohmann::json* {
    for (const auto& [given_name, arg] : given)
      if (given_name == name)
        return &arg;
    return nullptr;
  };
  database_options out;
  if (argument("tablespace")) {
    out.tablespace_given = true;
    if (which == database_statement::alter && given.size() != 1)
      return fail(make_pg_error("22023", "option \"tablespace\" cannot be specified with other options"));
  }
  if (const auto* owner = argument("owner"); owner && owner->is_object() && owner->contains("String"))
    out.owner = (*owner)["String"].value("sval", std::string());
  // The values in createdb()'s order: IS_TEMPLATE, ALLOW_CONNECTIONS, CONNECTION LIMIT.
  if (const auto* arg = argument("is_template")) {
    out.is_template_given = true;
    if (!arg->is_null())
      if (auto b = boolean_argument("is_template", *arg); !b)
        return fail(b.error());
  }
  if (const auto* arg = argument("allow_connections")) {
    out.allow_connections = true;
    if (!arg->is_null()) {
      auto b = boolean_argument("allow_connections", *arg);
      if (!b)
        return fail(b.error());
      out.allow_connections = *b;
    }
  }
  if (const auto* arg = argument("connection_limit")) {
    out.connection_limit = -1;  // DEFAULT
    if (!arg->is_null()) {
      auto n = integer_argument("connection_limit", *arg, statement_text);
      if (!n)
        return fail(n.error());
      if (*n < -1)
        return fail(make_pg_error("22023", "invalid connection limit: " + std::to_string(*n)));
      out.connection_limit = *n;
    }
  }
  return out;
}

}  // namespace tributary
