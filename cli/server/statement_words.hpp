// statement_words: reading the words of a statement's text that its parse tree
// does not locate (PREPARE's and DECLARE's inner statement, EXECUTE's arguments):
// blanks and comments, keywords, names, quoted literals and parenthesized lists.
// Pure functions over the text; `i` is a byte offset that each moves forward.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tributary {

bool identifier_char(char c);
// Moves past whitespace and comments.
void skip_blanks(const std::string& s, size_t& i);
// After blanks: true and past it when `keyword` (upper case) comes next as a word.
bool take_keyword(const std::string& s, size_t& i, std::string_view keyword);
// Moves past a quoted literal or identifier starting at s[i] ('...', E'...', "...",
// $tag$...$tag$); false when s[i] starts none.
bool skip_quoted(const std::string& s, size_t& i);
// Moves past one (possibly quoted) name.
void skip_name(const std::string& s, size_t& i);
// The pieces of a parenthesized list starting at s[i] ('('), split at its
// top-level commas; i ends past the ')'.
std::vector<std::string> parenthesized_list(const std::string& s, size_t& i);

}  // namespace tributary
