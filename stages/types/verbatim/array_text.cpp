// array_text: array literal reader and writer. See array_text.hpp.
//
// The reader is one pass over the text with the states of PostgreSQL 15's
// ArrayCount (so each malformed literal gets the detail PostgreSQL gives it),
// collecting element texts as ReadArrayStr does and checking that the nesting
// is rectangular.
#include "stages/types/verbatim/array_text.hpp"

#include <cctype>
#include <limits>

namespace tributary {
namespace {

bool is_array_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

bool equals_null_word(std::string_view s) {
  if (s.size() != 4)
    return false;
  for (size_t i = 0; i < 4; ++i)
    if (std::toupper(static_cast<unsigned char>(s[i])) != "NULL"[i])
      return false;
  return true;
}

pg_error malformed(std::string_view text, std::string detail) {
  return make_pg_error("22P02", "malformed array literal: \"" + std::string(text) + "\"",
                       std::move(detail));
}

pg_error too_many_dimensions(int dimensions) {
  return make_pg_error("54000", "number of array dimensions (" + std::to_string(dimensions) +
                                    ") exceeds the maximum allowed (" +
                                    std::to_string(max_array_dimensions) + ")");
}

std::string unexpected_character(char c) { return std::string("Unexpected \"") + c + "\" character."; }

// C's atoi over a run of digits and signs: an optional sign, then digits.
int32_t atoi_like(std::string_view s) {
  size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-'))
    negative = s[i++] == '-';
  int64_t value = 0;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i)
    value = std::min<int64_t>(value * 10 + (s[i] - '0'), std::numeric_limits<int64_t>::max() / 16);
  return static_cast<int32_t>(negative ? -value : value);
}

struct explicit_dimensions {
  std::vector<int32_t> lengths;
  std::vector<int32_t> lower_bounds;
};

bool is_bound_char(char c) { return (c >= '0' && c <= '9') || c == '+' || c == '-'; }

// The "[lo:hi]..." items; `at` ends on the first character after them and
// the whitespace before it.
result<explicit_dimensions, pg_error> read_dimensions(std::string_view text, size_t& at) {
  explicit_dimensions dims;
  for (;;) {
    while (at < text.size() && is_array_space(text[at]))
      ++at;
    if (at >= text.size() || text[at] != '[')
      return dims;
    ++at;
    if (dims.lengths.size() >= max_array_dimensions)
      return fail(too_many_dimensions(static_cast<int>(dims.lengths.size()) + 1));
    size_t end = at;
    while (end < text.size() && is_bound_char(text[end]))
      ++end;
    if (end == at)
      return fail(malformed(text, "\"[\" must introduce explicitly-specified array dimensions."));
    int32_t lower = 1;
    if (end < text.size() && text[end] == ':') {
      lower = atoi_like(text.substr(at, end - at));
      at = end + 1;
      end = at;
      while (end < text.size() && is_bound_char(text[end]))
        ++end;
      if (end == at)
        return fail(malformed(text, "Missing array dimension value."));
    }
    if (end >= text.size() || text[end] != ']')
      return fail(malformed(text, "Missing \"]\" after array dimensions."));
    const int32_t upper = atoi_like(text.substr(at, end - at));
    at = end + 1;
    if (upper < lower)
      return fail(make_pg_error("2202E", "upper bound cannot be less than lower bound"));
    dims.lengths.push_back(static_cast<int32_t>(static_cast<int64_t>(upper) - lower + 1));
    dims.lower_bounds.push_back(lower);
  }
}

enum class parse_state {
  no_level,
  level_started,
  element_started,
  quoted_element_started,
  quoted_element_completed,
  element_delimited,
  level_completed,
  level_delimited,
};

// The brace structure starting at text[at] == '{'.
class brace_reader {
public:
  brace_reader(std::string_view text, char delimiter) : text_(text), delimiter_(delimiter) {}

  result<array_literal, pg_error> read(size_t at) {
    bool in_quotes = false;
    for (; depth_ > 0 || state_ == parse_state::no_level; ++at) {
      if (at >= text_.size())
        return fail(malformed(text_, "Unexpected end of input."));
      const char c = text_[at];
      if (c == '\\') {
        if (!in(parse_state::level_started, parse_state::element_started,
                parse_state::quoted_element_started, parse_state::element_delimited))
          return fail(malformed(text_, unexpected_character('\\')));
        if (at + 1 >= text_.size())
          return fail(malformed(text_, "Unexpected end of input."));
        if (auto started = start_element(); !started.ok())
          return fail(started.error());
        if (state_ != parse_state::quoted_element_started)
          state_ = parse_state::element_started;
        element_ += text_[++at];
        kept_ = element_.size();
        quoted_ = true;
      } else if (c == '"') {
        if (!in(parse_state::level_started, parse_state::quoted_element_started,
                parse_state::element_delimited))
          return fail(malformed(text_, "Unexpected array element."));
        if (auto started = start_element(); !started.ok())
          return fail(started.error());
        in_quotes = !in_quotes;
        state_ = in_quotes ? parse_state::quoted_element_started
                           : parse_state::quoted_element_completed;
        kept_ = element_.size();
        quoted_ = true;
      } else if (in_quotes) {
        element_ += c;
      } else if (c == '{') {
        if (auto opened = open_level(); !opened.ok())
          return fail(opened.error());
      } else if (c == '}') {
        if (auto closed = close_level(); !closed.ok())
          return fail(closed.error());
      } else if (c == delimiter_) {
        if (!in(parse_state::element_started, parse_state::quoted_element_completed,
                parse_state::level_completed))
          return fail(malformed(text_, unexpected_character(c)));
        if (state_ == parse_state::level_completed) {
          state_ = parse_state::level_delimited;
        } else {
          finish_element();
          state_ = parse_state::element_delimited;
        }
      } else if (is_array_space(c)) {
        if (state_ == parse_state::element_started)
          element_ += c;  // kept only if more text follows
      } else {
        if (!in(parse_state::level_started, parse_state::element_started,
                parse_state::element_delimited))
          return fail(malformed(text_, "Unexpected array element."));
        if (auto started = start_element(); !started.ok())
          return fail(started.error());
        state_ = parse_state::element_started;
        element_ += c;
        kept_ = element_.size();
      }
    }
    for (; at < text_.size(); ++at)
      if (!is_array_space(text_[at]))
        return fail(malformed(text_, "Junk after closing right brace."));
    if (out_.elements.empty())
      return array_literal{};
    for (int level = 0; level < leaf_depth_; ++level) {
      out_.lengths.push_back(lengths_[level]);
      out_.lower_bounds.push_back(1);
    }
    return std::move(out_);
  }

private:
  template <class... S>
  bool in(S... states) const {
    return ((state_ == states) || ...);
  }

  pg_error mismatched() const {
    return malformed(text_, "Multidimensional arrays must have sub-arrays with matching dimensions.");
  }

  result<ok_t, pg_error> open_level() {
    if (!in(parse_state::no_level, parse_state::level_started, parse_state::level_delimited))
      return fail(malformed(text_, unexpected_character('{')));
    if (depth_ >= max_array_dimensions)
      return fail(too_many_dimensions(depth_ + 1));
    if (leaf_depth_ != 0 && depth_ >= leaf_depth_)
      return fail(mismatched());
    state_ = parse_state::level_started;
    counts_[depth_] = 0;
    ++depth_;
    deepest_ = std::max(deepest_, depth_);
    return ok_v;
  }

  result<ok_t, pg_error> close_level() {
    if (!in(parse_state::element_started, parse_state::quoted_element_completed,
            parse_state::level_completed) &&
        !(depth_ == 1 && state_ == parse_state::level_started))
      return fail(malformed(text_, unexpected_character('}')));
    if (in(parse_state::element_started, parse_state::quoted_element_completed))
      finish_element();
    const int level = depth_ - 1;
    if (lengths_[level] >= 0 && counts_[level] != lengths_[level])
      return fail(mismatched());
    lengths_[level] = counts_[level];
    state_ = parse_state::level_completed;
    --depth_;
    if (depth_ > 0)
      ++counts_[depth_ - 1];
    return ok_v;
  }

  // An element begins (or continues) at the current depth: it must be the
  // depth every other element is at.
  result<ok_t, pg_error> start_element() {
    if (in(parse_state::element_started, parse_state::quoted_element_started))
      return ok_v;
    if (leaf_depth_ == 0)
      leaf_depth_ = depth_;
    if (depth_ != leaf_depth_ || deepest_ != leaf_depth_)
      return fail(mismatched());
    return ok_v;
  }

  void finish_element() {
    element_.resize(kept_);
    if (!quoted_ && equals_null_word(element_))
      out_.elements.emplace_back(std::nullopt);
    else
      out_.elements.emplace_back(std::move(element_));
    element_.clear();
    kept_ = 0;
    quoted_ = false;
    ++counts_[depth_ - 1];
  }

  std::string_view text_;
  char delimiter_;
  parse_state state_ = parse_state::no_level;
  int depth_ = 0;       // braces open now
  int deepest_ = 0;     // most braces open at once so far
  int leaf_depth_ = 0;  // the depth of the elements (0: none seen yet)
  int32_t counts_[max_array_dimensions] = {};   // items in the open sub-array of each level
  int32_t lengths_[max_array_dimensions] = {-1, -1, -1, -1, -1, -1};  // first closed one's
  std::string element_;
  size_t kept_ = 0;      // element_'s length without trailing unquoted whitespace
  bool quoted_ = false;  // quotes or backslashes seen: never NULL
  array_literal out_;
};

void append_level(std::string& out, const array_literal& array, char delimiter, size_t level,
                  size_t& next) {
  out += '{';
  for (int32_t i = 0; i < array.lengths[level]; ++i) {
    if (i > 0)
      out += delimiter;
    if (level + 1 < array.lengths.size())
      append_level(out, array, delimiter, level + 1, next);
    else if (next < array.elements.size())
      append_array_element(out, array.elements[next++], delimiter);
    else
      append_array_element(out, std::nullopt, delimiter);
  }
  out += '}';
}

}  // namespace

result<array_literal, pg_error> read_array_literal(std::string_view text, char delimiter) {
  size_t at = 0;
  auto dims = read_dimensions(text, at);
  if (!dims.ok())
    return fail(dims.error());
  const bool explicit_bounds = !dims->lengths.empty();
  if (!explicit_bounds) {
    if (at >= text.size() || text[at] != '{')
      return fail(malformed(text, "Array value must start with \"{\" or dimension information."));
  } else {
    if (at >= text.size() || text[at] != '=')
      return fail(malformed(text, "Missing \"=\" after array dimensions."));
    ++at;
    while (at < text.size() && is_array_space(text[at]))
      ++at;
    if (at >= text.size() || text[at] != '{')
      return fail(malformed(text, "Array contents must start with \"{\"."));
  }
  auto array = brace_reader(text, delimiter).read(at);
  if (!array.ok() || !explicit_bounds)
    return array;
  if (array->lengths != dims->lengths)
    return fail(malformed(text, "Specified array dimensions do not match array contents."));
  for (size_t i = 0; i < dims->lengths.size(); ++i)
    if (static_cast<int64_t>(dims->lengths[i]) + dims->lower_bounds[i] >
        std::numeric_limits<int32_t>::max())
      return fail(make_pg_error("54000", "array lower bound is too large: " +
                                             std::to_string(dims->lower_bounds[i])));
  array->lower_bounds = dims->lower_bounds;
  return array;
}

void append_array_element(std::string& out, const std::optional<std::string>& element,
                          char delimiter) {
  if (!element) {
    out += "NULL";
    return;
  }
  bool quote = element->empty() || equals_null_word(*element);
  for (char c : *element)
    if (c == '"' || c == '\\' || c == '{' || c == '}' || c == delimiter || is_array_space(c))
      quote = true;
  if (!quote) {
    out += *element;
    return;
  }
  out += '"';
  for (char c : *element) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  out += '"';
}

std::string write_array_literal(const array_literal& array, char delimiter) {
  if (array.lengths.empty() || array.elements.empty())
    return "{}";
  for (int32_t length : array.lengths)
    if (length <= 0)
      return "{}";
  std::string out;
  bool bounds_needed = false;
  for (size_t i = 0; i < array.lengths.size(); ++i)
    bounds_needed = bounds_needed || (i < array.lower_bounds.size() && array.lower_bounds[i] != 1);
  if (bounds_needed) {
    for (size_t i = 0; i < array.lengths.size(); ++i) {
      const int32_t lower = i < array.lower_bounds.size() ? array.lower_bounds[i] : 1;
      out += '[' + std::to_string(lower) + ':' +
             std::to_string(static_cast<int64_t>(lower) + array.lengths[i] - 1) + ']';
    }
    out += '=';
  }
  size_t next = 0;
  append_level(out, array, delimiter, 0, next);
  return out;
}

char array_delimiter(uint32_t element_oid) { return element_oid == 603 ? ';' : ','; }

}  // namespace tributary
