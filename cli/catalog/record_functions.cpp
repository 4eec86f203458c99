#include "cli/catalog/record_functions.hpp"

#include <sqlite3.h>

#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "stages/types/verbatim/record_text.hpp"

namespace tributary {

namespace {

std::string field_text(sqlite3_value* value) {
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(value));
  return text ? std::string(text, static_cast<size_t>(sqlite3_value_bytes(value))) : std::string();
}

void record_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  std::vector<std::optional<std::string>> fields;
  for (int i = 0; i < argc; ++i)
    fields.push_back(sqlite3_value_type(argv[i]) == SQLITE_NULL ? std::nullopt
                                                                : std::optional<std::string>(field_text(argv[i])));
  const std::string out = write_record_text(fields);
  sqlite3_result_text64(context, out.data(), out.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
}

// The fields of a record's text form; nullopt for an empty (NULL) field.
std::vector<std::optional<std::string>> record_fields(const std::string& text) {
  std::vector<std::optional<std::string>> out;
  size_t i = text.find('(');
  if (i == std::string::npos)
    return out;
  ++i;
  while (i <= text.size()) {
    std::string field;
    bool any = false;
    bool quoted = false;
    for (; i < text.size(); ++i) {
      const char c = text[i];
      if (quoted) {
        if (c == '\\' && i + 1 < text.size()) {
          field += text[++i];
        } else if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
          field += '"';
          ++i;
        } else if (c == '"') {
          quoted = false;
        } else {
          field += c;
        }
        continue;
      }
      if (c == ',' || c == ')')
        break;
      any = true;
      if (c == '"')
        quoted = true;
      else if (c == '\\' && i + 1 < text.size())
        field += text[++i];
      else
        field += c;
    }
    out.push_back(any ? std::optional<std::string>(field) : std::nullopt);
    if (i >= text.size() || text[i] == ')')
      break;
    ++i;  // the comma
  }
  return out;
}

void record_field_function(sqlite3_context* context, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL)
    return sqlite3_result_null(context);
  const auto fields = record_fields(field_text(argv[0]));
  const sqlite3_int64 index = sqlite3_value_int64(argv[1]);
  if (index < 1 || static_cast<size_t>(index) > fields.size() || !fields[static_cast<size_t>(index - 1)])
    return sqlite3_result_null(context);
  const std::string& field = *fields[static_cast<size_t>(index - 1)];
  sqlite3_result_text64(context, field.data(), field.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
}

}  // namespace

result<ok_t, sqlite_error> install_record_functions(sqlite_connection& db) {
  sqlite3* handle = db.handle();
  const int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  if (int rc = sqlite3_create_function_v2(handle, "pg_record", -1, flags, nullptr, record_function, nullptr,
                                          nullptr, nullptr);
      rc != SQLITE_OK)
    return fail(sqlite_error{rc, sqlite3_errmsg(handle)});
  if (int rc = sqlite3_create_function_v2(handle, "pg_record_field", 2, flags, nullptr, record_field_function,
                                          nullptr, nullptr, nullptr);
      rc != SQLITE_OK)
    return fail(sqlite_error{rc, sqlite3_errmsg(handle)});
  return ok_v;
}

}  // namespace tributary
