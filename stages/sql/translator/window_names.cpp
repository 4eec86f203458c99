// window_names: a SELECT's WINDOW clause (WINDOW w AS (...)) resolved in the parse
// tree: every OVER w and OVER (w ...) of the statement (outside its sub-selects)
// becomes the window it names, as PostgreSQL's transformWindowDefinitions merges
// them: PARTITION BY from the named window, ORDER BY from it unless the copy adds
// one, the frame of the copy; errors as PostgreSQL's: 42704 window "w" does not
// exist, 42P20 cannot override PARTITION BY / ORDER BY clause of window "w", cannot
// copy window "w" because it has a frame clause. The statement is then translated
// without its WINDOW clause (function_translator.cpp's window_clause).
#include <map>

#include "stages/sql/parse_tree.hpp"
#include "stages/sql/translator/query_translator.hpp"

namespace tributary::translator {
namespace {

namespace pt = parse_tree;

constexpr int64_t frame_nondefault = 0x1;

[[noreturn]] void window_error(const query_translator& t, const char* state, const std::string& message,
                               const json& def, const std::string& hint = {}) {
  t.fail_at(make_pg_error(state, message, "", hint), static_cast<int>(pt::integer(def, "location")));
}

// The window `def` (WindowDef fields) with its refname resolved against `windows`.
json resolve(const json& def, const std::map<std::string, json>& windows, const query_translator& t) {
  const std::string ref = pt::text(def, "refname");
  const std::string name = pt::text(def, "name");
  json out = def;
  out.erase("name");
  out.erase("refname");
  if (ref.empty() && name.empty())
    return out;
  const std::string target = ref.empty() ? name : ref;
  const auto found = windows.find(target);
  if (found == windows.end())
    window_error(t, "42704", "window \"" + target + "\" does not exist", def);
  const json& base = found->second;
  if (ref.empty())  // OVER w: the window itself
    return base;
  if (def.contains("partitionClause"))
    window_error(t, "42P20", "cannot override PARTITION BY clause of window \"" + ref + "\"", def);
  if (def.contains("orderClause") && base.contains("orderClause"))
    window_error(t, "42P20", "cannot override ORDER BY clause of window \"" + ref + "\"", def);
  if (pt::integer(base, "frameOptions") & frame_nondefault)
    window_error(t, "42P20", "cannot copy window \"" + ref + "\" because it has a frame clause", def,
                 // transformWindowDefinitions: OVER (w) alone could have been OVER w
                 def.contains("orderClause") || !name.empty() || (pt::integer(def, "frameOptions") & frame_nondefault)
                     ? ""
                     : "Omit the parentheses in this OVER clause.");
  if (base.contains("partitionClause"))
    out["partitionClause"] = base["partitionClause"];
  if (!def.contains("orderClause") && base.contains("orderClause"))
    out["orderClause"] = base["orderClause"];
  return out;
}

json substitute(const json& node, const std::map<std::string, json>& windows, const query_translator& t) {
  if (node.is_array()) {
    json out = json::array();
    for (const json& item : node)
      out.push_back(substitute(item, windows, t));
    return out;
  }
  if (!node.is_object())
    return node;
  json out = json::object();
  for (const auto& [key, value] : node.items()) {
    if (key == "SubLink" || key == "RangeSubselect" || key == "SelectStmt")
      out[key] = value;  // its own WINDOW clause
    else if (key == "FuncCall" && value.contains("over")) {
      json call = substitute(value, windows, t);
      call["over"] = resolve(value["over"], windows, t);
      out[key] = std::move(call);
    } else
      out[key] = substitute(value, windows, t);
  }
  return out;
}

}  // namespace

std::optional<json> resolve_named_windows(const json& s, const query_translator& t) {
  if (!s.contains("windowClause"))
    return std::nullopt;
  std::map<std::string, json> windows;
  for (const json& node : pt::list(s, "windowClause")) {
    const json& def = pt::fields(node);
    const std::string name = pt::text(def, "name");
    if (windows.count(name))
      window_error(t, "42P20", "window \"" + name + "\" is already defined", def);
    if (def.contains("refname")) {  // resolved with its name (it words the errors)
      json resolved = resolve(def, windows, t);
      resolved.erase("name");
      windows[name] = std::move(resolved);
      continue;
    }
    json copy = def;
    copy.erase("name");
    windows[name] = std::move(copy);
  }
  json out = json::object();
  for (const auto& [key, value] : s.items())
    if (key != "windowClause")
      out[key] = key == "targetList" || key == "sortClause" ? substitute(value, windows, t) : value;
  return out;
}

}  // namespace tributary::translator
