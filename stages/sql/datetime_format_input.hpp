// datetime_format_input: the fields to_timestamp(text, pattern) and to_date(text,
// pattern) read, as PostgreSQL 15's from_char reads them (formatting.c), for the
// common patterns: YYYY, YY (two digits near 2020), MM, DD, HH24, HH12 / HH (with AM / PM / am / pm), MI, SS, MS, US, Mon / MON / mon (month
// abbreviations), Month / MONTH / month (month names), FM prefixes, "quoted text"
// (skipped: as many characters) and separators (a space or non-alphanumeric
// character matches one such character of the input, or none).
//
// A numeric field followed by a separator or a letter field (or at the end) takes
// every digit there (strtol: a sign and leading blanks too); one followed by another
// numeric field takes exactly its width (YYYY 4, others 2, MS 3, US 6). MS / US read
// as fractions: '5' in MS is 500 ms. Input left after the pattern is ignored.
//
// datetime_format_supported says whether every letter of the pattern is one of the
// keywords above and YYYY or YY is there (the translator leaves other patterns
// untranslated). read_datetime_format fails with PostgreSQL's errors: 22007 invalid
// value "x" for "MM" (with DETAIL), source string too short, 22008 value for "DD"
// in source string is out of range, hour "13" is invalid for the 12-hour clock,
// date/time field value out of range: "2024-02-30". Pure.
#pragma once

#include <cstdint>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

struct datetime_format_fields {
  int64_t year = 0;  // astronomical (0 = 1 BC)
  int month = 1, day = 1;
  int hour = 0, minute = 0, second = 0;
  int64_t microsecond = 0;
};

bool datetime_format_supported(std::string_view pattern);
result<datetime_format_fields, pg_error> read_datetime_format(std::string_view input, std::string_view pattern);

}  // namespace tributary
