// database_options: the options of CREATE DATABASE and ALTER DATABASE from
// libpg_query's DefElem list, read as PostgreSQL 15's createdb() and
// AlterDatabase() read them.
//
//   CREATE DATABASE d [WITH] [OWNER r] [TEMPLATE t] [ENCODING e] [LOCALE l]
//       [LC_COLLATE c] [LC_CTYPE c] [ICU_LOCALE l] [LOCALE_PROVIDER p]
//       [COLLATION_VERSION v] [STRATEGY s] [TABLESPACE t] [OID n]
//       [ALLOW_CONNECTIONS b] [CONNECTION LIMIT n] [IS_TEMPLATE b]
//   ALTER DATABASE d [WITH] [ALLOW_CONNECTIONS b] [CONNECTION LIMIT n]
//       [IS_TEMPLATE b] | SET TABLESPACE t
//
// Errors as PostgreSQL's: an option twice, 42601 "conflicting or redundant
// options"; a name the statement does not take, 42601 "option "x" not
// recognized"; a limit that is not an integer, 42601 "connection_limit requires
// an integer value", below -1, 22023 "invalid connection limit: -2"; a flag that
// is not a Boolean, 42601 "allow_connections requires a Boolean value".
// Only the connection limit, datallowconn, the owner and whether TABLESPACE /
// IS_TEMPLATE were given are kept; the other CREATE options are checked for
// repetition only (a database file has no encoding, locale or template).
// Pure; no I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

struct database_options {
  std::optional<std::string> owner;         // CREATE: OWNER r
  std::optional<int64_t> connection_limit;  // CONNECTION LIMIT n (DEFAULT: -1)
  std::optional<bool> allow_connections;    // ALLOW_CONNECTIONS b
  bool is_template_given = false;           // IS_TEMPLATE
  bool tablespace_given = false;            // TABLESPACE / SET TABLESPACE
};

enum class database_statement { create, alter };

// `statement_text` is the statement as written: libpg_query's JSON drops an
// Integer's value when it is 0 or negative, so CONNECTION LIMIT -2 is read
// again from the text.
result<database_options, pg_error> parse_database_options(const nlohmann::json& options, database_statement which,
                                                          std::string_view statement_text);

}  // namespace tributary
