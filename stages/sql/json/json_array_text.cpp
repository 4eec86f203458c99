// json_array_text: see json_array_text.hpp.
#include "stages/sql/json/json_array_text.hpp"

#include <cctype>

#include "stages/sql/json/json_document.hpp"

namespace tributary::json_values {
namespace {

// array_out's quoting of one element.
std::string quoted_element(const std::string& text) {
  std::string lower = text;
  for (char& c : lower)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  bool quote = text.empty() || lower == "null";
  for (char c : text)
    quote = quote || c == '{' || c == '}' || c == ',' || c == '"' || c == '\\' ||
            std::isspace(static_cast<unsigned char>(c));
  if (!quote)
    return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

struct writer {
  const json_document& doc;
  const std::string& key;
  std::vector<size_t> lengths;  // each dimension's length, from the first sub-arrays
  std::vector<size_t> indexes;  // the element being written at each depth above this one
  std::string out;

  // populate_array_report_expected_array: the key, or the element ([1], [0][2]) in it.
  pg_error expected_array() const {
    pg_error e = make_pg_error("22P02", "expected JSON array");
    std::string element;
    for (size_t index : indexes)
      element += "[" + std::to_string(index) + "]";
    e.hint = element.empty() ? "See the value of key \"" + key + "\"."
                             : "See the array element " + element + " of key \"" + key + "\".";
    return e;
  }

  result<ok_t, pg_error> write(uint32_t node, size_t depth) {
    const json_node& n = doc[node];
    if (depth < lengths.size()) {
      if (n.what != json_kind::array)
        return fail(expected_array());
      if (n.children.size() != lengths[depth]) {
        pg_error e = make_pg_error("22P02", "malformed JSON array");
        e.detail = "Multidimensional arrays must have sub-arrays with matching dimensions.";
        return fail(std::move(e));
      }
      out += '{';
      indexes.push_back(0);
      for (size_t i = 0; i < n.children.size(); ++i) {
        if (i > 0)
          out += ',';
        indexes.back() = i;
        if (auto r = write(n.children[i], depth + 1); !r)
          return r;
      }
      indexes.pop_back();
      out += '}';
      return ok_v;
    }
    if (n.what == json_kind::array) {
      pg_error e = make_pg_error("22P02", "malformed JSON array");
      e.detail = "Multidimensional arrays must have sub-arrays with matching dimensions.";
      return fail(std::move(e));
    }
    auto text = value_text(doc, node);
    if (!text)
      return fail(text.error());
    out += *text ? quoted_element(**text) : std::string("NULL");
    return ok_v;
  }
};

}  // namespace

result<std::optional<std::string>, pg_error> json_array_text(std::string_view value, const std::string& key) {
  auto doc = read_json_document(value);
  if (!doc)
    return fail(doc.error());
  writer w{*doc, key, {}, {}};
  const json_node& root = (*doc)[0];
  if (root.what == json_kind::null)
    return std::optional<std::string>();
  if (root.what == json_kind::string) {  // the array's text form itself
    auto text = value_text(*doc, 0);
    if (!text)
      return fail(text.error());
    return *text;
  }
  if (root.what != json_kind::array)
    return fail(w.expected_array());
  // The dimensions: down the first elements while they are arrays.
  for (uint32_t node = 0;;) {
    const json_node& n = (*doc)[node];
    if (n.what != json_kind::array)
      break;
    w.lengths.push_back(n.children.size());
    if (n.children.empty())
      return std::optional<std::string>("{}");
    node = n.children[0];
  }
  if (auto r = w.write(0, 0); !r)
    return fail(r.error());
  return std::optional<std::string>(w.out);
}

}  // namespace tributary::json_values
