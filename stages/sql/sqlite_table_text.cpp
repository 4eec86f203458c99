// sqlite_table_text: see the header.
#include "stages/sql/sqlite_table_text.hpp"

#include <algorithm>

#include <cctype>

#include "stages/core/sql_quote.hpp"

namespace tributary {
namespace {

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

bool opens_quote(char c) { return c == '"' || c == '\'' || c == '`' || c == '['; }

// The end of the quoted name or string that starts at `i`.
size_t quoted_end(std::string_view text, size_t i) {
  const char close = text[i] == '[' ? ']' : text[i];
  for (size_t j = i + 1; j < text.size(); ++j) {
    if (text[j] != close)
      continue;
    if (close != ']' && j + 1 < text.size() && text[j + 1] == close) {
      ++j;  // a doubled quote inside
      continue;
    }
    return j + 1;
  }
  return text.size();
}

// The end of the parenthesised group that starts at `i`.
size_t group_end(std::string_view text, size_t i) {
  int depth = 0;
  for (size_t j = i; j < text.size();) {
    const char c = text[j];
    if (opens_quote(c)) {
      j = quoted_end(text, j);
      continue;
    }
    if (c == '(')
      ++depth;
    else if (c == ')' && --depth == 0)
      return j + 1;
    ++j;
  }
  return text.size();
}

// The end of the token at `i`: a quoted name or string, a parenthesised group,
// a comma, or a run of other characters.
size_t token_end(std::string_view text, size_t i) {
  const char c = text[i];
  if (opens_quote(c))
    return quoted_end(text, i);
  if (c == '(')
    return group_end(text, i);
  size_t j = i;
  while (j < text.size() && !is_space(text[j]) && text[j] != ',' && text[j] != '(' &&
         text[j] != ')' && !opens_quote(text[j]))
    ++j;
  return j == i ? i + 1 : j;
}

std::vector<std::string> tokens_of(std::string_view text) {
  std::vector<std::string> out;
  for (size_t i = 0; i < text.size();) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    const size_t end = token_end(text, i);
    out.emplace_back(text.substr(i, end - i));
    i = end;
  }
  return out;
}

std::string trimmed(std::string_view text) {
  size_t b = 0, e = text.size();
  while (b < e && is_space(text[b]))
    ++b;
  while (e > b && is_space(text[e - 1]))
    --e;
  return std::string(text.substr(b, e - b));
}

std::string upper(std::string_view word) {
  std::string out(word);
  for (char& c : out)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// A name token without its quotes.
std::string unquoted(std::string_view token) {
  if (token.empty() || !opens_quote(token.front()) || token.front() == '\'')
    return std::string(token);
  const char close = token.front() == '[' ? ']' : token.front();
  std::string out;
  for (size_t i = 1; i + 1 < token.size(); ++i) {
    out += token[i];
    if (token[i] == close && close != ']' && i + 2 < token.size() && token[i + 1] == close)
      ++i;
  }
  return out;
}

bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

bool starts_clause(const std::string& word) {
  return word == "CONSTRAINT" || word == "PRIMARY" || word == "NOT" || word == "NULL" ||
         word == "UNIQUE" || word == "CHECK" || word == "DEFAULT" || word == "REFERENCES" ||
         word == "GENERATED" || word == "AS" || word == "COLLATE";
}

bool starts_table_constraint(const std::string& word) {
  return word == "CONSTRAINT" || word == "PRIMARY" || word == "UNIQUE" || word == "CHECK" ||
         word == "FOREIGN";
}

// One column constraint clause: its tokens, and the word that starts it.
struct clause {
  std::string kind;  // PRIMARY, NOT, DEFAULT, ... (CONSTRAINT name leads the next clause)
  std::vector<std::string> tokens;
};

std::string joined(const std::vector<std::string>& tokens) {
  std::string out;
  for (const auto& t : tokens)
    out += (out.empty() ? "" : " ") + t;
  return out;
}

// Inside REFERENCES, "SET NULL", "SET DEFAULT" and "NOT DEFERRABLE" belong to it.
bool continues_references(const std::vector<std::string>& tokens, size_t i) {
  const std::string word = upper(tokens[i]);
  if ((word == "NULL" || word == "DEFAULT") && i > 0 && upper(tokens[i - 1]) == "SET")
    return true;
  return word == "NOT" && i + 1 < tokens.size() && upper(tokens[i + 1]) == "DEFERRABLE";
}

}  // namespace

std::string sqlite_table_text::body() const {
  std::string out = "(";
  for (size_t i = 0; i < items.size(); ++i)
    out += (i ? ", " : "") + items[i];
  out += ")";
  if (!options.empty())
    out += " " + options;
  return out;
}

result<sqlite_table_text, pg_error> split_table_text(std::string_view sql) {
  size_t open = std::string_view::npos;
  for (size_t i = 0; i < sql.size(); i = token_end(sql, i)) {
    if (sql[i] == '(') {
      open = i;
      break;
    }
  }
  if (open == std::string_view::npos)
    return fail(make_pg_error("XX000", "cannot read the table's definition: no column list"));
  const size_t close = group_end(sql, open);
  if (close > sql.size() || sql[close - 1] != ')')
    return fail(make_pg_error("XX000", "cannot read the table's definition: unbalanced parentheses"));
  sqlite_table_text out;
  const std::string_view inner = sql.substr(open + 1, close - open - 2);
  size_t item_start = 0;
  for (size_t i = 0; i < inner.size();) {
    if (inner[i] == ',') {
      out.items.push_back(trimmed(inner.substr(item_start, i - item_start)));
      item_start = ++i;
      continue;
    }
    i = is_space(inner[i]) ? i + 1 : token_end(inner, i);
  }
  out.items.push_back(trimmed(inner.substr(item_start)));
  out.options = trimmed(sql.substr(close));
  return out;
}

std::optional<size_t> find_column_item(const sqlite_table_text& table, std::string_view name) {
  for (size_t i = 0; i < table.items.size(); ++i) {
    const auto tokens = tokens_of(table.items[i]);
    if (tokens.empty() || (starts_table_constraint(upper(tokens[0])) && tokens[0].front() != '"'))
      continue;
    if (same_name(unquoted(tokens[0]), name))
      return i;
  }
  return std::nullopt;
}

std::optional<std::string> foreign_key_name(const sqlite_table_text& table,
                                            const std::vector<std::string>& columns) {
  for (const auto& item : table.items) {
    const auto tokens = tokens_of(item);
    for (size_t i = 0; i + 2 < tokens.size(); ++i) {
      if (upper(tokens[i]) != "CONSTRAINT")
        continue;
      const std::string next = upper(tokens[i + 2]);
      if (next == "REFERENCES" && i > 0 && columns.size() == 1 && same_name(unquoted(tokens[0]), columns[0]))
        return unquoted(tokens[i + 1]);
      if (next == "FOREIGN" && i == 0 && i + 4 < tokens.size() && tokens[i + 4].front() == '(') {
        const auto listed = split_table_text("x " + tokens[i + 4]);
        if (!listed || listed->items.size() != columns.size())
          continue;
        bool same = true;
        for (size_t k = 0; k < columns.size(); ++k)
          same = same && same_name(unquoted(listed->items[k]), columns[k]);
        if (same)
          return unquoted(tokens[i + 1]);
      }
    }
  }
  return std::nullopt;
}

namespace {

// A column item's type (with its COLLATE clause) and constraint clauses.
struct column_item_parts {
  std::vector<std::string> type;
  std::vector<clause> clauses;
};

column_item_parts column_item_clauses(const std::vector<std::string>& tokens) {
  std::vector<std::string> type;
  std::vector<clause> clauses;
  std::vector<std::string> pending_name;  // CONSTRAINT name before its clause
  size_t i = 1;
  for (; i < tokens.size() && !starts_clause(upper(tokens[i])); ++i)
    type.push_back(tokens[i]);
  while (i < tokens.size()) {
    const std::string word = upper(tokens[i]);
    if (word == "CONSTRAINT" && i + 1 < tokens.size()) {
      pending_name = {tokens[i], tokens[i + 1]};
      i += 2;
      continue;
    }
    clause c{word, pending_name};
    pending_name.clear();
    c.tokens.push_back(tokens[i++]);
    if (word == "DEFAULT" || word == "COLLATE") {
      if (i < tokens.size())
        c.tokens.push_back(tokens[i++]);
    } else if (word == "NOT") {
      if (i < tokens.size())
        c.tokens.push_back(tokens[i++]);  // NULL
    }
    while (i < tokens.size() &&
           (!starts_clause(upper(tokens[i])) || (word == "REFERENCES" && continues_references(tokens, i))))
      c.tokens.push_back(tokens[i++]);
    if (word == "COLLATE")
      type.insert(type.end(), c.tokens.begin(), c.tokens.end());
    else
      clauses.push_back(std::move(c));
  }
  return {std::move(type), std::move(clauses)};
}

}  // namespace

bool column_item_has_clause(std::string_view item, std::string_view kind) {
  const auto tokens = tokens_of(item);
  if (tokens.empty())
    return false;
  const auto parts = column_item_clauses(tokens);
  return std::any_of(parts.clauses.begin(), parts.clauses.end(), [&](const clause& c) { return c.kind == kind; });
}

std::string rewrite_column_item(std::string_view item, const column_item_change& change) {
  const auto tokens = tokens_of(item);
  if (tokens.empty())
    return std::string(item);
  auto [type, clauses] = column_item_clauses(tokens);
  std::string out = tokens[0] + " " + (change.type ? *change.type : joined(type));
  std::optional<std::string> default_clause;
  bool not_null = false;
  std::string not_null_text = "NOT NULL";
  for (const auto& c : clauses) {
    if (c.kind == "DEFAULT") {
      default_clause = joined(c.tokens);
      continue;
    }
    if (c.kind == "NOT") {
      not_null = true;
      not_null_text = joined(c.tokens);
      continue;
    }
    if (c.kind == "NULL" || (c.kind == "PRIMARY" && change.drop_primary_key) ||
        (c.kind == "UNIQUE" && change.drop_unique) || (c.kind == "REFERENCES" && change.drop_references))
      continue;
    out += " " + joined(c.tokens);
  }
  if (change.default_sql)
    default_clause = *change.default_sql ? std::optional<std::string>("DEFAULT " + **change.default_sql)
                                         : std::nullopt;
  if (default_clause)
    out += " " + *default_clause;
  if (change.not_null)
    not_null = *change.not_null;
  if (not_null)
    out += " " + not_null_text;
  return out;
}

}  // namespace tributary
