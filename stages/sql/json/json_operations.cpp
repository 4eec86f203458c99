// json_operations: see json_operations.hpp. Values are rebuilt as text from the
// spans of their parts and made canonical by jsonb_in / jsonb_out.
#include "stages/sql/json/json_operations.hpp"

#include <algorithm>
#include <charconv>

#include "stages/sql/json/json_document.hpp"
#include "stages/types/stored_order.hpp"
#include "stages/types/verbatim/array_text.hpp"
#include "stages/types/verbatim/json_text.hpp"

namespace tributary::json_values {
namespace {

bool is_container(json_kind k) { return k == json_kind::array || k == json_kind::object; }

bool scalars_equal(const json_document& a, uint32_t x, const json_document& b, uint32_t y) {
  if (a[x].what != b[y].what)
    return false;
  if (a[x].what == json_kind::number)
    return compare_stored_numeric(a.span(x), b.span(y)) == 0;
  return a.span(x) == b.span(y);  // canonical strings: equal text, equal value
}

bool deep_contains(const json_document& a, uint32_t x, const json_document& b, uint32_t y);

bool array_contains(const json_document& a, uint32_t x, const json_document& b, uint32_t y) {
  for (uint32_t wanted : b[y].children) {
    bool found = false;
    for (uint32_t candidate : a[x].children) {
      if (is_container(b[wanted].what))
        found = a[candidate].what == b[wanted].what && deep_contains(a, candidate, b, wanted);
      else
        found = scalars_equal(a, candidate, b, wanted);
      if (found)
        break;
    }
    if (!found)
      return false;
  }
  return true;
}

bool deep_contains(const json_document& a, uint32_t x, const json_document& b, uint32_t y) {
  if (a[x].what == json_kind::object) {
    if (b[y].what != json_kind::object)
      return false;
    for (size_t i = 0; i < b[y].keys.size(); ++i) {
      auto member = object_member(a, x, b[y].keys[i]);
      const uint32_t wanted = b[y].children[i];
      if (!member)
        return false;
      if (is_container(b[wanted].what)) {
        if (a[*member].what != b[wanted].what || !deep_contains(a, *member, b, wanted))
          return false;
      } else if (!scalars_equal(a, *member, b, wanted)) {
        return false;
      }
    }
    return true;
  }
  if (a[x].what == json_kind::array)
    return b[y].what == json_kind::array && array_contains(a, x, b, y);
  return scalars_equal(a, x, b, y);
}

pg_error invalid_parameter(std::string message) { return make_pg_error("22023", std::move(message)); }

std::string array_text(const std::vector<std::string_view>& parts) {
  std::string out = "[";
  for (size_t i = 0; i < parts.size(); ++i)
    out.append(i ? ", " : "").append(parts[i]);
  return out + "]";
}

std::string quoted(std::string_view text) {
  std::string out;
  append_escaped_json_string(out, text);
  return out;
}

// The object `node` as text with member `skip` left out (npos: none) and
// `extra` ("\"key\": value") added.
std::string object_text(const json_document& doc, uint32_t node, size_t skip, const std::string& extra) {
  std::string out = "{";
  bool first = true;
  for (size_t i = 0; i < doc[node].keys.size(); ++i) {
    if (i == skip)
      continue;
    out.append(first ? "" : ", ").append(quoted(doc[node].keys[i])).append(": ").append(doc.span(doc[node].children[i]));
    first = false;
  }
  if (!extra.empty())
    out.append(first ? "" : ", ").append(extra);
  return out + "}";
}

std::optional<int64_t> integer_of(const std::string& text) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    return std::nullopt;
  return value;
}

// What setPath does at the path's last step: jsonb_set replaces (creating a
// missing key or an element past either end when `create`); jsonb_insert inserts
// before or after an array element and adds a missing key, refusing an existing one;
// #- removes the key or element (nothing when it is not there).
enum class set_mode { replace, insert_before, insert_after, remove };

// setPath: the text of `node` with path[level..] set to `value`.
result<std::string, pg_error> set_in(const json_document& doc, uint32_t node, const text_list& path, size_t level,
                                     std::string_view value, bool create, set_mode mode = set_mode::replace) {
  const json_node& n = doc[node];
  if (!path[level])  // checked first at every level reached, as setPath
    return fail(make_pg_error("22004", "path element at position " + std::to_string(level + 1) + " is null"));
  if (!is_container(n.what))
    return std::string(doc.span(node));
  const std::string& step = *path[level];
  const bool last = level + 1 == path.size();
  if (n.what == json_kind::object) {
    std::optional<size_t> found;
    for (size_t i = n.keys.size(); i-- > 0 && !found;)
      if (n.keys[i] == step)
        found = i;
    if (found && last && mode == set_mode::remove)
      return object_text(doc, node, *found, "");
    if (found && last && mode != set_mode::replace)
      return fail(make_pg_error("22023", "cannot replace existing key", {},
                                "Try using the function jsonb_set to replace key value."));
    if (!found)
      return last && create ? object_text(doc, node, std::string::npos, quoted(step) + ": " + std::string(value))
                            : std::string(doc.span(node));
    std::string replacement;
    if (last) {
      replacement = std::string(value);
    } else {
      auto inner = set_in(doc, n.children[*found], path, level + 1, value, create, mode);
      if (!inner)
        return inner;
      replacement = std::move(*inner);
    }
    return object_text(doc, node, *found, quoted(step) + ": " + replacement);
  }
  auto index = integer_of(step);
  if (!index)
    return fail(make_pg_error("22P02", "path element at position " + std::to_string(level + 1) +
                                           " is not an integer: \"" + step + "\""));
  const auto count = static_cast<int64_t>(n.children.size());
  int64_t at = *index < 0 ? *index + count : *index;
  std::vector<std::string> parts;
  for (uint32_t child : n.children)
    parts.emplace_back(doc.span(child));
  if (last && mode == set_mode::remove) {
    if (at >= 0 && at < count)
      parts.erase(parts.begin() + at);
  } else if (last && mode != set_mode::replace) {
    // PostgreSQL's setPathArray: before the first when counting back past it,
    // after the last when past the end.
    at = *index < 0 && -*index > count ? 0 : std::min(at + (mode == set_mode::insert_after ? 1 : 0), count);
    parts.insert(parts.begin() + at, std::string(value));
  } else if (at < 0 || at >= count) {
    if (!last || !create)
      return std::string(doc.span(node));
    parts.insert(at < 0 ? parts.begin() : parts.end(), std::string(value));
  } else if (last) {
    parts[static_cast<size_t>(at)] = std::string(value);
  } else {
    auto inner = set_in(doc, n.children[static_cast<size_t>(at)], path, level + 1, value, create, mode);
    if (!inner)
      return inner;
    parts[static_cast<size_t>(at)] = std::move(*inner);
  }
  std::vector<std::string_view> views(parts.begin(), parts.end());
  return array_text(views);
}

// json_strip_nulls: `node` without the object members whose value is null, at
// every depth, written without whitespace.
void write_stripped(const json_document& doc, uint32_t node, std::string& out) {
  const json_node& n = doc[node];
  if (n.what == json_kind::object) {
    out += '{';
    bool first = true;
    for (size_t i = 0; i < n.keys.size(); ++i) {
      if (doc[n.children[i]].what == json_kind::null)
        continue;
      out.append(first ? "" : ",").append(quoted(n.keys[i])).append(":");
      write_stripped(doc, n.children[i], out);
      first = false;
    }
    out += '}';
  } else if (n.what == json_kind::array) {
    out += '[';
    for (size_t i = 0; i < n.children.size(); ++i) {
      if (i > 0)
        out += ',';
      write_stripped(doc, n.children[i], out);
    }
    out += ']';
  } else if (n.what == json_kind::string) {  // de-escaped and escaped again, as escape_json writes it
    auto decoded = decode_json_string(doc.span(node));
    out.append(decoded ? quoted(*decoded) : std::string(doc.span(node)));
  } else {
    out.append(doc.span(node));
  }
}

// jsonb_pretty (JsonbToCStringIndent): members and elements one per line, four
// spaces per depth; a container's closing bracket at its own depth.
void write_pretty(const json_document& doc, uint32_t node, size_t depth, std::string& out) {
  const json_node& n = doc[node];
  if (!is_container(n.what)) {
    out.append(doc.span(node));
    return;
  }
  const bool object = n.what == json_kind::object;
  out += object ? '{' : '[';
  for (size_t i = 0; i < n.children.size(); ++i) {
    out.append(i ? ",\n" : "\n").append(4 * (depth + 1), ' ');
    if (object)
      out.append(quoted(n.keys[i])).append(": ");
    write_pretty(doc, n.children[i], depth + 1, out);
  }
  out.append("\n").append(4 * depth, ' ');
  out += object ? '}' : ']';
}

}  // namespace

result<std::string, pg_error> strip_nulls(std::string_view text, bool jsonb) {
  auto doc = read_json_document(text);
  if (!doc)
    return fail(std::move(doc.error()));
  std::string out;
  write_stripped(*doc, 0, out);
  return jsonb ? canonical_jsonb_text(out) : result<std::string, pg_error>(std::move(out));
}

result<std::string, pg_error> jsonb_pretty(std::string_view text) {
  auto doc = read_json_document(text);
  if (!doc)
    return fail(std::move(doc.error()));
  std::string out;
  write_pretty(*doc, 0, 0, out);
  return out;
}

result<std::string, pg_error> jsonb_insert_path(std::string_view text, const text_list& path, std::string_view value,
                                                bool after) {
  auto doc = read_json_document(text);
  if (!doc)
    return fail(std::move(doc.error()));
  if (!is_container((*doc)[0].what))
    return fail(invalid_parameter("cannot set path in scalar"));
  if (path.empty())
    return std::string(text);
  auto out = set_in(*doc, 0, path, 0, value, true, after ? set_mode::insert_after : set_mode::insert_before);
  if (!out)
    return out;
  return canonical_jsonb_text(*out);
}

result<std::string, pg_error> jsonb_delete_path(std::string_view text, const text_list& path) {
  auto doc = read_json_document(text);
  if (!doc)
    return fail(std::move(doc.error()));
  if (!is_container((*doc)[0].what))
    return fail(invalid_parameter("cannot delete path in scalar"));
  if (path.empty())
    return std::string(text);
  auto out = set_in(*doc, 0, path, 0, "", false, set_mode::remove);
  if (!out)
    return out;
  return canonical_jsonb_text(*out);
}

result<std::string, pg_error> canonical_jsonb(std::string_view text) { return canonical_jsonb_text(text); }

result<bool, pg_error> jsonb_contains(std::string_view container, std::string_view contained) {
  auto a = read_json_document(container);
  if (!a)
    return fail(std::move(a.error()));
  auto b = read_json_document(contained);
  if (!b)
    return fail(std::move(b.error()));
  const bool a_object = (*a)[0].what == json_kind::object;
  const bool b_object = (*b)[0].what == json_kind::object;
  if (a_object != b_object)
    return false;
  if (a_object)
    return deep_contains(*a, 0, *b, 0);
  // Arrays and raw scalars (one-element arrays): a raw scalar holds no array.
  const bool a_raw = (*a)[0].what != json_kind::array;
  const bool b_raw = (*b)[0].what != json_kind::array;
  if (a_raw && !b_raw)
    return false;
  if (a_raw)
    return scalars_equal(*a, 0, *b, 0);
  if (!b_raw)
    return array_contains(*a, 0, *b, 0);
  for (uint32_t candidate : (*a)[0].children)
    if (scalars_equal(*a, candidate, *b, 0))
      return true;
  return false;
}

result<bool, pg_error> jsonb_exists(std::string_view text, const text_list& keys, bool any) {
  auto doc = read_json_document(text);
  if (!doc)
    return fail(std::move(doc.error()));
  const json_node& root = (*doc)[0];
  const auto has = [&](const std::string& key) {
    if (root.what == json_kind::object)
      return object_member(*doc, 0, key).has_value();
    const auto string_equal = [&](uint32_t node) {
      if ((*doc)[node].what != json_kind::string)
        return false;
      auto decoded = decode_json_string(doc->span(node));
      return decoded && *decoded == key;
    };
    if (root.what == json_kind::array)
      return std::any_of(root.children.begin(), root.children.end(), string_equal);
    return string_equal(0);
  };
  for (const auto& key : keys) {
    if (!key)
      continue;  // PostgreSQL skips NULL elements
    if (has(*key) == any)
      return any;
  }
  return !any;
}

result<std::string, pg_error> jsonb_concat(std::string_view left, std::string_view right) {
  auto a = read_json_document(left);
  if (!a)
    return fail(std::move(a.error()));
  auto b = read_json_document(right);
  if (!b)
    return fail(std::move(b.error()));
  if ((*a)[0].what == json_kind::object && (*b)[0].what == json_kind::object) {
    std::string merged = object_text(*a, 0, std::string::npos, "");
    const std::string tail = object_text(*b, 0, std::string::npos, "");
    if (merged.size() > 2 && tail.size() > 2)
      merged = merged.substr(0, merged.size() - 1) + ", " + tail.substr(1);
    else if (tail.size() > 2)
      merged = tail;
    return canonical_jsonb_text(merged);
  }
  std::vector<std::string_view> parts;
  for (const json_document* d : {&*a, &*b}) {
    if ((*d)[0].what == json_kind::array)
      for (uint32_t child : (*d)[0].children)
        parts.push_back(d->span(child));
    else
      parts.push_back(d->span(0));
  }
  return array_text(parts);
}

result<std::string, pg_error> jsonb_delete_keys(std::string_view text, const text_list& keys) {
  auto doc = read_json_document(text);
  if (!doc)
    return fail(std::move(doc.error()));
  const json_node& root = (*doc)[0];
  const auto listed = [&](const std::string& key) {
    return std::any_of(keys.begin(), keys.end(), [&](const auto& k) { return k && *k == key; });
  };
  if (root.what == json_kind::object) {
    std::string out = "{";
    for (size_t i = 0; i < root.keys.size(); ++i)
      if (!listed(root.keys[i]))
        out.append(out.size() > 1 ? ", " : "").append(quoted(root.keys[i])).append(": ").append(doc->span(root.children[i]));
    return out + "}";
  }
  if (root.what != json_kind::array)
    return fail(invalid_parameter("cannot delete from scalar"));
  std::vector<std::string_view> parts;
  for (uint32_t child : root.children) {
    if ((*doc)[child].what == json_kind::string) {
      auto decoded = decode_json_string(doc->span(child));
      if (decoded && listed(*decoded))
        continue;
    }
    parts.push_back(doc->span(child));
  }
  return array_text(parts);
}

result<std::string, pg_error> jsonb_delete_index(std::string_view text, int64_t index) {
  auto doc = read_json_document(text);
  if (!doc)
    return fail(std::move(doc.error()));
  const json_node& root = (*doc)[0];
  if (root.what == json_kind::object)
    return fail(invalid_parameter("cannot delete from object using integer index"));
  if (root.what != json_kind::array)
    return fail(invalid_parameter("cannot delete from scalar"));
  const auto count = static_cast<int64_t>(root.children.size());
  const int64_t at = index < 0 ? index + count : index;
  std::vector<std::string_view> parts;
  for (int64_t i = 0; i < count; ++i)
    if (i != at)
      parts.push_back(doc->span(root.children[static_cast<size_t>(i)]));
  return array_text(parts);
}

result<std::string, pg_error> jsonb_set_path(std::string_view text, const text_list& path, std::string_view value,
                                             bool create_missing) {
  auto doc = read_json_document(text);
  if (!doc)
    return fail(std::move(doc.error()));
  if (!is_container((*doc)[0].what))
    return fail(invalid_parameter("cannot set path in scalar"));
  if (path.empty())
    return std::string(text);
  auto out = set_in(*doc, 0, path, 0, value, create_missing);
  if (!out)
    return out;
  return canonical_jsonb_text(*out);
}

std::string json_fragment(std::string_view text, fragment_kind kind) {
  switch (kind) {
    case fragment_kind::json:
      return std::string(text);
    case fragment_kind::boolean:
      return text == "t" || text == "true" || text == "1" ? "true" : "false";
    case fragment_kind::number:
      if (text == "NaN" || text == "Infinity" || text == "-Infinity")
        return quoted(text);
      return std::string(text);
    case fragment_kind::timestamp: {
      if (text.size() < 19 || text[10] != ' ')
        return quoted(text);  // infinity, -infinity
      std::string iso(text);
      iso[10] = 'T';
      // An offset of hours only (+05) gets its minutes, as JSON's ISO 8601 has them.
      const size_t sign = iso.find_last_of("+-");
      if (sign != std::string::npos && sign > 18 && iso.find(':', sign) == std::string::npos &&
          iso.find(' ', sign) == std::string::npos)
        iso += ":00";
      return quoted(iso);
    }
    case fragment_kind::string:
      break;
  }
  return quoted(text);
}

result<std::string, pg_error> array_json(std::string_view array_text, fragment_kind kind) {
  auto array = read_array_literal(array_text);
  if (!array)
    return fail(array.error());
  if (array->lengths.empty())
    return std::string("[]");
  std::string out;
  size_t next = 0;
  // One dimension's brackets around its sub-arrays (or, innermost, its elements).
  const auto write = [&](const auto& self, size_t dimension) -> void {
    out += '[';
    for (int32_t i = 0; i < array->lengths[dimension]; ++i) {
      if (i > 0)
        out += ',';
      if (dimension + 1 < array->lengths.size()) {
        self(self, dimension + 1);
        continue;
      }
      const std::optional<std::string>& element = array->elements[next++];
      out += element ? json_fragment(*element, kind) : std::string("null");
    }
    out += ']';
  };
  write(write, 0);
  return out;
}

result<std::string, pg_error> build_object(const std::vector<std::optional<std::string>>& items, bool jsonb) {
  std::string out = "{";
  for (size_t i = 0; i + 1 < items.size(); i += 2) {
    if (!items[i])
      return fail(invalid_parameter("argument " + std::to_string(i + 1) + ": key must not be null"));
    out.append(i ? ", " : "").append(quoted(*items[i])).append(jsonb ? ": " : " : ");
    out.append(items[i + 1] ? *items[i + 1] : std::string("null"));
  }
  out += "}";
  return jsonb ? canonical_jsonb_text(out) : result<std::string, pg_error>(std::move(out));
}

result<std::string, pg_error> build_array(const std::vector<std::string>& fragments, bool jsonb) {
  std::vector<std::string_view> parts(fragments.begin(), fragments.end());
  std::string out = array_text(parts);
  return jsonb ? canonical_jsonb_text(out) : result<std::string, pg_error>(std::move(out));
}

}  // namespace tributary::json_values
