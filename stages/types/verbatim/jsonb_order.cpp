// jsonb_order: compareJsonbContainers, the order of jsonb's btree operator
// class, walked as PostgreSQL walks both values' tokens side by side.
//
//   by type first: null < string < number < boolean < array < object
//   strings: bytes, then the shorter first (the databases' C collation)
//   numbers: numeric_cmp (1.0 = 1; compare_stored_numeric on numeric_out's text)
//   booleans: false < true
//   arrays: more elements after fewer; then element by element
//   objects: more pairs after fewer; then pair by pair in jsonb's key order
//            (length, then bytes), each key compared as a string, then its value
//   a top-level scalar is a one-element "raw scalar" array: it sorts before an
//   array of one or more elements, and after the empty array [] (PostgreSQL's
//   own anomaly: [] < null); before any object
// Iterative (an explicit stack), so any nesting depth is compared.
#include "stages/types/verbatim/jsonb_order.hpp"

#include "stages/types/stored_order.hpp"

#include <cstdint>
#include <vector>

#include "stages/types/stored_order.hpp"

namespace tributary {
namespace {

using kind = jsonb_node::kind;

int sign_of(int v) { return (v > 0) - (v < 0); }

// JsonbValue's type codes: jbvNull, jbvString, jbvNumeric, jbvBool, then
// jbvArray = 0x10, jbvObject.
int type_rank(kind what) {
  switch (what) {
    case kind::null: return 0;
    case kind::string: return 1;
    case kind::number: return 2;
    case kind::boolean_false: case kind::boolean_true: return 3;
    case kind::array: return 0x10;
    case kind::object: return 0x11;
  }
  return 0;
}

bool is_container(kind what) { return what == kind::array || what == kind::object; }

int compare_counts(size_t a, size_t b) { return a == b ? 0 : (a > b ? 1 : -1); }

struct pending {
  bool key = false;      // compare the keys of pair `member` of objects a and b
  uint32_t a = 0, b = 0;  // node indexes
  uint32_t member = 0;
};

int compare_nodes(const jsonb_tree& ta, const jsonb_tree& tb) {
  std::vector<pending> stack{pending{false, 0, 0, 0}};
  while (!stack.empty()) {
    const pending p = stack.back();
    stack.pop_back();
    const jsonb_node& x = ta.nodes[p.a];
    const jsonb_node& y = tb.nodes[p.b];
    if (p.key) {
      if (const int c = sign_of(x.members[p.member].first.compare(y.members[p.member].first)))
        return c;
      continue;
    }
    const int rank_x = type_rank(x.what), rank_y = type_rank(y.what);
    if (rank_x != rank_y)
      return rank_x > rank_y ? 1 : -1;
    int c = 0;
    switch (x.what) {
      case kind::null: break;
      case kind::string: c = sign_of(x.scalar.compare(y.scalar)); break;
      case kind::number: c = sign_of(compare_stored_numeric(x.scalar, y.scalar)); break;
      case kind::boolean_false: case kind::boolean_true:
        c = (x.what == kind::boolean_true) - (y.what == kind::boolean_true);
        break;
      case kind::array:
        c = compare_counts(x.elements.size(), y.elements.size());
        for (size_t i = x.elements.size(); c == 0 && i-- > 0;)
          stack.push_back(pending{false, x.elements[i], y.elements[i], 0});
        break;
      case kind::object:
        c = compare_counts(x.members.size(), y.members.size());
        for (size_t i = x.members.size(); c == 0 && i-- > 0;) {
          stack.push_back(pending{false, x.members[i].second, y.members[i].second, 0});
          stack.push_back(pending{true, p.a, p.b, static_cast<uint32_t>(i)});
        }
        break;
    }
    if (c != 0)
      return c;
  }
  return 0;
}

}  // namespace

int compare_jsonb_trees(const jsonb_tree& a, const jsonb_tree& b) {
  const jsonb_node& root_a = a.nodes[0];
  const jsonb_node& root_b = b.nodes[0];
  const bool raw_a = !is_container(root_a.what), raw_b = !is_container(root_b.what);
  if (raw_a == raw_b)
    return compare_nodes(a, b);
  // A raw scalar (a one-element pseudo array) against a real container.
  const jsonb_node& container = raw_a ? root_b : root_a;
  if (container.what == kind::object)
    return raw_a ? -1 : 1;
  int c = raw_a ? -1 : 1;
  const size_t count_a = raw_a ? 1 : root_a.elements.size();
  const size_t count_b = raw_b ? 1 : root_b.elements.size();
  if (count_a != count_b)
    c = compare_counts(count_a, count_b);
  return c;
}

int compare_stored_jsonb(std::string_view a, std::string_view b) {
  if (a == b)
    return 0;
  auto left = parse_jsonb_text(a);
  auto right = parse_jsonb_text(b);
  if (left.ok() != right.ok())
    return left.ok() ? -1 : 1;
  if (!left.ok())
    return sign_of(a.compare(b));
  return compare_jsonb_trees(*left, *right);
}

}  // namespace tributary
