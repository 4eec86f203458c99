// copy_statement: see the header. The checks follow PostgreSQL 15's
// ProcessCopyOptions, in its order, with its SQLSTATEs and wording.
#include "stages/sql/copy_statement.hpp"

#include <set>

#include "stages/core/pg_bool.hpp"
#include "stages/sql/parse_tree.hpp"
#include "stages/sql/sql_text_scan.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

// Characters (not bytes) before `bytes` in `text`.
int characters_before(std::string_view text, size_t bytes) {
  int count = 0;
  for (size_t i = 0; i < bytes && i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
      ++count;
  return count;
}

class option_reader {
public:
  option_reader(std::string_view text, int position_base) : text_(text), base_(position_base) {}

  pg_error at(const json& def, std::string sqlstate, std::string message) const {
    pg_error e = make_pg_error(std::move(sqlstate), std::move(message));
    const int64_t location = pt::integer(def, "location");
    if (def.contains("location") && location >= 0)
      e.position = base_ + characters_before(text_, static_cast<size_t>(location)) + 1;
    return e;
  }

  // A second occurrence of an option is PostgreSQL's "conflicting or redundant options".
  result<ok_t, pg_error> first_time(const json& def, const std::string& name) {
    if (!seen_.insert(name).second)
      return fail(at(def, "42601", "conflicting or redundant options"));
    return ok_v;
  }

  // defGetString: a string, a number's digits, or a keyword.
  static std::optional<std::string> string_argument(const json& def) {
    if (!def.contains("arg"))
      return std::nullopt;
    const json& arg = def["arg"];
    const std::string type = pt::node_type(arg);
    const json& f = pt::fields(arg);
    if (type == "String")
      return pt::text(f, "sval");
    if (type == "Integer")
      return std::to_string(pt::integer(f, "ival"));
    if (type == "Float")
      return pt::text(f, "fval");
    if (type == "Boolean")
      return pt::flag(f, "boolval") ? "true" : "false";
    return std::nullopt;
  }

  result<std::string, pg_error> string_option(const json& def, const std::string& name) const {
    auto value = string_argument(def);
    if (!value)
      return fail(at(def, "42601", name + " requires a parameter"));
    return *value;
  }

  result<bool, pg_error> boolean_option(const json& def, const std::string& name) const {
    if (!def.contains("arg"))
      return true;
    auto value = string_argument(def);
    std::optional<bool> parsed = value ? parse_pg_bool(*value) : std::nullopt;
    if (!parsed)
      return fail(at(def, "22023", name + " requires a Boolean value"));
    return *parsed;
  }

  // A column list (FORCE_QUOTE (a, b)); `star` is set for FORCE_QUOTE *.
  result<std::vector<std::string>, pg_error> column_list(const json& def, const std::string& name,
                                                         bool* star) const {
    const json& arg = def.contains("arg") ? def["arg"] : json::object();
    if (star && pt::node_type(arg) == "A_Star") {
      *star = true;
      return std::vector<std::string>{};
    }
    if (pt::node_type(arg) != "List")
      return fail(at(def, "22023", "argument to option \"" + name + "\" must be a list of column names"));
    return pt::strings(pt::list(pt::fields(arg), "items"));
  }

private:
  std::string_view text_;
  int base_;
  std::set<std::string> seen_;
};

pg_error plain(std::string sqlstate, std::string message) {
  return make_pg_error(std::move(sqlstate), std::move(message));
}

// The checks PostgreSQL makes once every option is read.
result<ok_t, pg_error> check_options(const copy_statement& c, bool delimiter_given, bool null_given,
                                     bool quote_given, bool escape_given, bool header_given) {
  const bool csv = c.format == copy_format::csv;
  const bool binary = c.format == copy_format::binary;
  const copy_text_options& o = c.options;
  if (binary && delimiter_given)
    return fail(plain("42601", "cannot specify DELIMITER in BINARY mode"));
  if (binary && null_given)
    return fail(plain("42601", "cannot specify NULL in BINARY mode"));
  if (o.delimiter == '\n' || o.delimiter == '\r')
    return fail(plain("22023", "COPY delimiter cannot be newline or carriage return"));
  if (o.null_marker.find_first_of("\r\n") != std::string::npos)
    return fail(plain("22023", "COPY null representation cannot use newline or carriage return"));
  if (!csv && std::string_view("\\.abcdefghijklmnopqrstuvwxyz0123456789").find(o.delimiter) !=
                  std::string_view::npos)
    return fail(plain("22023", std::string("COPY delimiter cannot be \"") + o.delimiter + "\""));
  if (binary && header_given)
    return fail(plain("0A000", "cannot specify HEADER in BINARY mode"));
  if (!csv && quote_given)
    return fail(plain("0A000", "COPY quote available only in CSV mode"));
  if (csv && o.delimiter == o.quote)
    return fail(plain("22023", "COPY delimiter and quote must be different"));
  if (!csv && escape_given)
    return fail(plain("0A000", "COPY escape available only in CSV mode"));
  if (!csv && (c.force_quote_all || !c.force_quote.empty()))
    return fail(plain("0A000", "COPY force quote available only in CSV mode"));
  if ((c.force_quote_all || !c.force_quote.empty()) && c.from)
    return fail(plain("0A000", "COPY force quote only available using COPY TO"));
  if (!csv && !c.force_not_null.empty())
    return fail(plain("0A000", "COPY force not null available only in CSV mode"));
  if (!c.force_not_null.empty() && !c.from)
    return fail(plain("0A000", "COPY force not null only available using COPY FROM"));
  if (!csv && !c.force_null.empty())
    return fail(plain("0A000", "COPY force null available only in CSV mode"));
  if (!c.force_null.empty() && !c.from)
    return fail(plain("0A000", "COPY force null only available using COPY FROM"));
  if (!binary && o.null_marker.find(o.delimiter) != std::string::npos)
    return fail(plain("0A000", "COPY delimiter must not appear in the NULL specification"));
  if (csv && o.null_marker.find(o.quote) != std::string::npos)
    return fail(plain("0A000", "CSV quote character must not appear in the NULL specification"));
  return ok_v;
}

result<char, pg_error> single_byte(const std::string& value, const std::string& what) {
  if (value.size() != 1)
    return fail(make_pg_error("0A000", "COPY " + what + " must be a single one-byte character"));
  return value[0];
}

}  // namespace

result<copy_statement, pg_error> read_copy_statement(const json& fields, std::string_view statement_text,
                                                     int position_base) {
  copy_statement c;
  c.from = pt::flag(fields, "is_from");
  if (pt::flag(fields, "is_program"))
    return fail(make_pg_error("0A000", std::string("COPY ") + (c.from ? "FROM" : "TO") +
                                           " PROGRAM is not supported"));
  if (fields.contains("filename"))
    c.file = pt::text(fields, "filename");
  if (fields.contains("relation")) {
    c.table = pt::text(fields.at("relation"), "relname");
    c.columns = pt::strings(pt::list(fields, "attlist"));
  } else {
    auto range = first_parenthesized(statement_text);
    if (!range)
      return fail(make_pg_error("42601", "syntax error in COPY's query"));
    c.query = std::string(statement_text.substr(range->begin, range->end - range->begin));
  }
  option_reader reader(statement_text, position_base);
  bool delimiter_given = false, null_given = false, quote_given = false, escape_given = false,
       header_given = false;
  std::optional<char> delimiter, quote, escape;
  std::optional<std::string> null_marker;
  for (const json& item : pt::list(fields, "options")) {
    const json& def = pt::fields(item);
    const std::string name = pt::text(def, "defname");
    if (name == "format") {
      if (auto r = reader.first_time(def, name); !r)
        return fail(r.error());
      auto value = reader.string_option(def, name);
      if (!value)
        return fail(value.error());
      if (*value == "text")
        c.format = copy_format::text;
      else if (*value == "csv")
        c.format = copy_format::csv;
      else if (*value == "binary")
        c.format = copy_format::binary;
      else
        return fail(reader.at(def, "22023", "COPY format \"" + *value + "\" not recognized"));
    } else if (name == "freeze") {
      if (auto r = reader.first_time(def, name); !r)
        return fail(r.error());
      if (auto r = reader.boolean_option(def, name); !r)
        return fail(r.error());
    } else if (name == "delimiter" || name == "quote" || name == "escape") {
      if (auto r = reader.first_time(def, name); !r)
        return fail(r.error());
      auto value = reader.string_option(def, name);
      if (!value)
        return fail(value.error());
      auto byte = single_byte(*value, name);
      if (!byte)
        return fail(byte.error());
      (name == "delimiter" ? delimiter : name == "quote" ? quote : escape) = *byte;
      (name == "delimiter" ? delimiter_given : name == "quote" ? quote_given : escape_given) = true;
    } else if (name == "null") {
      if (auto r = reader.first_time(def, name); !r)
        return fail(r.error());
      auto value = reader.string_option(def, name);
      if (!value)
        return fail(value.error());
      null_marker = *value;
      null_given = true;
    } else if (name == "header") {
      if (auto r = reader.first_time(def, name); !r)
        return fail(r.error());
      if (auto value = option_reader::string_argument(def); value && *value == "match")
        return fail(reader.at(def, "0A000", "COPY HEADER MATCH is not supported"));
      auto value = reader.boolean_option(def, name);
      if (!value)
        return fail(value.error());
      c.options.header = *value;
      header_given = true;
    } else if (name == "force_quote" || name == "force_not_null" || name == "force_null") {
      if (auto r = reader.first_time(def, name); !r)
        return fail(r.error());
      auto list = reader.column_list(def, name, name == "force_quote" ? &c.force_quote_all : nullptr);
      if (!list)
        return fail(list.error());
      (name == "force_quote" ? c.force_quote : name == "force_not_null" ? c.force_not_null : c.force_null) =
          std::move(*list);
    } else if (name == "encoding") {
      if (auto r = reader.first_time(def, name); !r)
        return fail(r.error());
      auto value = reader.string_option(def, name);
      if (!value)
        return fail(value.error());
      std::string lowered;
      for (char ch : *value)
        if (ch != '-' && ch != '_')
          lowered.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
      if (lowered != "utf8" && lowered != "unicode")
        return fail(reader.at(def, "0A000", "COPY ENCODING other than UTF8 is not supported"));
    } else {
      return fail(reader.at(def, "42601", "option \"" + name + "\" not recognized"));
    }
  }
  const bool csv = c.format == copy_format::csv;
  c.options.delimiter = delimiter.value_or(csv ? ',' : '\t');
  c.options.null_marker = null_marker.value_or(csv ? "" : "\\N");
  c.options.quote = quote.value_or('"');
  c.options.escape = escape.value_or(c.options.quote);
  if (auto r = check_options(c, delimiter_given, null_given, quote_given, escape_given, header_given); !r)
    return fail(r.error());
  c.options.client_data = c.from;
  return c;
}

}  // namespace tributary
