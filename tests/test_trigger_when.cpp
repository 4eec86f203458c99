// trigger_when: a WHEN comparing whole rows made into row constructors the query
// translator covers (PostgreSQL's record comparison, column by column).
#include <gtest/gtest.h>

#include "stages/sql/trigger_when.hpp"
#include "stages/types/pg_type_oids.hpp"

namespace tributary {
namespace {

std::vector<column_definition> table() {
  column_definition id, name;
  id.name = "id";
  id.type = builtin_column_type(pg_type_oid::int4);
  name.name = "Name";
  name.type = builtin_column_type(pg_type_oid::text);
  return {id, name};
}

TEST(TriggerWhen, WholeRowsComparedAreRowConstructors) {
  EXPECT_EQ(expand_whole_row_comparisons("OLD.* IS DISTINCT FROM NEW.*", table()),
            "ROW(OLD.\"id\", OLD.\"Name\") IS DISTINCT FROM ROW(NEW.\"id\", NEW.\"Name\")");
  EXPECT_EQ(expand_whole_row_comparisons("new IS NOT DISTINCT FROM old AND NEW.id > 1", table()),
            "ROW(NEW.\"id\", NEW.\"Name\") IS NOT DISTINCT FROM ROW(OLD.\"id\", OLD.\"Name\") AND NEW.id > 1");
  EXPECT_EQ(expand_whole_row_comparisons("(old . * IS DISTINCT FROM new.*) OR NEW.id IS NULL", table()),
            "(ROW(OLD.\"id\", OLD.\"Name\") IS DISTINCT FROM ROW(NEW.\"id\", NEW.\"Name\")) OR NEW.id IS NULL");
}

TEST(TriggerWhen, EqualityOfWholeRowsIsNotDistinctFrom) {
  EXPECT_EQ(expand_whole_row_comparisons("OLD.* = NEW.*", table()),
            "ROW(OLD.\"id\", OLD.\"Name\") IS NOT DISTINCT FROM ROW(NEW.\"id\", NEW.\"Name\")");
  EXPECT_EQ(expand_whole_row_comparisons("NEW.id > 0 AND old <> new", table()),
            "NEW.id > 0 AND ROW(OLD.\"id\", OLD.\"Name\") IS DISTINCT FROM ROW(NEW.\"id\", NEW.\"Name\")");
  EXPECT_EQ(expand_whole_row_comparisons("OLD.* != NEW.*", table()),
            "ROW(OLD.\"id\", OLD.\"Name\") IS DISTINCT FROM ROW(NEW.\"id\", NEW.\"Name\")");
}

// record_cmp: column by column, a NULL after every value and equal to a NULL.
TEST(TriggerWhen, OrderingOfWholeRowsIsRecordOrder) {
  const std::string id_before = "COALESCE(OLD.\"id\" < NEW.\"id\", OLD.\"id\" IS NOT NULL AND NEW.\"id\" IS NULL)";
  const std::string id_same = "OLD.\"id\" IS NOT DISTINCT FROM NEW.\"id\"";
  const std::string name_before =
      "COALESCE(OLD.\"Name\" < NEW.\"Name\", OLD.\"Name\" IS NOT NULL AND NEW.\"Name\" IS NULL)";
  const std::string name_same = "OLD.\"Name\" IS NOT DISTINCT FROM NEW.\"Name\"";
  EXPECT_EQ(expand_whole_row_comparisons("OLD.* < NEW.*", table()),
            "TRUE = ((" + id_before + " OR (" + id_same + " AND " + name_before + ")))");
  EXPECT_EQ(expand_whole_row_comparisons("NOT old <= new", table()),
            "NOT TRUE = ((" + id_before + " OR (" + id_same + " AND (" + name_before + " OR " + name_same + "))))");
  // > is < with the sides swapped.
  EXPECT_EQ(expand_whole_row_comparisons("NEW.* > OLD.*", table()),
            "TRUE = ((" + id_before + " OR (" + id_same + " AND " + name_before + ")))");
  EXPECT_EQ(expand_whole_row_comparisons("(OLD.*) >= NEW.* AND NEW.id > 0", table()).substr(0, 25),
            "(TRUE) = ((COALESCE(NEW.\"");
}

TEST(TriggerWhen, OtherConditionsAreLeftAsWritten) {
  for (const char* when : {"OLD.id IS DISTINCT FROM NEW.id", "NEW.* IS DISTINCT FROM NEW.id",
                           "NEW.id > 0", "not valid sql ("})
    EXPECT_EQ(expand_whole_row_comparisons(when, table()), when);
}

}  // namespace
}  // namespace tributary
