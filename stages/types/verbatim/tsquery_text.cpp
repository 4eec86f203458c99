// tsquery_text: PostgreSQL 15's tsqueryin (parse_tsquery with
// gettoken_query_standard and makepol; findoprnd and tsqueryout's infix are in
// tsquery_infix.cpp).
//
// Input: operands (tsearch_word_scanner.hpp) with optional modifiers
// ':' [AaBbCcDd*]*; operators ! (NOT), & (AND), | (OR), <-> and <N> (PHRASE,
// N = 0..16384); parentheses. Priorities NOT 4 > PHRASE 3 > AND 2 > OR 1;
// binary operators associate to the left, NOT to the right; each parenthesis
// level holds at most 32 pending operators. Whitespace only: the empty query
// (PostgreSQL adds a NOTICE "text-search query doesn't contain lexemes").
// Errors:
//   42601 syntax error in tsquery: "input"     (also the scanner's 42601 errors)
//   42601 no operand in tsquery: "input"       (an operator or '(' at the end)
//   22023 distance in phrase operator must be an integer value between zero
//         and 16384 inclusive
//   54000 word is too long in tsquery: "input" (an operand of 2047+ bytes)
//   54000 value is too big in tsquery: "input" (operands before it take 1048575+
//         bytes, each counted with its NUL)
//   XX000 tsquery stack too small               (33 pending operators)
// Output: operands quoted ('' and \\ doubled inside) with ':*' and weight
// letters A B C D; " & ", " | ", " <-> ", " <N> " between operands, "!"
// before one; "( ... )" around an operand of lower priority than its operator,
// and around a phrase that is the right operand of a phrase.
// All of it iterative: any nesting depth (PostgreSQL stops at its stack depth
// limit, 54001, at a depth that depends on max_stack_depth; not reproduced).
#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <iterator>
#include <string>

#include "stages/types/verbatim/tsearch_values.hpp"
#include "stages/types/verbatim/tsearch_word_scanner.hpp"

namespace tributary {
namespace {

constexpr size_t operator_stack_depth = 32;  // STACKDEPTH
constexpr long max_phrase_distance = 16384;  // MAXENTRYPOS

enum class token_kind : uint8_t { end, error, value, op, open, close };
enum class parser_state : uint8_t { wait_first_operand, wait_operand, wait_operator };

struct token {
  token_kind kind = token_kind::end;
  tsquery_operator op = tsquery_operator::op_and;
  int16_t distance = 0;
  std::string word;
  uint8_t weight = 0;
  bool prefix = false;
};

struct pending_operator {
  tsquery_operator op;
  int16_t distance;
};

class tsquery_parser {
public:
  tsquery_parser(std::string_view input, tsearch_reading reading)
      : input_(input.substr(0, input.find('\0'))), lenient_(reading == tsearch_reading::stored) {}

  result<tsquery_value, pg_error> parse();

private:
  char at(size_t i) const { return i < input_.size() ? input_[i] : '\0'; }
  pg_error quoted(std::string_view what, std::string_view sqlstate = "42601") const {
    return make_pg_error(std::string(sqlstate), std::string(what) + ": \"" + std::string(input_) + "\"");
  }

  result<token, pg_error> next_token();
  // parse_phrase_operator: "<->" or "<N>", followed by at least one character.
  result<bool, pg_error> phrase_operator(int16_t& distance);
  void read_modifiers(token& t);
  result<ok_t, pg_error> push_value(token& t);
  void clean_stack(std::vector<pending_operator>& stack, tsquery_operator op);
  void push_operator(const pending_operator& op);

  std::string_view input_;
  bool lenient_;
  size_t pos_ = 0;
  parser_state state_ = parser_state::wait_first_operand;
  int nesting_ = 0;
  size_t operand_bytes_ = 0;  // state->curop - state->op
  std::vector<tsquery_item> postfix_;
};

result<bool, pg_error> tsquery_parser::phrase_operator(int16_t& distance) {
  enum class phase : uint8_t { open, dist, close, finish } state = phase::open;
  size_t p = pos_;
  long value = 1;
  while (at(p) != '\0') {
    switch (state) {
      case phase::open:
        if (at(p) != '<')
          return false;
        state = phase::dist;
        ++p;
        break;
      case phase::dist: {
        if (at(p) == '-' && !(lenient_ && tsearch_is_digit(at(p + 1)))) {
          state = phase::close;
          ++p;
          break;
        }
        if (!tsearch_is_digit(at(p)) && !(lenient_ && at(p) == '-'))
          return false;
        const std::string digits(input_.substr(p, 24));
        char* end = nullptr;
        errno = 0;
        value = std::strtol(digits.c_str(), &end, 10);
        const bool out_of_range = lenient_ ? (value < -32768 || value > 32767)
                                           : (value < 0 || value > max_phrase_distance);
        if (errno == ERANGE || out_of_range)
          return fail(make_pg_error("22023",
                                    "distance in phrase operator must be an integer value "
                                    "between zero and 16384 inclusive"));
        state = phase::close;
        p += static_cast<size_t>(end - digits.c_str());
        break;
      }
      case phase::close:
        if (at(p) != '>')
          return false;
        state = phase::finish;
        ++p;
        break;
      case phase::finish:
        distance = static_cast<int16_t>(value);
        pos_ = p;
        return true;
    }
  }
  return false;
}

// get_modifiers.
void tsquery_parser::read_modifiers(token& t) {
  if (at(pos_) != ':')
    return;
  ++pos_;
  for (;; ++pos_) {
    switch (at(pos_)) {
      case 'a': case 'A': t.weight |= 1 << 3; break;
      case 'b': case 'B': t.weight |= 1 << 2; break;
      case 'c': case 'C': t.weight |= 1 << 1; break;
      case 'd': case 'D': t.weight |= 1; break;
      case '*': t.prefix = true; break;
      default: return;
    }
  }
}

// gettoken_query_standard.
result<token, pg_error> tsquery_parser::next_token() {
  token t;
  while (true) {
    const char c = at(pos_);
    if (state_ == parser_state::wait_first_operand || state_ == parser_state::wait_operand) {
      if (c == '!') {
        ++pos_;
        state_ = parser_state::wait_operand;
        t.kind = token_kind::op;
        t.op = tsquery_operator::op_not;
        return t;
      }
      if (c == '(') {
        ++pos_;
        state_ = parser_state::wait_operand;
        ++nesting_;
        t.kind = token_kind::open;
        return t;
      }
      if (c == ':') {
        t.kind = token_kind::error;
        return t;
      }
      if (!tsearch_is_space(c)) {
        auto word = scan_tsearch_word(input_, pos_, tsearch_word_context::tsquery,
                                      lenient_ ? tsearch_reading::stored : tsearch_reading::input);
        if (!word)
          return fail(std::move(word.error()));
        if (word->found) {
          pos_ = word->end;
          t.kind = token_kind::value;
          t.word = std::move(word->word);
          read_modifiers(t);
          state_ = parser_state::wait_operator;
          return t;
        }
        if (state_ == parser_state::wait_first_operand) {
          t.kind = token_kind::end;
          return t;
        }
        return fail(quoted("no operand in tsquery"));
      }
    } else {
      if (c == '&' || c == '|') {
        ++pos_;
        state_ = parser_state::wait_operand;
        t.kind = token_kind::op;
        t.op = c == '&' ? tsquery_operator::op_and : tsquery_operator::op_or;
        return t;
      }
      auto phrase = phrase_operator(t.distance);
      if (!phrase)
        return fail(std::move(phrase.error()));
      if (*phrase) {
        state_ = parser_state::wait_operand;
        t.kind = token_kind::op;
        t.op = tsquery_operator::op_phrase;
        return t;
      }
      if (c == ')') {
        ++pos_;
        --nesting_;
        t.kind = nesting_ < 0 ? token_kind::error : token_kind::close;
        return t;
      }
      if (c == '\0') {
        t.kind = nesting_ != 0 ? token_kind::error : token_kind::end;
        return t;
      }
      if (!tsearch_is_space(c)) {
        t.kind = token_kind::error;
        return t;
      }
    }
    ++pos_;
  }
}

// pushValue.
result<ok_t, pg_error> tsquery_parser::push_value(token& t) {
  if (!lenient_) {
    if (t.word.size() >= tsearch_max_word_length)
      return fail(quoted("word is too long in tsquery", "54000"));
    if (operand_bytes_ >= tsearch_max_string_offset)
      return fail(quoted("value is too big in tsquery", "54000"));
  }
  operand_bytes_ += t.word.size() + 1;
  tsquery_item item;
  item.what = tsquery_item::kind::operand;
  item.weight = t.weight;
  item.prefix = t.prefix;
  item.word = std::move(t.word);
  postfix_.push_back(std::move(item));
  return ok_v;
}

void tsquery_parser::push_operator(const pending_operator& op) {
  tsquery_item item;
  item.what = tsquery_item::kind::op;
  item.oper = op.op;
  item.distance = op.op == tsquery_operator::op_phrase ? op.distance : 0;
  postfix_.push_back(std::move(item));
}

// cleanOpStack: NOT is right associative, the others left associative.
void tsquery_parser::clean_stack(std::vector<pending_operator>& stack, tsquery_operator op) {
  const int op_priority = tsquery_priority(op);
  while (!stack.empty()) {
    const int top_priority = tsquery_priority(stack.back().op);
    if ((op != tsquery_operator::op_not && op_priority > top_priority) ||
        (op == tsquery_operator::op_not && op_priority >= top_priority))
      break;
    push_operator(stack.back());
    stack.pop_back();
  }
}

// makepol, with one operator stack per open parenthesis, then findoprnd.
result<tsquery_value, pg_error> tsquery_parser::parse() {
  std::vector<std::vector<pending_operator>> stacks(1);
  while (true) {
    auto t = next_token();
    if (!t)
      return fail(std::move(t.error()));
    if (t->kind == token_kind::end)
      break;
    switch (t->kind) {
      case token_kind::value: {
        auto pushed = push_value(*t);
        if (!pushed)
          return fail(std::move(pushed.error()));
        break;
      }
      case token_kind::op:
        clean_stack(stacks.back(), t->op);
        if (stacks.back().size() == operator_stack_depth && !lenient_)
          return fail(make_pg_error("XX000", "tsquery stack too small"));
        stacks.back().push_back(pending_operator{t->op, t->distance});
        break;
      case token_kind::open:
        stacks.emplace_back();
        break;
      case token_kind::close:
        clean_stack(stacks.back(), tsquery_operator::op_or);
        if (stacks.size() > 1)
          stacks.pop_back();
        break;
      default:
        return fail(tsearch_syntax_error(input_, tsearch_word_context::tsquery));
    }
  }
  clean_stack(stacks.back(), tsquery_operator::op_or);
  tsquery_value value;
  value.items.assign(std::make_move_iterator(postfix_.rbegin()),
                     std::make_move_iterator(postfix_.rend()));
  if (value.items.empty())
    return value;
  auto linked = link_tsquery_operands(value);
  if (!linked)
    return fail(std::move(linked.error()));
  return value;
}

}  // namespace

result<tsquery_value, pg_error> parse_tsquery_text(std::string_view text,
                                                   tsearch_reading reading) {
  return tsquery_parser(text, reading).parse();
}

}  // namespace tributary
