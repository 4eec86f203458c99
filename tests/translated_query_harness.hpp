// translated_query_harness: translates a PostgreSQL SELECT (stages/sql/translator)
// and runs it on an in-memory SQLite with the functions translated SQL calls
// (storage/sql_functions.hpp), giving each value as PostgreSQL's text output —
// what a client would see. One table `t` (id int4, s text, n int4, d date,
// ts timestamptz, x numeric, f float8) holds the rows a test inserts.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stages/sql/translator/query_translation.hpp"
#include "storage/sqlite_connection.hpp"

struct sqlite3;

namespace tributary::testing {

struct query_answer {
  std::vector<std::string> names;
  std::vector<oid_t> types;
  std::vector<std::vector<std::optional<std::string>>> rows;
  std::optional<pg_error> error;  // a translation error or a function's error
  std::string untranslated;       // set when the translator left the statement
};

class translated_query_harness {
public:
  translated_query_harness();
  ~translated_query_harness();
  translated_query_harness(const translated_query_harness&) = delete;
  translated_query_harness& operator=(const translated_query_harness&) = delete;

  // Inserts a row into `t`, each value PostgreSQL's text (nullopt: NULL).
  void insert(const std::vector<std::optional<std::string>>& values);
  query_answer run(const std::string& sql);
  // The single value of a one-row, one-column answer ("NULL" for NULL, "ERROR <state>:
  // <message>" for an error, "UNTRANSLATED: <what>" when not translated).
  std::string value(const std::string& sql);

  session_information session;
  type_settings settings;
  // As a session's statements: what is not translated is refused (0A000 / 42883).
  bool refuse_untranslated = false;

private:
  std::optional<sqlite_connection> connection_;  // with the type layer's collations
  sqlite3* db_ = nullptr;
};

}  // namespace tributary::testing
