// sequence_definition: see the header.
#include "stages/sql/sequence_definition.hpp"

#include <cctype>
#include <charconv>
#include <map>

#include "stages/sql/parse_tree.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/type_names.hpp"

namespace tributary {
namespace {

namespace pt = parse_tree;
using json = nlohmann::json;

pg_error invalid_parameter(const std::string& message) { return make_pg_error("22023", message); }

int64_t type_maximum(oid_t type) {
  return type == 21 ? INT16_MAX : type == 23 ? INT32_MAX : INT64_MAX;
}
int64_t type_minimum(oid_t type) {
  return type == 21 ? INT16_MIN : type == 23 ? INT32_MIN : INT64_MIN;
}

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

// The number written after an option's keywords ("INCREMENT BY -2", "START WITH 5",
// "MAXVALUE 9223372036854775807"), read from the text at the option's location.
std::optional<std::string> number_text_at(std::string_view source, size_t at) {
  static const char* const keywords[] = {"increment", "by",    "start", "with",
                                         "restart",   "minvalue", "maxvalue", "cache"};
  size_t i = at;
  const auto skip_space = [&] {
    while (i < source.size() && std::isspace(static_cast<unsigned char>(source[i])))
      ++i;
  };
  while (true) {
    skip_space();
    size_t end = i;
    while (end < source.size() && is_word_char(source[end]) &&
           !(end == i && std::isdigit(static_cast<unsigned char>(source[end]))))
      ++end;
    if (end == i)
      break;
    std::string word(source.substr(i, end - i));
    for (char& c : word)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    bool keyword = false;
    for (const char* k : keywords)
      keyword = keyword || word == k;
    if (!keyword)
      return std::nullopt;
    i = end;
  }
  std::string out;
  if (i < source.size() && (source[i] == '-' || source[i] == '+')) {
    if (source[i] == '-')
      out += '-';
    ++i;
    skip_space();
  }
  const size_t digits = i;
  while (i < source.size() && (std::isalnum(static_cast<unsigned char>(source[i])) ||
                               source[i] == '.' ||
                               ((source[i] == '-' || source[i] == '+') && i > digits &&
                                (source[i - 1] == 'e' || source[i - 1] == 'E'))))
    ++i;
  if (i == digits)
    return std::nullopt;
  out += source.substr(digits, i - digits);
  return out;
}

// An option's integer, as defGetInt64 reads it (int8in's errors).
result<int64_t, pg_error> option_integer(const json& element, std::string_view source) {
  std::optional<std::string> text;
  if (!source.empty())
    text = number_text_at(source, static_cast<size_t>(pt::integer(element, "location")));
  const json& arg = element.value("arg", json::object());
  if (!text) {
    if (pt::node_type(arg) == "Integer")
      text = std::to_string(pt::integer(pt::fields(arg), "ival"));
    else if (pt::node_type(arg) == "Float")
      text = pt::text(pt::fields(arg), "fval");
    else
      return fail(make_pg_error("42601", pt::text(element, "defname") + " requires a numeric value"));
  }
  int64_t value = 0;
  const char* begin = text->data();
  const char* end = begin + text->size();
  auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec == std::errc::result_out_of_range)
    return fail(make_pg_error("22003", "value \"" + *text + "\" is out of range for type bigint"));
  if (ec != std::errc() || ptr != end)
    return fail(make_pg_error("22P02", "invalid input syntax for type bigint: \"" + *text + "\""));
  return value;
}

bool option_flag(const json& element) {
  const json& arg = element.value("arg", json::object());
  if (pt::node_type(arg) == "Boolean")
    return pt::flag(pt::fields(arg), "boolval");
  return pt::integer(pt::fields(arg), "ival") != 0;
}

}  // namespace

std::string sequence_type_name(oid_t type) {
  return type == 21 ? "smallint" : type == 23 ? "integer" : "bigint";
}

result<sequence_options, pg_error> read_sequence_options(const json& options, std::string_view source,
                                                         const sequence_parameters* existing,
                                                         const sequence_state* existing_state,
                                                         bool for_identity, oid_t default_type) {
  const bool creating = existing == nullptr;
  std::map<std::string, const json*> given;
  for (const json& node : options) {
    const json& element = pt::fields(node);
    const std::string name = pt::text(element, "defname");
    static const char* const known[] = {"as",    "increment", "start",    "restart", "maxvalue",
                                        "minvalue", "cache",  "cycle",    "owned_by", "sequence_name"};
    bool recognized = false;
    for (const char* k : known)
      recognized = recognized || name == k;
    if (!recognized || (name == "sequence_name" && !for_identity))
      return fail(make_pg_error("42601", "option \"" + name + "\" not recognized"));
    if (given.count(name)) {
      pg_error e = make_pg_error("42601", "conflicting or redundant options");
      e.position = static_cast<int>(pt::integer(element, "location")) + 1;
      return fail(std::move(e));
    }
    given[name] = &element;
  }
  sequence_options out;
  sequence_parameters& p = out.parameters;
  if (existing)
    p = *existing;
  if (existing_state)
    out.state = *existing_state;
  bool reset_maximum = false;
  bool reset_minimum = false;
  if (auto it = given.find("as"); it != given.end()) {
    const json& arg = it->second->value("arg", json::object());
    auto type = resolve_type_name(pt::type_name(pt::fields(arg), source));
    if (!type)
      return fail(type.error());
    const oid_t oid = type->oid;
    if (oid != 21 && oid != 23 && oid != 20)
      return fail(invalid_parameter("sequence type must be smallint, integer, or bigint"));
    if (!creating) {
      reset_maximum = p.maximum == type_maximum(p.type);
      reset_minimum = p.minimum == type_minimum(p.type);
    }
    p.type = oid;
  } else if (creating) {
    p.type = default_type;
  }
  if (auto it = given.find("increment"); it != given.end()) {
    auto value = option_integer(*it->second, source);
    if (!value)
      return fail(value.error());
    if (*value == 0)
      return fail(invalid_parameter("INCREMENT must not be zero"));
    p.increment = *value;
  } else if (creating) {
    p.increment = 1;
  }
  if (auto it = given.find("cycle"); it != given.end())
    p.cycle = option_flag(*it->second);
  else if (creating)
    p.cycle = false;
  const auto bound = [&](const char* option, bool reset, int64_t& field, bool maximum) -> result<ok_t, pg_error> {
    auto it = given.find(option);
    if (it != given.end() && it->second->contains("arg")) {
      auto value = option_integer(*it->second, source);
      if (!value)
        return fail(value.error());
      field = *value;
    } else if (creating || it != given.end() || reset) {
      if (maximum)
        field = p.increment > 0 || reset ? type_maximum(p.type) : -1;
      else
        field = p.increment < 0 || reset ? type_minimum(p.type) : 1;
    }
    if (field < type_minimum(p.type) || field > type_maximum(p.type))
      return fail(invalid_parameter(std::string(maximum ? "MAXVALUE" : "MINVALUE") + " (" +
                                    std::to_string(field) + ") is out of range for sequence data type " +
                                    sequence_type_name(p.type)));
    return ok_v;
  };
  if (auto r = bound("maxvalue", reset_maximum, p.maximum, true); !r)
    return fail(r.error());
  if (auto r = bound("minvalue", reset_minimum, p.minimum, false); !r)
    return fail(r.error());
  if (p.minimum >= p.maximum)
    return fail(invalid_parameter("MINVALUE (" + std::to_string(p.minimum) +
                                  ") must be less than MAXVALUE (" + std::to_string(p.maximum) + ")"));
  if (auto it = given.find("start"); it != given.end()) {
    auto value = option_integer(*it->second, source);
    if (!value)
      return fail(value.error());
    p.start = *value;
  } else if (creating) {
    p.start = p.increment > 0 ? p.minimum : p.maximum;
  }
  if (p.start < p.minimum)
    return fail(invalid_parameter("START value (" + std::to_string(p.start) +
                                  ") cannot be less than MINVALUE (" + std::to_string(p.minimum) + ")"));
  if (p.start > p.maximum)
    return fail(invalid_parameter("START value (" + std::to_string(p.start) +
                                  ") cannot be greater than MAXVALUE (" + std::to_string(p.maximum) + ")"));
  if (auto it = given.find("restart"); it != given.end()) {
    if (it->second->contains("arg")) {
      auto value = option_integer(*it->second, source);
      if (!value)
        return fail(value.error());
      out.state.last_value = *value;
    } else {
      out.state.last_value = p.start;
    }
    out.state.is_called = false;
    out.state_changed = true;
  } else if (creating) {
    out.state.last_value = p.start;
    out.state.is_called = false;
    out.state_changed = true;
  }
  if (out.state.last_value < p.minimum)
    return fail(invalid_parameter("RESTART value (" + std::to_string(out.state.last_value) +
                                  ") cannot be less than MINVALUE (" + std::to_string(p.minimum) + ")"));
  if (out.state.last_value > p.maximum)
    return fail(invalid_parameter("RESTART value (" + std::to_string(out.state.last_value) +
                                  ") cannot be greater than MAXVALUE (" + std::to_string(p.maximum) + ")"));
  if (auto it = given.find("cache"); it != given.end()) {
    auto value = option_integer(*it->second, source);
    if (!value)
      return fail(value.error());
    if (*value <= 0)
      return fail(invalid_parameter("CACHE (" + std::to_string(*value) + ") must be greater than zero"));
    p.cache = *value;
  } else if (creating) {
    p.cache = 1;
  }
  if (auto it = given.find("owned_by"); it != given.end()) {
    out.owned_by = pt::strings(pt::list(pt::fields(it->second->value("arg", json::object())), "items"));
    const bool none = out.owned_by.size() == 1 && out.owned_by[0] == "none";
    if (!none && (out.owned_by.size() < 2 || out.owned_by.size() > 3)) {
      pg_error e = make_pg_error("42601", "invalid OWNED BY option");
      e.hint = "Specify OWNED BY table.column or OWNED BY NONE.";
      return fail(std::move(e));
    }
  }
  if (auto it = given.find("sequence_name"); it != given.end()) {
    const auto names = pt::strings(pt::list(pt::fields(it->second->value("arg", json::object())), "items"));
    out.sequence_name = names.empty() ? "" : names.back();
  }
  return out;
}

result<int64_t, pg_error> next_sequence_value(const sequence_parameters& p, sequence_state& state,
                                              const std::string& name) {
  if (!state.is_called) {
    state.is_called = true;
    return state.last_value;
  }
  const __int128 next = static_cast<__int128>(state.last_value) + p.increment;
  int64_t value = 0;
  if (p.increment > 0 && next > p.maximum) {
    if (!p.cycle)
      return fail(make_pg_error("2200H", "nextval: reached maximum value of sequence \"" + name +
                                             "\" (" + std::to_string(p.maximum) + ")"));
    value = p.minimum;
  } else if (p.increment < 0 && next < p.minimum) {
    if (!p.cycle)
      return fail(make_pg_error("2200H", "nextval: reached minimum value of sequence \"" + name +
                                             "\" (" + std::to_string(p.minimum) + ")"));
    value = p.maximum;
  } else {
    value = static_cast<int64_t>(next);
  }
  state.last_value = value;
  return value;
}

result<ok_t, pg_error> check_setval(const sequence_parameters& p, int64_t value, const std::string& name) {
  if (value < p.minimum || value > p.maximum)
    return fail(make_pg_error("22003", "setval: value " + std::to_string(value) +
                                           " is out of bounds for sequence \"" + name + "\" (" +
                                           std::to_string(p.minimum) + ".." +
                                           std::to_string(p.maximum) + ")"));
  return ok_v;
}

result<std::string, pg_error> sequence_relation_name(std::string_view text) {
  std::vector<std::string> parts;
  std::string current;
  size_t i = 0;
  const auto invalid = [&] { return fail(make_pg_error("42602", "invalid name syntax")); };
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
    ++i;
  while (true) {
    current.clear();
    if (i < text.size() && text[i] == '"') {
      ++i;
      bool closed = false;
      while (i < text.size()) {
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            current += '"';
            i += 2;
            continue;
          }
          ++i;
          closed = true;
          break;
        }
        current += text[i++];
      }
      if (!closed || current.empty())
        return invalid();
    } else {
      while (i < text.size() && text[i] != '.' && !std::isspace(static_cast<unsigned char>(text[i]))) {
        if (text[i] == '"')
          return invalid();
        current += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
        ++i;
      }
      if (current.empty())
        return invalid();
    }
    parts.push_back(current);
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
      ++i;
    if (i < text.size() && text[i] == '.') {
      ++i;
      while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
        ++i;
      continue;
    }
    break;
  }
  if (i != text.size() || parts.size() > 3)
    return invalid();
  if (parts.size() == 1 || (parts.size() >= 2 && parts[parts.size() - 2] == "public"))
    return parts.back();
  return parts[parts.size() - 2] + "." + parts.back();
}

std::string serial_sequence_name(const std::string& table, const std::string& column) {
  std::string first = table;
  std::string second = column;
  const size_t available = 63 - 5;  // "_" + "_seq"
  while (first.size() + second.size() > available) {
    if (first.size() > second.size())
      first.pop_back();
    else
      second.pop_back();
  }
  return first + "_" + second + "_seq";
}

}  // namespace tributary
