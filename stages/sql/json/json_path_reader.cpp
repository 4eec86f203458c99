// json_path_reader: a SQL/JSON path's text -> json_path_tree, by recursive
// descent (lax/strict, ||, &&, !, comparisons, exists, is unknown, accessors).
#include <algorithm>
#include <cctype>

#include "stages/sql/json/json_document.hpp"
#include "stages/sql/json/json_path_tree.hpp"

namespace tributary::json_values::path_tree {
namespace {

pg_error not_supported(const std::string& what) {
  return make_pg_error("0A000", what + " in jsonpath is not supported yet");
}

pg_error syntax_error(std::string_view near) {
  if (near.empty())
    return make_pg_error("42601", "syntax error at end of jsonpath input");
  return make_pg_error("42601", "syntax error at or near \"" + std::string(near) + "\" of jsonpath input");
}

class reader {
public:
  explicit reader(std::string_view text) : text_(text) {}

  result<std::unique_ptr<expr>, pg_error> whole() {
    skip();
    if (word("strict"))
      return fail(not_supported("strict mode"));
    (void)word("lax");
    auto e = disjunction();
    if (!e)
      return e;
    skip();
    if (at_ < text_.size())
      return fail(syntax_error(token()));
    return e;
  }

  std::string literals() const { return "[" + literals_ + "]"; }

private:
  void skip() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_])))
      ++at_;
  }
  bool take(std::string_view s) {
    skip();
    if (text_.substr(at_, s.size()) != s)
      return false;
    at_ += s.size();
    return true;
  }
  bool word(std::string_view w) {
    skip();
    if (text_.substr(at_, w.size()) != w)
      return false;
    const size_t end = at_ + w.size();
    if (end < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[end])) || text_[end] == '_'))
      return false;
    at_ = end;
    return true;
  }
  std::string_view token() {
    skip();
    size_t end = at_;
    while (end < text_.size() && !std::isspace(static_cast<unsigned char>(text_[end])))
      ++end;
    return text_.substr(at_, std::max<size_t>(end - at_, at_ < text_.size() ? 1 : 0));
  }
  std::string name() {
    skip();
    size_t end = at_;
    while (end < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[end])) || text_[end] == '_'))
      ++end;
    std::string out(text_.substr(at_, end - at_));
    at_ = end;
    return out;
  }
  // A "string" token as written: JSON's escapes are jsonpath's common ones.
  result<std::string, pg_error> quoted() {
    const size_t begin = at_;
    ++at_;
    while (at_ < text_.size() && text_[at_] != '"')
      at_ += text_[at_] == '\\' ? 2 : 1;
    if (at_ >= text_.size())
      return fail(make_pg_error("42601", "unterminated quoted string in jsonpath input"));
    ++at_;
    return std::string(text_.substr(begin, at_ - begin));
  }
  uint32_t add_literal(std::string json_text) {
    literals_ += (literal_count_ ? "," : "") + json_text;
    return literal_count_++;
  }

  result<std::unique_ptr<expr>, pg_error> binary(expr_kind kind, std::unique_ptr<expr> l, std::unique_ptr<expr> r,
                                                 std::string op = {}) {
    auto e = std::make_unique<expr>();
    e->kind = kind;
    e->left = std::move(l);
    e->right = std::move(r);
    e->name = std::move(op);
    return e;
  }

  result<std::unique_ptr<expr>, pg_error> disjunction() {
    auto l = conjunction();
    while (l && take("||")) {
      auto r = conjunction();
      if (!r)
        return r;
      l = binary(expr_kind::or_, std::move(*l), std::move(*r));
    }
    return l;
  }
  result<std::unique_ptr<expr>, pg_error> conjunction() {
    auto l = negation();
    while (l && take("&&")) {
      auto r = negation();
      if (!r)
        return r;
      l = binary(expr_kind::and_, std::move(*l), std::move(*r));
    }
    return l;
  }
  result<std::unique_ptr<expr>, pg_error> negation() {
    skip();
    if (text_.substr(at_, 2) != "!=" && take("!")) {
      auto inner = negation();
      if (!inner)
        return inner;
      return binary(expr_kind::not_, std::move(*inner), nullptr);
    }
    return comparison();
  }
  result<std::unique_ptr<expr>, pg_error> comparison() {
    auto l = primary();
    if (!l)
      return l;
    skip();
    static const char* const operators[] = {"==", "!=", "<>", "<=", ">=", "<", ">"};
    for (const char* op : operators) {
      if (take(op)) {
        auto r = primary();
        if (!r)
          return r;
        return binary(expr_kind::compare, std::move(*l), std::move(*r), std::string(op) == "<>" ? "!=" : op);
      }
    }
    if (take("+") || take("-") || take("*") || take("/") || take("%"))
      return fail(not_supported("arithmetic"));
    if (word("like_regex"))
      return fail(not_supported("like_regex"));
    if (word("starts"))
      return fail(not_supported("starts with"));
    if (word("is")) {
      if (!word("unknown"))
        return fail(syntax_error(token()));
      return binary(expr_kind::is_unknown, std::move(*l), nullptr);
    }
    return l;
  }
  result<std::unique_ptr<expr>, pg_error> primary() {
    skip();
    if (take("(")) {
      auto inner = disjunction();
      if (!inner)
        return inner;
      if (!take(")"))
        return fail(syntax_error(token()));
      return accessors(std::move(*inner));
    }
    if (word("exists")) {
      if (!take("("))
        return fail(syntax_error(token()));
      auto inner = disjunction();
      if (!inner)
        return inner;
      if (!take(")"))
        return fail(syntax_error(token()));
      return binary(expr_kind::exists, std::move(*inner), nullptr);
    }
    auto e = std::make_unique<expr>();
    skip();
    if (at_ >= text_.size())
      return fail(syntax_error({}));
    const char c = text_[at_];
    if (c == '$') {
      ++at_;
      if (at_ < text_.size() && (std::isalpha(static_cast<unsigned char>(text_[at_])) || text_[at_] == '_')) {
        e->start = start_kind::variable;
        e->name = name();
      } else if (at_ < text_.size() && text_[at_] == '"') {
        auto q = quoted();
        if (!q)
          return fail(q.error());
        auto decoded = decode_json_string(*q);
        if (!decoded)
          return fail(decoded.error());
        e->start = start_kind::variable;
        e->name = *decoded;
      }
    } else if (c == '@') {
      ++at_;
      e->start = start_kind::current;
    } else if (c == '"') {
      auto q = quoted();
      if (!q)
        return fail(q.error());
      e->start = start_kind::literal;
      e->literal = add_literal(*q);
    } else if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '.') {
      size_t end = at_ + (c == '-' ? 1 : 0);
      while (end < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[end])) || text_[end] == '.' ||
                                    text_[end] == 'e' || text_[end] == 'E' ||
                                    ((text_[end] == '+' || text_[end] == '-') && (text_[end - 1] == 'e' || text_[end - 1] == 'E'))))
        ++end;
      std::string number(text_.substr(at_, end - at_));
      if (c == '-' && number.size() == 1)
        return fail(not_supported("arithmetic"));
      if (number.front() == '.')
        number.insert(0, "0");
      else if (number.size() > 1 && number[0] == '-' && number[1] == '.')
        number.insert(1, "0");
      if (number.back() == '.')
        number += "0";
      at_ = end;
      e->start = start_kind::literal;
      e->literal = add_literal(number);
    } else if (word("true") || word("false") || word("null")) {
      size_t back = at_;
      while (back > 0 && std::isalpha(static_cast<unsigned char>(text_[back - 1])))
        --back;
      e->start = start_kind::literal;
      e->literal = add_literal(std::string(text_.substr(back, at_ - back)));
    } else if (word("last")) {
      return fail(syntax_error("last"));
    } else {
      return fail(syntax_error(token()));
    }
    return accessors(std::move(e));
  }
  // .key ."key" .* [..] [*] ? (...) after a start.
  result<std::unique_ptr<expr>, pg_error> accessors(std::unique_ptr<expr> e) {
    if (e->kind != expr_kind::path) {
      skip();
      if (at_ < text_.size() && (text_[at_] == '.' || text_[at_] == '[' || text_[at_] == '?'))
        return fail(not_supported("an accessor after a parenthesized expression"));
      return e;
    }
    for (;;) {
      skip();
      if (at_ >= text_.size())
        return e;
      step s;
      if (text_.substr(at_, 3) == ".**") {
        return fail(not_supported(".**"));
      } else if (text_[at_] == '.') {
        ++at_;
        skip();
        if (at_ < text_.size() && text_[at_] == '*') {
          ++at_;
          s.kind = step_kind::any_key;
        } else if (at_ < text_.size() && text_[at_] == '"') {
          auto q = quoted();
          if (!q)
            return fail(q.error());
          auto decoded = decode_json_string(*q);
          if (!decoded)
            return fail(decoded.error());
          s.key = *decoded;
        } else {
          s.key = name();
          if (s.key.empty())
            return fail(syntax_error(token()));
          skip();
          if (at_ < text_.size() && text_[at_] == '(')
            return fail(not_supported("item method ." + s.key + "()"));
        }
      } else if (text_[at_] == '[') {
        ++at_;
        if (take("*")) {
          s.kind = step_kind::any_index;
        } else {
          s.kind = step_kind::subscripts;
          do {
            subscript sub;
            if (auto r = bound(sub.from, sub.from_last); !r)
              return fail(r.error());
            sub.to = sub.from;
            sub.to_last = sub.from_last;
            if (word("to"))
              if (auto r = bound(sub.to, sub.to_last); !r)
                return fail(r.error());
            s.subscripts.push_back(sub);
          } while (take(","));
        }
        if (!take("]"))
          return fail(syntax_error(token()));
      } else if (text_[at_] == '?') {
        ++at_;
        if (!take("("))
          return fail(syntax_error(token()));
        auto inner = disjunction();
        if (!inner)
          return fail(inner.error());
        if (!take(")"))
          return fail(syntax_error(token()));
        s.kind = step_kind::filter;
        s.filter = std::move(*inner);
      } else {
        return e;
      }
      e->steps.push_back(std::move(s));
    }
  }
  // An array index: an integer, last, or last - integer.
  result<ok_t, pg_error> bound(int64_t& value, bool& from_last) {
    skip();
    if (word("last")) {
      from_last = true;
      value = 0;
      skip();
      if (take("-")) {
        skip();
        from_last = true;
        const std::string digits = name();
        if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char d) { return std::isdigit(static_cast<unsigned char>(d)); }))
          return fail(syntax_error(token()));
        value = -std::stoll(digits);
      } else if (at_ < text_.size() && text_[at_] == '+') {
        return fail(not_supported("arithmetic"));
      }
      return ok_v;
    }
    size_t end = at_;
    if (end < text_.size() && text_[end] == '-')
      ++end;
    while (end < text_.size() && std::isdigit(static_cast<unsigned char>(text_[end])))
      ++end;
    if (end == at_ || (end == at_ + 1 && text_[at_] == '-'))
      return fail(not_supported("this array subscript"));
    value = std::stoll(std::string(text_.substr(at_, end - at_)));
    at_ = end;
    skip();
    if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-' || text_[at_] == '*'))
      return fail(not_supported("arithmetic"));
    return ok_v;
  }

  std::string_view text_;
  size_t at_ = 0;
  std::string literals_;
  uint32_t literal_count_ = 0;
};

}  // namespace

result<std::unique_ptr<expr>, pg_error> read_json_path(std::string_view text, std::string& literals) {
  reader r(text);
  auto tree = r.whole();
  literals = r.literals();
  return tree;
}

}  // namespace tributary::json_values::path_tree
