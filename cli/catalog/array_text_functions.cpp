// array_text_functions: SQL functions over the text form of arrays
// ("{a,\"b c\",NULL}"), as the catalogs store them, under the names the
// translator calls (stages/sql/translator/catalog_functions.cpp):
//
//   array_to_string(array, sep [, null])    of an array's text form
//   pg_array_contains(array, x)        x = ANY(array), by the elements' text
//   array_upper(array, 1), pg_array_subscript(array, i)   of one-dimensional arrays
//   pg_array_position(array, x)        the first position of x, by the elements' text
//   pg_array_element(x)                one element as array_out writes it (ARRAY(sub-select))
#include <sqlite3.h>

#include <optional>
#include <string>
#include <vector>

#include "stages/core/pg_text_array.hpp"
#include "cli/catalog/catalog_reader.hpp"
#include "cli/catalog/function_registration.hpp"

namespace tributary {

namespace {

std::string text_argument(sqlite3_value* value) {
  const auto* p = reinterpret_cast<const char*>(sqlite3_value_text(value));
  return p ? std::string(p, static_cast<size_t>(sqlite3_value_bytes(value))) : std::string();
}

void result_text(sqlite3_context* context, const std::string& text) {
  sqlite3_result_text64(context, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
}

}  // namespace

// The elements of an array's text form ("{a,\"b c\",NULL}"), in storage order: a
// multidimensional array's ("{{1,2},{3,4}}") are its innermost ones, as unnest and
// array_to_string read them; a "[1:2]=" dimension decoration is skipped.
std::vector<std::optional<std::string>> array_text_elements(const std::string& text) {
  std::vector<std::optional<std::string>> out;
  size_t i = text.find('{');
  if (i == std::string::npos)
    return out;
  while (i < text.size()) {
    if (text[i] == '{' || text[i] == '}' || text[i] == ',') {
      ++i;
      continue;
    }
    std::string element;
    bool quoted = false;
    if (text[i] == '"') {
      quoted = true;
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\' && i + 1 < text.size())
          ++i;
        element += text[i];
      }
      ++i;
    } else {
      for (; i < text.size() && text[i] != ',' && text[i] != '}'; ++i)
        element += text[i];
    }
    if (!quoted && element == "NULL")
      out.emplace_back(std::nullopt);
    else
      out.emplace_back(element);
  }
  return out;
}

namespace {

void array_to_string_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const std::string separator = text_argument(argv[1]);
  const std::optional<std::string> null_text =
      argc == 3 && sqlite3_value_type(argv[2]) != SQLITE_NULL ? std::optional<std::string>(text_argument(argv[2]))
                                                                : std::nullopt;
  std::string out;
  bool first = true;
  for (const auto& element : array_text_elements(text_argument(argv[0]))) {
    if (!element && !null_text)
      continue;
    out += (first ? "" : separator) + (element ? *element : *null_text);
    first = false;
  }
  result_text(context, out);
}

// One element of an array's text form: quoted when array_out would quote it.
void array_element_function(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    return result_text(context, "NULL");
  result_text(context, quote_array_element(text_argument(argv[0])));
}

void array_upper_function(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_int(argv[1]) != 1)
    return sqlite3_result_null(context);
  const auto elements = array_text_elements(text_argument(argv[0]));
  if (elements.empty())
    return sqlite3_result_null(context);
  sqlite3_result_int64(context, static_cast<int64_t>(elements.size()));
}

void array_subscript_function(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const auto elements = array_text_elements(text_argument(argv[0]));
  const int64_t index = sqlite3_value_int64(argv[1]);
  if (index < 1 || static_cast<size_t>(index) > elements.size() || !elements[static_cast<size_t>(index - 1)])
    return sqlite3_result_null(context);
  result_text(context, *elements[static_cast<size_t>(index - 1)]);
}

void array_position_function(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const std::string value = text_argument(argv[1]);
  int64_t position = 0;
  for (const auto& element : array_text_elements(text_argument(argv[0]))) {
    ++position;
    if (element && *element == value)
      return sqlite3_result_int64(context, position);
  }
  sqlite3_result_null(context);
}

void array_contains_function(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const std::string value = text_argument(argv[1]);
  bool has_null = false;
  for (const auto& element : array_text_elements(text_argument(argv[0]))) {
    if (element && *element == value)
      return sqlite3_result_int(context, 1);
    has_null = has_null || !element;
  }
  if (has_null)
    return sqlite3_result_null(context);
  sqlite3_result_int(context, 0);
}

}  // namespace

result<ok_t, sqlite_error> install_array_text_functions(sqlite_connection& db) {
  sqlite3* handle = db.handle();
  const sql_function_entry functions[] = {
      {"array_to_string", 2, array_to_string_function},
      {"array_to_string", 3, array_to_string_function},
      {"pg_array_element", 1, array_element_function},
      {"pg_array_contains", 2, array_contains_function},
      {"array_upper", 2, array_upper_function},
      {"pg_array_subscript", 2, array_subscript_function},
      {"pg_array_position", 2, array_position_function},
  };
  return register_functions(handle, nullptr, functions);
}

}  // namespace tributary
