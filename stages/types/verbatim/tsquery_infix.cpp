// tsquery_infix: PostgreSQL 15's findoprnd (the polish items as a tree) and
// tsqueryout (infix), both iterative. See tsearch_values.hpp; the output rules
// are in tsquery_text.cpp's header.
#include <string>
#include <vector>

#include "stages/types/verbatim/tsearch_values.hpp"

namespace tributary {
namespace {

void append_operand(std::string& out, const tsquery_item& item) {
  out += '\'';
  for (char c : item.word) {
    if (c == '\'' || c == '\\')
      out += c;
    out += c;
  }
  out += '\'';
  if (item.weight == 0 && !item.prefix)
    return;
  out += ':';
  if (item.prefix)
    out += '*';
  if (item.weight & 8) out += 'A';
  if (item.weight & 4) out += 'B';
  if (item.weight & 2) out += 'C';
  if (item.weight & 1) out += 'D';
}

std::string operator_text(const tsquery_item& item) {
  switch (item.oper) {
    case tsquery_operator::op_or: return " | ";
    case tsquery_operator::op_and: return " & ";
    case tsquery_operator::op_phrase:
      return item.distance == 1 ? " <-> " : " <" + std::to_string(item.distance) + "> ";
    case tsquery_operator::op_not: break;
  }
  return " ";
}

}  // namespace

result<ok_t, pg_error> link_tsquery_operands(tsquery_value& value) {
  auto& items = value.items;
  size_t needed = 1;
  size_t consumed = 0;
  while (needed > 0) {
    if (consumed >= items.size())
      return fail(make_pg_error("XX000", "malformed tsquery: operand not found"));
    const auto& item = items[consumed++];
    --needed;
    if (item.what == tsquery_item::kind::op)
      needed += item.oper == tsquery_operator::op_not ? 1 : 2;
  }
  if (consumed != items.size())
    return fail(make_pg_error("XX000", "malformed tsquery: extra nodes"));
  // Subtree sizes, from the end: a binary operator's right operand starts
  // right after it, its left operand after the right one.
  std::vector<uint32_t> sizes;
  for (size_t i = items.size(); i-- > 0;) {
    auto& item = items[i];
    if (item.what == tsquery_item::kind::operand) {
      sizes.push_back(1);
    } else if (item.oper == tsquery_operator::op_not) {
      sizes.back() += 1;
    } else {
      const uint32_t right = sizes.back();
      sizes.pop_back();
      item.left = right + 1;
      sizes.back() += right + 1;
    }
  }
  return ok_v;
}

// infix, with an explicit stack of what is left to print.
std::string format_tsquery_text(const tsquery_value& value) {
  if (value.items.empty())
    return {};
  struct task {
    size_t item = 0;
    int parent_priority = -1;
    bool right_of_phrase = false;
    std::string text;  // when set: print this instead of an item
    bool is_text = false;
  };
  std::string out;
  std::vector<task> tasks{task{0, -1, false, {}, false}};
  while (!tasks.empty()) {
    task t = std::move(tasks.back());
    tasks.pop_back();
    if (t.is_text) {
      out += t.text;
      continue;
    }
    const tsquery_item& item = value.items[t.item];
    if (item.what == tsquery_item::kind::operand) {
      append_operand(out, item);
      continue;
    }
    const int own = tsquery_priority(item.oper);
    if (item.oper == tsquery_operator::op_not) {
      const bool parens = own < t.parent_priority;
      out += parens ? "( !" : "!";
      if (parens)
        tasks.push_back(task{0, 0, false, " )", true});
      tasks.push_back(task{t.item + 1, own, false, {}, false});
      continue;
    }
    const bool phrase = item.oper == tsquery_operator::op_phrase;
    const bool parens = own < t.parent_priority || (phrase && t.right_of_phrase);
    if (parens) {
      out += "( ";
      tasks.push_back(task{0, 0, false, " )", true});
    }
    tasks.push_back(task{t.item + 1, own, phrase, {}, false});             // right
    tasks.push_back(task{0, 0, false, operator_text(item), true});
    tasks.push_back(task{t.item + item.left, own, false, {}, false});      // left
  }
  return out;
}

}  // namespace tributary
