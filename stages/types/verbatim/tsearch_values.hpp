// tsearch_values: PostgreSQL 15's tsvector and tsquery as values, with their
// text and binary forms (tsvector.c, tsvector_parser.c, tsquery.c), for the
// tsearch codec (type_tsearch.cpp) and the stored orders (tsearch_order.cpp).
//
//   tsvector_value   lexemes as tsvectorin leaves them: sorted by bytes (a
//                    prefix first), unique, each with its positions sorted and
//                    unique (at most 256, positions 1..16383, weight D..A)
//   tsquery_value    the query items in PostgreSQL's polish order: an operator,
//                    then its RIGHT operand, then its left one (`left` is the
//                    offset of the left operand, as findoprnd sets it)
//
//   parse_*_text     the input functions (tsvectorin, tsqueryin); with
//                    tsearch_reading::stored, a lenient reader of the output
//                    text of any value (see below)
//   format_*_text    the output functions (tsvectorout, tsqueryout;
//                    tsquery's in tsquery_infix.cpp)
//   receive_*        the receive functions (tsvectorrecv, tsqueryrecv): the
//                    whole of `bytes` must be read (else 22P03 incorrect binary
//                    data format)
//   send_*           the send functions
//
// The stored reading accepts what the output functions print for values only a
// receive function can make, and keeps the value as printed (no sorting, no
// merging, no limits): an empty lexeme or operand (''), position 0, lexemes
// of 2047 bytes, duplicate lexemes (tsvectorrecv sorts but does not merge), a
// phrase distance outside 0..16384 (<-1>), more than 32 nested operators.
//
// Errors are PostgreSQL's (SQLSTATE, wording); see each .cpp file.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

enum class tsearch_reading : uint8_t { input, stored };

// PostgreSQL's limits (ts_type.h).
inline constexpr size_t tsearch_max_word_length = 2047;           // MAXSTRLEN
inline constexpr size_t tsearch_max_string_offset = (1u << 20) - 1;  // MAXSTRPOS
inline constexpr int tsearch_max_position = 16383;                // MAXENTRYPOS - 1
inline constexpr size_t tsearch_max_positions = 256;              // MAXNUMPOS

// ---- tsvector ----

struct tsvector_lexeme {
  std::string word;
  std::vector<uint16_t> positions;  // WordEntryPos: weight << 14 | position
};

struct tsvector_value {
  std::vector<tsvector_lexeme> lexemes;
};

inline int tsvector_position(uint16_t entry) { return entry & 0x3FFF; }
inline int tsvector_weight(uint16_t entry) { return entry >> 14; }  // 3 = A .. 0 = D

result<tsvector_value, pg_error> parse_tsvector_text(
    std::string_view text, tsearch_reading reading = tsearch_reading::input);
std::string format_tsvector_text(const tsvector_value& value);
result<tsvector_value, pg_error> receive_tsvector(std::string_view bytes);
std::string send_tsvector(const tsvector_value& value);

// ---- tsquery ----

enum class tsquery_operator : uint8_t { op_not = 1, op_and = 2, op_or = 3, op_phrase = 4 };

// tsearch_op_priority: NOT 4 > PHRASE 3 > AND 2 > OR 1.
inline int tsquery_priority(tsquery_operator op) {
  switch (op) {
    case tsquery_operator::op_not: return 4;
    case tsquery_operator::op_phrase: return 3;
    case tsquery_operator::op_and: return 2;
    case tsquery_operator::op_or: return 1;
  }
  return 0;
}

struct tsquery_item {
  enum class kind : uint8_t { operand = 1, op = 2 };  // QI_VAL, QI_OPR

  kind what = kind::operand;
  // operand
  uint8_t weight = 0;    // bits: A = 8, B = 4, C = 2, D = 1; 0 = any
  bool prefix = false;   // :*
  std::string word;
  // operator
  tsquery_operator oper = tsquery_operator::op_and;
  int16_t distance = 0;  // phrase only
  uint32_t left = 0;     // binary operators: offset of the left operand
};

struct tsquery_value {
  std::vector<tsquery_item> items;  // empty: the empty query
};

result<tsquery_value, pg_error> parse_tsquery_text(
    std::string_view text, tsearch_reading reading = tsearch_reading::input);
std::string format_tsquery_text(const tsquery_value& value);
result<tsquery_value, pg_error> receive_tsquery(std::string_view bytes);
std::string send_tsquery(const tsquery_value& value);

// findoprnd (tsquery_infix.cpp): checks that the items form one tree in polish order and sets each
// binary operator's `left`. XX000 malformed tsquery: operand not found / extra
// nodes.
result<ok_t, pg_error> link_tsquery_operands(tsquery_value& value);

// ---- orders (tsearch_order.cpp) ----

// tsvector_cmp: the size tsvectorin gives the value, then the lexeme count,
// then lexeme by lexeme (with positions before without, bytes, more positions
// first, then each position: greater first, heavier weight first).
int compare_tsvector_values(const tsvector_value& a, const tsvector_value& b);
// tsquery_cmp: the item count, then the operand bytes, then the trees (the
// right operand first; operands by their CRC, then bytes; weights and the
// prefix flag are not compared, so 'a:A' = 'a').
int compare_tsquery_values(const tsquery_value& a, const tsquery_value& b);

}  // namespace tributary
