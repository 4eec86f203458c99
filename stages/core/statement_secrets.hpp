// statement_secrets: a statement's text as the server log may show it, without
// the passwords it carries (issue #13: "the password never appears in the log").
//
// PostgreSQL logs a failed statement whole (STATEMENT: under log_min_error_statement),
// so `CREATE SUBSCRIPTION ... CONNECTION '... password=s3cret'` or `ALTER ROLE r
// PASSWORD 's3cret'` would put the secret in the log. Tributary masks it, and only
// it, keeping the rest of the statement as written:
//
//   password=VALUE, sslpassword=VALUE in a       password=********
//     connection string
//     (VALUE up to a space or the literal's end; a quoted ''VALUE'' whole)
//   PASSWORD 'literal' or E'literal' (ROLE)       PASSWORD '********'
//   postgres[ql]://user:VALUE@host                 postgresql://user:********@host
//
// Matching is by words, case-insensitive, with no SQL parse: a statement that does
// not parse is masked too. A pure function; nothing is kept.
#pragma once

#include <string>
#include <string_view>

namespace tributary {

inline constexpr std::string_view masked_secret = "********";

std::string without_secrets(std::string_view statement);

}  // namespace tributary
