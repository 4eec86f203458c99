// json_document: see json_document.hpp.
#include "stages/sql/json/json_document.hpp"
#include "stages/core/utf8_encode.hpp"

#include <cctype>
#include <charconv>

namespace tributary::json_values {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

pg_error not_json() {
  return make_pg_error("22P02", "invalid input syntax for type json");
}

class reader {
public:
  explicit reader(std::string_view text) : text_(text) {}

  result<json_document, pg_error> read() {
    json_document doc;
    doc.text = text_;
    if (!value(doc))
      return fail(error_.value_or(not_json()));
    skip();
    if (at_ != text_.size())
      return fail(not_json());
    return doc;
  }

private:
  void skip() {
    while (at_ < text_.size() && is_space(text_[at_]))
      ++at_;
  }

  // A string token starting at at_ (a quote): moves past it.
  bool string_token() {
    ++at_;
    while (at_ < text_.size() && text_[at_] != '"')
      at_ += text_[at_] == '\\' ? 2 : 1;
    if (at_ >= text_.size())
      return false;
    ++at_;
    return true;
  }

  bool value(json_document& doc) {
    skip();
    if (at_ >= text_.size())
      return false;
    const auto index = static_cast<uint32_t>(doc.nodes.size());
    doc.nodes.emplace_back();
    doc.nodes[index].begin = static_cast<uint32_t>(at_);
    const char c = text_[at_];
    json_kind what = json_kind::null;
    if (c == '{' || c == '[') {
      const bool object = c == '{';
      what = object ? json_kind::object : json_kind::array;
      ++at_;
      skip();
      if (at_ < text_.size() && text_[at_] == (object ? '}' : ']')) {
        ++at_;
      } else {
        while (true) {
          skip();
          if (object) {
            if (at_ >= text_.size() || text_[at_] != '"')
              return false;
            const size_t key_start = at_;
            if (!string_token())
              return false;
            auto key = decode_json_string(text_.substr(key_start, at_ - key_start));
            if (!key) {
              error_ = key.error();
              return false;
            }
            doc.nodes[index].keys.push_back(std::move(*key));
            skip();
            if (at_ >= text_.size() || text_[at_] != ':')
              return false;
            ++at_;
          }
          const auto child = static_cast<uint32_t>(doc.nodes.size());
          if (!value(doc))
            return false;
          doc.nodes[index].children.push_back(child);
          skip();
          if (at_ >= text_.size())
            return false;
          if (text_[at_] == ',') {
            ++at_;
            continue;
          }
          if (text_[at_] != (object ? '}' : ']'))
            return false;
          ++at_;
          break;
        }
      }
    } else if (c == '"') {
      what = json_kind::string;
      if (!string_token())
        return false;
    } else if (text_.compare(at_, 4, "true") == 0) {
      what = json_kind::boolean_true;
      at_ += 4;
    } else if (text_.compare(at_, 5, "false") == 0) {
      what = json_kind::boolean_false;
      at_ += 5;
    } else if (text_.compare(at_, 4, "null") == 0) {
      what = json_kind::null;
      at_ += 4;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      what = json_kind::number;
      ++at_;
      while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '.' ||
                                    text_[at_] == '+' || text_[at_] == '-'))
        ++at_;
    } else {
      return false;
    }
    doc.nodes[index].what = what;
    doc.nodes[index].end = static_cast<uint32_t>(at_);
    return true;
  }

  std::string_view text_;
  size_t at_ = 0;
  std::optional<pg_error> error_;
};


std::optional<uint32_t> hex4(std::string_view text, size_t at) {
  if (at + 4 > text.size())
    return std::nullopt;
  uint32_t value = 0;
  for (size_t i = at; i < at + 4; ++i) {
    const char c = text[i];
    value <<= 4;
    if (c >= '0' && c <= '9') value |= static_cast<uint32_t>(c - '0');
    else if (c >= 'a' && c <= 'f') value |= static_cast<uint32_t>(c - 'a' + 10);
    else if (c >= 'A' && c <= 'F') value |= static_cast<uint32_t>(c - 'A' + 10);
    else return std::nullopt;
  }
  return value;
}

}  // namespace

result<json_document, pg_error> read_json_document(std::string_view text) { return reader(text).read(); }

result<std::string, pg_error> decode_json_string(std::string_view quoted) {
  std::string out;
  const std::string_view body = quoted.substr(1, quoted.size() >= 2 ? quoted.size() - 2 : 0);
  out.reserve(body.size());
  std::optional<uint32_t> high;  // a high surrogate waiting for its low half
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] != '\\') {
      if (high)
        return fail(make_pg_error("22P02", "invalid input syntax for type json",
                                  "Unicode low surrogate must follow a high surrogate."));
      out += body[i];
      continue;
    }
    const char e = body[++i];
    if (e == 'u') {
      const auto code = hex4(body, i + 1);
      if (!code)
        return fail(make_pg_error("22P02", "invalid input syntax for type json",
                                  "\"\\u\" must be followed by four hexadecimal digits."));
      i += 4;
      if (*code >= 0xD800 && *code <= 0xDBFF) {
        if (high)
          return fail(make_pg_error("22P02", "invalid input syntax for type json",
                                    "Unicode high surrogate must not follow a high surrogate."));
        high = *code;
        continue;
      }
      if (*code >= 0xDC00 && *code <= 0xDFFF) {
        if (!high)
          return fail(make_pg_error("22P02", "invalid input syntax for type json",
                                    "Unicode low surrogate must follow a high surrogate."));
        append_utf8(out, 0x10000 + ((*high - 0xD800) << 10) + (*code - 0xDC00));
        high.reset();
        continue;
      }
      if (high)
        return fail(make_pg_error("22P02", "invalid input syntax for type json",
                                  "Unicode low surrogate must follow a high surrogate."));
      if (*code == 0)
        return fail(make_pg_error("22P05", "unsupported Unicode escape sequence",
                                  "\\u0000 cannot be converted to text."));
      append_utf8(out, *code);
      continue;
    }
    if (high)
      return fail(make_pg_error("22P02", "invalid input syntax for type json",
                                "Unicode low surrogate must follow a high surrogate."));
    switch (e) {
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      default: out += e; break;  // " \ /
    }
  }
  if (high)
    return fail(make_pg_error("22P02", "invalid input syntax for type json",
                              "Unicode low surrogate must follow a high surrogate."));
  return out;
}

result<std::optional<std::string>, pg_error> value_text(const json_document& doc, uint32_t node) {
  const json_node& n = doc[node];
  if (n.what == json_kind::null)
    return std::optional<std::string>();
  if (n.what != json_kind::string)
    return std::optional<std::string>(std::string(doc.span(node)));
  auto decoded = decode_json_string(doc.span(node));
  if (!decoded)
    return fail(std::move(decoded.error()));
  return std::optional<std::string>(std::move(*decoded));
}

std::optional<uint32_t> object_member(const json_document& doc, uint32_t node, std::string_view key) {
  const json_node& n = doc[node];
  if (n.what != json_kind::object)
    return std::nullopt;
  for (size_t i = n.keys.size(); i-- > 0;)
    if (n.keys[i] == key)
      return n.children[i];
  return std::nullopt;
}

std::optional<uint32_t> array_element(const json_document& doc, uint32_t node, int64_t index) {
  const json_node& n = doc[node];
  if (n.what != json_kind::array)
    return std::nullopt;
  const auto count = static_cast<int64_t>(n.children.size());
  if (index < 0)
    index += count;
  if (index < 0 || index >= count)
    return std::nullopt;
  return n.children[static_cast<size_t>(index)];
}

std::optional<uint32_t> follow_path(const json_document& doc, const std::vector<std::optional<std::string>>& path) {
  uint32_t at = 0;
  for (const auto& step : path) {
    if (!step)
      return std::nullopt;
    std::optional<uint32_t> next;
    if (doc[at].what == json_kind::object) {
      next = object_member(doc, at, *step);
    } else if (doc[at].what == json_kind::array) {
      int64_t index = 0;
      const auto* first = step->data();
      const auto* last = first + step->size();
      auto [end, ec] = std::from_chars(first, last, index);
      if (ec != std::errc() || end != last || step->empty())
        return std::nullopt;
      next = array_element(doc, at, index);
    }
    if (!next)
      return std::nullopt;
    at = *next;
  }
  return at;
}

const char* type_name(json_kind what) {
  switch (what) {
    case json_kind::null: return "null";
    case json_kind::boolean_true: case json_kind::boolean_false: return "boolean";
    case json_kind::number: return "number";
    case json_kind::string: return "string";
    case json_kind::array: return "array";
    case json_kind::object: return "object";
  }
  return "null";
}

}  // namespace tributary::json_values
