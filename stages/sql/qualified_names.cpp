// qualified_names: see qualified_names.hpp.
#include "stages/sql/qualified_names.hpp"

#include <algorithm>

#include "stages/core/local_relation_name.hpp"
#include "stages/core/sql_quote.hpp"
#include "stages/sql/text_edits.hpp"

namespace tributary {
namespace {

using json = nlohmann::json;

struct name_piece {
  size_t begin = 0, end = 0;
};

bool is_identifier_byte(unsigned char c, bool first) {
  if (c >= 0x80 || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
    return true;
  return !first && ((c >= '0' && c <= '9') || c == '$');
}

size_t skip_spaces(std::string_view text, size_t at) {
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' ||
                              text[at] == '\r' || text[at] == '\f'))
    ++at;
  return at;
}

// One identifier at `at` (quoted or not); nullopt when there is none.
std::optional<name_piece> identifier_at(std::string_view text, size_t at) {
  if (at >= text.size())
    return std::nullopt;
  if (text[at] == '"') {
    for (size_t i = at + 1; i < text.size(); ++i) {
      if (text[i] != '"')
        continue;
      if (i + 1 < text.size() && text[i + 1] == '"') {
        ++i;
        continue;
      }
      return name_piece{at, i + 1};
    }
    return std::nullopt;
  }
  if (!is_identifier_byte(static_cast<unsigned char>(text[at]), true))
    return std::nullopt;
  size_t end = at + 1;
  while (end < text.size() && is_identifier_byte(static_cast<unsigned char>(text[end]), false))
    ++end;
  return name_piece{at, end};
}

// The dotted name starting at `at`: up to `count` identifiers separated by '.'.
std::vector<name_piece> dotted_name_at(std::string_view text, size_t at, size_t count) {
  std::vector<name_piece> pieces;
  while (pieces.size() < count) {
    auto piece = identifier_at(text, at);
    if (!piece)
      break;
    pieces.push_back(*piece);
    size_t next = skip_spaces(text, piece->end);
    if (next >= text.size() || text[next] != '.')
      break;
    at = skip_spaces(text, next + 1);
  }
  return pieces;
}

std::string string_field(const json& node, const char* name) {
  auto it = node.find(name);
  return it != node.end() && it->is_string() ? it->get<std::string>() : std::string();
}

class rewriter {
public:
  rewriter(std::string_view text, size_t begin, size_t end)
      : text_(text), begin_(begin), end_(end) {}

  void visit(const json& node, bool in_from, std::string_view owner) {
    if (node.is_array()) {
      for (const auto& item : node)
        visit(item, in_from, owner);
      return;
    }
    if (!node.is_object())
      return;
    for (auto it = node.begin(); it != node.end(); ++it) {
      const std::string& key = it.key();
      const json& value = it.value();
      if (key == "RangeVar" && value.is_object()) {
        relation(value, in_from);
      } else if (key == "ColumnRef" && value.is_object()) {
        column(value);
      } else if ((key == "relation" || key == "rel") && value.is_object() &&
                 value.contains("relname")) {
        relation(value, owner == "UpdateStmt" || owner == "DeleteStmt",
                 key == "rel" || owner == "CreateStmt");
      } else {
        const bool node_type = !key.empty() && key[0] >= 'A' && key[0] <= 'Z';
        const bool statement = key == "SelectStmt" || key == "InsertStmt" ||
                               key == "UpdateStmt" || key == "DeleteStmt";
        const bool from = !statement && (in_from || key == "fromClause" || key == "usingClause");
        visit(value, from, node_type ? std::string_view(key) : owner);
      }
    }
  }

  std::optional<qualified_names_rewrite> result() {
    if (edits_.empty())
      return std::nullopt;
    for (auto& e : edits_) {
      e.begin -= begin_;
      e.end -= begin_;
    }
    return qualified_names_rewrite{
        apply_text_edits(text_.substr(begin_, end_ - begin_), std::move(edits_)),
        std::move(schemas_), std::move(public_relations_)};
  }

private:
  void relation(const json& range_var, bool may_alias, bool created = false) {
    const std::string schema = string_field(range_var, "schemaname");
    if (schema == "pg_temp" && !created && string_field(range_var, "catalogname").empty()) {
      // The session's temporary relation: SQLite finds its temp schema's first by the
      // bare name (storage/temporary_tables.hpp). A new one keeps the schema (it says
      // the relation is temporary).
      if (auto pieces = located_name(range_var, 2); pieces.size() == 2)
        edits_.push_back(text_edit{pieces.front().begin, pieces.back().end,
                                   quote_identifier(string_field(range_var, "relname"))});
      return;
    }
    if (schema.empty() || is_system_schema(schema) || !string_field(range_var, "catalogname").empty())
      return;
    if (created && string_field(range_var, "relpersistence") == "t")
      return;  // a temporary table in a named schema: refused as written (42P16)
    const std::string name = string_field(range_var, "relname");
    auto pieces = located_name(range_var, 2);
    if (pieces.size() != 2)
      return;
    std::string replacement = quote_identifier(local_relation_name(schema, name));
    if (is_public_schema(schema)) {
      public_relations_.push_back(name);
    } else {
      note_schema(schema);
      if (may_alias && !range_var.contains("alias"))
        replacement += " AS " + quote_identifier(name);
    }
    edits_.push_back(text_edit{pieces.front().begin, pieces.back().end, std::move(replacement)});
  }

  // schema.table.column or schema.table.*: the schema goes (the relation is
  // known by its bare name: an alias added above, or a public table).
  void column(const json& column_ref) {
    const auto fields = column_ref.value("fields", json::array());
    if (fields.size() != 3 || !fields[0].contains("String") || !fields[1].contains("String"))
      return;
    const std::string schema = string_field(fields[0]["String"], "sval");
    if (is_system_schema(schema))
      return;
    auto pieces = located_name(column_ref, 2);
    if (pieces.size() != 2)
      return;
    const std::string table = string_field(fields[1]["String"], "sval");
    edits_.push_back(text_edit{pieces.front().begin, pieces.back().end, quote_identifier(table)});
  }

  std::vector<name_piece> located_name(const json& node, size_t count) const {
    auto it = node.find("location");
    if (it == node.end() || !it->is_number_integer() || it->get<int64_t>() < 0)
      return {};
    const auto at = static_cast<size_t>(it->get<int64_t>());
    if (at < begin_ || at >= end_)
      return {};
    auto pieces = dotted_name_at(text_.substr(0, end_), at, count);
    return pieces;
  }

  void note_schema(const std::string& schema) {
    if (std::find(schemas_.begin(), schemas_.end(), schema) == schemas_.end())
      schemas_.push_back(schema);
  }

  std::string_view text_;
  size_t begin_, end_;
  std::vector<text_edit> edits_;
  std::vector<std::string> schemas_;
  std::vector<std::string> public_relations_;
};

}  // namespace

bool is_system_schema(std::string_view schema) {
  return schema == "pg_catalog" || schema == "information_schema" || schema == "pg_toast" ||
         schema.substr(0, 7) == "pg_temp";
}

std::optional<qualified_names_rewrite> rewrite_qualified_names(const json& statement,
                                                               std::string_view text,
                                                               size_t statement_begin,
                                                               size_t statement_end) {
  statement_end = std::min(statement_end, text.size());
  if (statement_begin >= statement_end)
    return std::nullopt;
  rewriter r(text, statement_begin, statement_end);
  r.visit(statement, false, {});
  return r.result();
}

}  // namespace tributary
