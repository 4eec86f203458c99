// copy_statement: PostgreSQL's COPY statement read from its parse tree, with
// its options checked as PostgreSQL's ProcessCopyOptions checks them.
//
// Input: the CopyStmt node's fields (libpg_query) and the statement's text (for
// the text of `COPY (query) TO`), `position_base` = the statement's offset in the
// query string (error positions are 1-based characters in the whole string).
// Output: what to copy (a table and its columns, or a query), the direction, the
// format (text, csv, binary) and its options; or PostgreSQL's error:
//   42601 option "x" not recognized / conflicting or redundant options (with
//         the option's position), 22023 COPY format "x" not recognized,
//   0A000 COPY delimiter must be a single one-byte character, ... only in CSV
//         mode, cannot specify ... in BINARY mode, ...
// A file instead of STDIN/STDOUT is named in `file` (the server decides who may);
// PROGRAM and HEADER MATCH are refused with 0A000. Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/pipeline/copy_format.hpp"

namespace tributary {

struct copy_statement {
  bool from = false;                 // COPY ... FROM (else TO)
  std::optional<std::string> file;   // a server file instead of STDIN / STDOUT
  std::string table;                 // the local table (the router rewrote schema.t)
  std::vector<std::string> columns;  // as listed; empty: all, in order
  std::optional<std::string> query;  // COPY (query) TO STDOUT: the query's text
  copy_format format = copy_format::text;
  copy_text_options options;         // delimiter, NULL, quote, escape, header
  bool force_quote_all = false;      // FORCE_QUOTE *
  std::vector<std::string> force_quote;     // column names (COPY TO, CSV)
  std::vector<std::string> force_not_null;  // column names (COPY FROM, CSV)
  std::vector<std::string> force_null;      // column names (COPY FROM, CSV)
};

result<copy_statement, pg_error> read_copy_statement(const nlohmann::json& fields,
                                                     std::string_view statement_text,
                                                     int position_base = 0);

}  // namespace tributary
