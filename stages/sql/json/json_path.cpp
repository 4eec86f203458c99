// json_path: SQL/JSON path's common subset (see the header): the path read into a
// tree (json_path_reader.cpp), then lax-mode evaluation over json_document nodes.
#include "stages/sql/json/json_path.hpp"

#include <algorithm>

#include "stages/sql/json/json_document.hpp"
#include "stages/sql/json/json_path_tree.hpp"
#include "stages/types/stored_order.hpp"
#include "stages/types/verbatim/json_text.hpp"

namespace tributary::json_values {
namespace {

using namespace path_tree;

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
  std::string literal_text;
  auto tree = read_json_path(path_text, literal_text);
  if (!tree)
    return fail(tree.error());
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
