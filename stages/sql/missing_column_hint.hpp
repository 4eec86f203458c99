// missing_column_hint: PostgreSQL 15's HINT for a column reference that no FROM item
// has (parse_relation.c: errorMissingColumn over searchRangeTableForCol). Pure.
//
// Every range table entry of the query level and of the levels around it (innermost
// first; a join's own entry is left out) is searched for the columns whose names are
// closest to the one written, by Levenshtein distance over characters (insert,
// delete, substitute: 1 each). A reference qualified by a name that is not the entry's
// alias adds the distance between the two names (at most 4 counts) to its columns'.
// A candidate is dropped when its distance exceeds half the written name's bytes or
// is 4 or more. The closest one is suggested; two at the same distance both; a
// third at that distance (or one of equal distance in a later entry after two)
// drops them all and lowers the bar below that distance:
//
//   SELECT nmae FROM t           HINT  Perhaps you meant to reference the column "t.name".
//   SELECT idd FROM a, b         HINT  Perhaps you meant to reference the column "a.id" or the column "b.id".
//   SELECT x FROM t              (no HINT)
//
// A column of the written name in an entry the reference cannot see (qualified by
// its exact alias) is "There is a column named "c" in table "t", but it cannot be
// referenced from this part of the query."
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tributary {

struct hint_relation {
  std::string alias;                 // the entry's name (its alias, or the table's name)
  std::vector<std::string> columns;  // its column names, in order
};

// `levels`: the range tables, the reference's own level first, then each outer one.
// `qualifier`: the reference's table name ("" for a plain column). "" when there is
// no HINT to give.
std::string missing_column_hint(const std::vector<std::vector<hint_relation>>& levels,
                                 const std::string& qualifier, const std::string& column);

// Levenshtein distance between two UTF-8 strings, counted in characters.
int levenshtein_distance(std::string_view a, std::string_view b);

}  // namespace tributary
