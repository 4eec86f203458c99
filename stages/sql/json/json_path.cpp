// json_path: SQL/JSON path's common subset (see the header): a recursive-descent
// reader into a small tree, then lax-mode evaluation over json_document nodes.
#include "stages/sql/json/json_path.hpp"

#include <algorithm>
#include <cctype>
#include <memory>

#include "stages/sql/json/json_document.hpp"
#include "stages/types/stored_order.hpp"
#include "stages/types/verbatim/json_text.hpp"

namespace tributary::json_values {
namespace {

enum class step_kind { key, any_key, subscripts, any_index, filter };
enum class expr_kind { path, compare, and_, or_, not_, exists, is_unknown };
enum class start_kind { root, current, variable, literal };

struct expr;

struct subscript {  // [from to to]; an index counted from last when from_last
  int64_t from = 0, to = 0;
  bool from_last = false, to_last = false;
};

struct step {
  step_kind kind = step_kind::key;
  std::string key;
  std::vector<subscript> subscripts;
  std::unique_ptr<expr> filter;
};

struct expr {
  expr_kind kind = expr_kind::path;
  start_kind start = start_kind::root;
  std::string name;         // variable name, or the comparison operator
  uint32_t literal = 0;     // index among the literals
  std::vector<step> steps;  // path: accessors after the start
  std::unique_ptr<expr> left, right;
};

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

struct item {
  const json_document* doc;
  uint32_t node;
};

enum class truth { no, yes, unknown };

class evaluator {
public:
  evaluator(const json_document& doc, const json_document& literals, const json_document* vars)
      : doc_(doc), literals_(literals), vars_(vars) {}

  result<std::vector<item>, pg_error> path(const expr& e, const item* current) {
    std::vector<item> items;
    switch (e.start) {
      case start_kind::root:
        items.push_back({&doc_, 0});
        break;
      case start_kind::current:
        items.push_back(*current);
        break;
      case start_kind::literal:
        items.push_back({&literals_, literals_[0].children[e.literal]});
        break;
      case start_kind::variable: {
        std::optional<uint32_t> found;
        if (vars_ != nullptr)
          found = object_member(*vars_, 0, e.name);
        if (!found)
          return fail(make_pg_error("42704", "could not find jsonpath variable \"" + e.name + "\""));
        items.push_back({vars_, *found});
        break;
      }
    }
    for (const step& s : e.steps) {
      std::vector<item> next;
      for (const item& it : items)
        if (auto r = apply(s, it, next, true); !r)
          return fail(r.error());
      items = std::move(next);
    }
    return items;
  }

  result<truth, pg_error> predicate(const expr& e, const item* current) {
    switch (e.kind) {
      case expr_kind::and_: {
        auto l = predicate(*e.left, current);
        if (!l || *l == truth::no)
          return l;
        auto r = predicate(*e.right, current);
        if (!r || *r == truth::no)
          return r;
        return *l == truth::yes && *r == truth::yes ? truth::yes : truth::unknown;
      }
      case expr_kind::or_: {
        auto l = predicate(*e.left, current);
        if (!l || *l == truth::yes)
          return l;
        auto r = predicate(*e.right, current);
        if (!r || *r == truth::yes)
          return r;
        return *l == truth::no && *r == truth::no ? truth::no : truth::unknown;
      }
      case expr_kind::not_: {
        auto inner = predicate(*e.left, current);
        if (!inner || *inner == truth::unknown)
          return inner;
        return *inner == truth::yes ? truth::no : truth::yes;
      }
      case expr_kind::is_unknown: {
        auto inner = predicate(*e.left, current);
        if (!inner)
          return inner;
        return *inner == truth::unknown ? truth::yes : truth::no;
      }
      case expr_kind::exists: {
        auto items = path(*e.left, current);
        if (!items)
          return truth::unknown;  // errors inside exists() are unknown
        return items->empty() ? truth::no : truth::yes;
      }
      case expr_kind::compare:
        return compare(e, current);
      case expr_kind::path:
        break;
    }
    return fail(make_pg_error("42601", "syntax error: a path where a predicate is expected in jsonpath input"));
  }

  static bool is_predicate(const expr& e) { return e.kind != expr_kind::path; }

private:
  // One accessor on one item, lax: arrays unwrap for keys and filters, a
  // non-array reads as an array of itself for subscripts, misses are no items.
  result<ok_t, pg_error> apply(const step& s, const item& it, std::vector<item>& out, bool unwrap) {
    const json_node& n = (*it.doc)[it.node];
    switch (s.kind) {
      case step_kind::key:
      case step_kind::any_key:
      case step_kind::filter:
        if (n.what == json_kind::array && unwrap && s.kind != step_kind::filter) {
          for (uint32_t child : n.children)
            if (auto r = apply(s, {it.doc, child}, out, false); !r)
              return r;
          return ok_v;
        }
        if (s.kind == step_kind::filter) {
          if (n.what == json_kind::array && unwrap) {
            for (uint32_t child : n.children)
              if (auto r = apply(s, {it.doc, child}, out, false); !r)
                return r;
            return ok_v;
          }
          auto t = predicate(*s.filter, &it);
          if (!t)
            return fail(t.error());
          if (*t == truth::yes)
            out.push_back(it);
          return ok_v;
        }
        if (n.what != json_kind::object)
          return ok_v;
        if (s.kind == step_kind::any_key) {
          for (uint32_t child : n.children)
            out.push_back({it.doc, child});
        } else if (auto member = object_member(*it.doc, it.node, s.key)) {
          out.push_back({it.doc, *member});
        }
        return ok_v;
      case step_kind::any_index:
        if (n.what != json_kind::array) {
          out.push_back(it);
          return ok_v;
        }
        for (uint32_t child : n.children)
          out.push_back({it.doc, child});
        return ok_v;
      case step_kind::subscripts: {
        const bool array = n.what == json_kind::array;
        const int64_t size = array ? static_cast<int64_t>(n.children.size()) : 1;
        for (const subscript& sub : s.subscripts) {
          const int64_t from = sub.from_last ? size - 1 + sub.from : sub.from;
          const int64_t to = sub.to_last ? size - 1 + sub.to : sub.to;
          for (int64_t i = std::max<int64_t>(from, 0); i <= to && i < size; ++i)
            out.push_back(array ? item{it.doc, n.children[static_cast<size_t>(i)]} : it);
        }
        return ok_v;
      }
    }
    return ok_v;
  }

  // Operands unwrap arrays (lax); any pair true is true, else any unknown pair
  // is unknown, else false.
  result<truth, pg_error> compare(const expr& e, const item* current) {
    auto l = operand(*e.left, current);
    if (!l)
      return truth::unknown;
    auto r = operand(*e.right, current);
    if (!r)
      return truth::unknown;
    bool unknown = false;
    for (const item& a : *l)
      for (const item& b : *r) {
        const truth t = compare_items(e.name, a, b);
        if (t == truth::yes)
          return truth::yes;
        unknown = unknown || t == truth::unknown;
      }
    return unknown ? truth::unknown : truth::no;
  }

  result<std::vector<item>, pg_error> operand(const expr& e, const item* current) {
    if (is_predicate(e))
      return fail(make_pg_error("42601", "syntax error: a predicate as a comparison operand in jsonpath input"));
    auto items = path(e, current);
    if (!items)
      return items;
    std::vector<item> out;
    for (const item& it : *items) {
      const json_node& n = (*it.doc)[it.node];
      if (n.what == json_kind::array)
        for (uint32_t child : n.children)
          out.push_back({it.doc, child});
      else
        out.push_back(it);
    }
    return out;
  }

  static truth compare_items(const std::string& op, const item& a, const item& b) {
    const json_kind x = (*a.doc)[a.node].what;
    const json_kind y = (*b.doc)[b.node].what;
    const auto boolean = [](json_kind k) { return k == json_kind::boolean_true || k == json_kind::boolean_false; };
    const bool same = x == y || (boolean(x) && boolean(y));
    if (!same) {
      if (x == json_kind::null || y == json_kind::null)
        return op == "!=" ? truth::yes : truth::no;
      return truth::unknown;
    }
    int order = 0;
    switch (x) {
      case json_kind::null:
        break;
      case json_kind::boolean_true:
      case json_kind::boolean_false:
        order = (x == json_kind::boolean_true) - (y == json_kind::boolean_true);
        break;
      case json_kind::number:
        order = compare_stored_numeric(a.doc->span(a.node), b.doc->span(b.node));
        break;
      case json_kind::string: {
        auto s = decode_json_string(a.doc->span(a.node));
        auto t = decode_json_string(b.doc->span(b.node));
        if (!s || !t)
          return truth::unknown;
        order = s->compare(*t);
        break;
      }
      default:
        return truth::unknown;  // arrays and objects do not compare
    }
    bool r = false;
    if (op == "==")
      r = order == 0;
    else if (op == "!=")
      r = order != 0;
    else if (op == "<")
      r = order < 0;
    else if (op == "<=")
      r = order <= 0;
    else if (op == ">")
      r = order > 0;
    else
      r = order >= 0;
    return r ? truth::yes : truth::no;
  }

  const json_document& doc_;
  const json_document& literals_;
  const json_document* vars_;
};

// Every item of the path (a predicate: its one true/false/null), as jsonb text.
result<std::vector<std::string>, pg_error> run(std::string_view doc_text, std::string_view path_text,
                                               std::string_view vars_text, bool& predicate_form) {
  reader r(path_text);
  auto tree = r.whole();
  if (!tree)
    return fail(tree.error());
  const std::string literal_text = r.literals();
  auto literals = read_json_document(literal_text);
  if (!literals)
    return fail(literals.error());
  auto doc = read_json_document(doc_text);
  if (!doc)
    return fail(doc.error());
  std::optional<json_document> vars;
  if (!vars_text.empty()) {
    auto v = read_json_document(vars_text);
    if (!v)
      return fail(v.error());
    if ((*v)[0].what != json_kind::object)
      return fail(make_pg_error("22023", "\"vars\" argument is not an object", {},
                                "Jsonpath parameters should be encoded as key-value pairs of \"vars\" object."));
    vars = std::move(*v);
  }
  evaluator e(*doc, *literals, vars ? &*vars : nullptr);
  std::vector<std::string> out;
  predicate_form = evaluator::is_predicate(**tree);
  if (predicate_form) {
    auto t = e.predicate(**tree, nullptr);
    if (!t)
      return fail(t.error());
    out.push_back(*t == truth::yes ? "true" : *t == truth::no ? "false" : "null");
    return out;
  }
  auto items = e.path(**tree, nullptr);
  if (!items)
    return fail(items.error());
  for (const item& it : *items) {
    auto text = canonical_jsonb_text(it.doc->span(it.node));
    if (!text)
      return fail(text.error());
    out.push_back(std::move(*text));
  }
  return out;
}

}  // namespace

result<std::vector<std::string>, pg_error> json_path_query(std::string_view doc, std::string_view path,
                                                           std::string_view vars) {
  bool predicate = false;
  return run(doc, path, vars, predicate);
}

result<bool, pg_error> json_path_exists(std::string_view doc, std::string_view path, std::string_view vars) {
  bool predicate = false;
  auto items = run(doc, path, vars, predicate);
  if (!items)
    return fail(items.error());
  return !items->empty();
}

result<std::optional<bool>, pg_error> json_path_match(std::string_view doc, std::string_view path,
                                                      std::string_view vars) {
  bool predicate = false;
  auto items = run(doc, path, vars, predicate);
  if (!items)
    return fail(items.error());
  if (items->size() == 1 && ((*items)[0] == "true" || (*items)[0] == "false" || (*items)[0] == "null")) {
    if ((*items)[0] == "null")
      return std::optional<bool>{};
    return std::optional<bool>{(*items)[0] == "true"};
  }
  return fail(make_pg_error("22038", "single boolean result is expected"));
}

}  // namespace tributary::json_values
