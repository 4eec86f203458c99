// tsvector_text: PostgreSQL 15's tsvectorin and tsvectorout (tsvector.c).
//
// tsvectorin: the words of the text (tsearch_word_scanner.hpp), then
// uniqueentry: lexemes sorted by bytes (a prefix first), a lexeme given twice
// kept once with the positions of both; then uniquePos for each lexeme:
// positions sorted, a position given twice kept once with the heavier weight,
// and the list cut after 256 positions or at the first 16383.
// Errors (SQLSTATE 54000), besides the scanner's 42601 ones:
//   word is too long (N bytes, max 2046 bytes)               a word of 2047+ bytes
//   string is too long for tsvector (N bytes, max 1048575 bytes)
//     before a word, when the words before it take more than 1048575 bytes; or
//     at the end, when the lexemes and positions (as tsvectorin lays them out)
//     take more
// tsvectorout: 'lexeme' (' and \ doubled) with :positions (weight letter A,
// B, C after a position; D printed as nothing), separated by one space.
#include <algorithm>
#include <string>

#include "stages/types/verbatim/tsearch_values.hpp"
#include "stages/types/verbatim/tsearch_word_scanner.hpp"

namespace tributary {
namespace {

pg_error too_long(std::string message) { return make_pg_error("54000", std::move(message)); }

// uniquePos.
void unique_positions(std::vector<uint16_t>& positions) {
  if (positions.size() <= 1)
    return;
  std::stable_sort(positions.begin(), positions.end(), [](uint16_t a, uint16_t b) {
    return tsvector_position(a) < tsvector_position(b);
  });
  size_t kept = 0;
  for (size_t next = 1; next < positions.size(); ++next) {
    const uint16_t candidate = positions[next];
    uint16_t& last = positions[kept];
    if (tsvector_position(candidate) != tsvector_position(last)) {
      positions[++kept] = candidate;
      if (kept >= tsearch_max_positions - 1 ||
          tsvector_position(candidate) == tsearch_max_position)
        break;
    } else if (tsvector_weight(candidate) > tsvector_weight(last)) {
      last = static_cast<uint16_t>((candidate & 0xC000) | (last & 0x3FFF));
    }
  }
  positions.resize(kept + 1);
}

// The bytes tsvectorin's layout gives the lexemes and their positions
// (each position list 2-byte aligned, after a uint16 count).
size_t tsvector_data_size(const tsvector_value& value) {
  size_t size = 0;
  for (const auto& lexeme : value.lexemes) {
    size += lexeme.word.size();
    if (!lexeme.positions.empty()) {
      size += size % 2;
      size += 2 + 2 * lexeme.positions.size();
    }
  }
  return size;
}

// uniqueentry.
void unique_lexemes(std::vector<tsvector_lexeme>& lexemes) {
  std::stable_sort(lexemes.begin(), lexemes.end(),
                   [](const tsvector_lexeme& a, const tsvector_lexeme& b) { return a.word < b.word; });
  std::vector<tsvector_lexeme> merged;
  for (auto& lexeme : lexemes) {
    if (!merged.empty() && merged.back().word == lexeme.word) {
      auto& into = merged.back().positions;
      into.insert(into.end(), lexeme.positions.begin(), lexeme.positions.end());
    } else {
      merged.push_back(std::move(lexeme));
    }
  }
  for (auto& lexeme : merged)
    unique_positions(lexeme.positions);
  lexemes = std::move(merged);
}

}  // namespace

result<tsvector_value, pg_error> parse_tsvector_text(std::string_view text,
                                                     tsearch_reading reading) {
  const bool lenient = reading == tsearch_reading::stored;
  tsvector_value value;
  size_t buffered = 0;  // tsvectorin's cur - tmpbuf
  size_t at = 0;
  while (true) {
    auto word = scan_tsearch_word(text, at, tsearch_word_context::tsvector, reading);
    if (!word)
      return fail(std::move(word.error()));
    if (!word->found)
      break;
    if (!lenient) {
      if (word->word.size() >= tsearch_max_word_length)
        return fail(too_long("word is too long (" + std::to_string(word->word.size()) +
                             " bytes, max " + std::to_string(tsearch_max_word_length - 1) +
                             " bytes)"));
      if (buffered > tsearch_max_string_offset)
        return fail(too_long("string is too long for tsvector (" + std::to_string(buffered) +
                             " bytes, max " + std::to_string(tsearch_max_string_offset) +
                             " bytes)"));
    }
    buffered += word->word.size();
    at = word->end;
    value.lexemes.push_back(tsvector_lexeme{std::move(word->word), std::move(word->positions)});
  }
  if (lenient)
    return value;
  unique_lexemes(value.lexemes);
  const size_t data_size = tsvector_data_size(value);
  if (data_size > tsearch_max_string_offset)
    return fail(too_long("string is too long for tsvector (" + std::to_string(data_size) +
                         " bytes, max " + std::to_string(tsearch_max_string_offset) + " bytes)"));
  return value;
}

std::string format_tsvector_text(const tsvector_value& value) {
  static constexpr char weight_letters[] = {'\0', 'C', 'B', 'A'};
  std::string out;
  for (const auto& lexeme : value.lexemes) {
    if (!out.empty())
      out += ' ';
    out += '\'';
    for (char c : lexeme.word) {
      if (c == '\'' || c == '\\')
        out += c;
      out += c;
    }
    out += '\'';
    if (lexeme.positions.empty())
      continue;
    out += ':';
    for (size_t i = 0; i < lexeme.positions.size(); ++i) {
      if (i > 0)
        out += ',';
      out += std::to_string(tsvector_position(lexeme.positions[i]));
      if (const char letter = weight_letters[tsvector_weight(lexeme.positions[i])])
        out += letter;
    }
  }
  return out;
}

}  // namespace tributary
