// view_options: see the header.
#include "stages/sql/view_options.hpp"

#include <set>

#include "stages/core/pg_bool.hpp"
#include "stages/sql/parse_tree.hpp"

namespace tributary {

namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

// defGetString: a string, a number, a keyword or a bare name (a TypeName here: local).
std::string argument_text(const json& def) {
  if (!def.contains("arg"))
    return "true";
  const json& arg = def["arg"];
  const std::string type = pt::node_type(arg);
  const json& f = pt::fields(arg);
  if (type == "String")
    return pt::text(f, "sval");
  if (type == "Integer")
    return std::to_string(pt::integer(f, "ival"));
  if (type == "Float")
    return pt::text(f, "fval");
  if (type == "Boolean")
    return pt::flag(f, "boolval") ? "true" : "false";
  if (type == "TypeName") {
    const auto names = pt::strings(pt::list(f, "names"));
    return names.empty() ? std::string() : names.back();
  }
  return {};
}

}  // namespace

result<std::vector<std::string>, pg_error> view_reloptions(const json& view) {
  std::vector<std::pair<std::string, std::string>> options;
  for (const auto& option : view.value("options", json::array())) {
    const json& def = pt::fields(option);
    options.emplace_back(pt::text(def, "defname"), argument_text(def));
  }
  const std::string check = view.value("withCheckOption", std::string("NO_CHECK_OPTION"));
  if (check == "LOCAL_CHECK_OPTION")
    options.emplace_back("check_option", "local");
  else if (check == "CASCADED_CHECK_OPTION")
    options.emplace_back("check_option", "cascaded");
  std::set<std::string> seen;
  std::vector<std::string> out;
  for (const auto& [name, value] : options) {
    if (name == "security_barrier") {
      if (!parse_pg_bool(value))
        return fail(make_pg_error("22023", "invalid value for boolean option \"security_barrier\": " + value));
    } else if (name == "check_option") {
      if (value != "local" && value != "cascaded")
        return fail(make_pg_error("22023", "invalid value for enum option \"check_option\": " + value,
                                  "Valid values are \"local\" and \"cascaded\"."));
    } else {
      return fail(make_pg_error("22023", "unrecognized parameter \"" + name + "\""));
    }
    if (!seen.insert(name).second)
      return fail(make_pg_error("22023", "parameter \"" + name + "\" specified more than once"));
    out.push_back(name + "=" + value);
  }
  return out;
}

std::string reloptions_array_text(const std::vector<std::string>& options) {
  std::string out = "{";
  for (size_t i = 0; i < options.size(); ++i) {
    const std::string& o = options[i];
    const bool quote = o.empty() || o.find_first_of(",{}\"\\ ") != std::string::npos;
    std::string element;
    for (char c : o)
      element += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
    out += (i ? "," : "") + (quote ? "\"" + element + "\"" : element);
  }
  return out + "}";
}

}  // namespace tributary
