// encoding_functions: see the header.
#include "cli/catalog/encoding_functions.hpp"

#include <sqlite3.h>

#include <cctype>
#include <string>

#include "cli/catalog/function_registration.hpp"
#include "cli/catalog/sql_function_arguments.hpp"

namespace tributary {

namespace {

// PostgreSQL 15's encodings by number (pg_enc).
constexpr const char* encodings[] = {
    "SQL_ASCII", "EUC_JP",     "EUC_CN",     "EUC_KR",     "EUC_TW",     "EUC_JIS_2004", "UTF8",    "MULE_INTERNAL",
    "LATIN1",    "LATIN2",     "LATIN3",     "LATIN4",     "LATIN5",     "LATIN6",       "LATIN7",  "LATIN8",
    "LATIN9",    "LATIN10",    "WIN1256",    "WIN1258",    "WIN866",     "WIN874",       "KOI8R",   "WIN1251",
    "WIN1252",   "ISO_8859_5", "ISO_8859_6", "ISO_8859_7", "ISO_8859_8", "WIN1250",      "WIN1253", "WIN1254",
    "WIN1255",   "WIN1257",    "KOI8U",      "SJIS",       "BIG5",       "GBK",          "UHC",     "GB18030",
    "JOHAB",     "SHIFT_JIS_2004"};

// A name as PostgreSQL compares encoding names: lower case, letters and digits only.
std::string clean(const std::string& name) {
  std::string out;
  for (char c : name)
    if (std::isalnum(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

void encoding_to_char_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const int64_t encoding = sqlite3_value_int64(argv[0]);
  const bool known = encoding >= 0 && encoding < static_cast<int64_t>(std::size(encodings));
  result_text(context, known ? encodings[encoding] : "");
}

void char_to_encoding_function(sqlite3_context* context, int argc, sqlite3_value** argv) {
  if (null_argument(argc, argv))
    return sqlite3_result_null(context);
  const std::string name = clean(text_argument(argv[0]));
  if (name == "unicode")
    return sqlite3_result_int(context, 6);
  for (size_t i = 0; i < std::size(encodings); ++i)
    if (!name.empty() && clean(encodings[i]) == name)
      return sqlite3_result_int(context, static_cast<int>(i));
  sqlite3_result_int(context, -1);
}

void database_encoding_function(sqlite3_context* context, int, sqlite3_value**) { result_text(context, "UTF8"); }

}  // namespace

result<ok_t, sqlite_error> install_encoding_functions(sqlite_connection& db) {
  const sql_function_entry functions[] = {
      {"pg_encoding_to_char", 1, encoding_to_char_function},
      {"pg_char_to_encoding", 1, char_to_encoding_function},
      {"getdatabaseencoding", 0, database_encoding_function},
  };
  return register_functions(db.handle(), nullptr, functions);
}

}  // namespace tributary
