// differential_test: the fixture of the differential suites (006_types_ddl,
// 006_types_checks, 006_sequences): the same statements run on the publisher
// (used here as a plain PostgreSQL 15 server) and on Tributary, and each answer
// must be the same — the rows as printed, or the SQLSTATE, message, DETAIL and
// HINT of the error (and, when asked, its position), and the command tag.
#pragma once

#include <string>
#include <vector>

#include "integration/replication_fixture.hpp"

namespace tributary::integration {

class DifferentialTest : public ReplicationTest {
protected:
  // with_position: the error's cursor position (PG_DIAG_STATEMENT_POSITION) too.
  void expect_same_answers(const std::vector<std::string>& statements, bool with_position = false) {
    auto publisher = publisher_.connect();
    for (const auto& sql : statements) {
      auto mine = local_try(sql);
      auto theirs = exec(publisher.get(), sql);
      for (int field : {PG_DIAG_SQLSTATE, PG_DIAG_MESSAGE_PRIMARY, PG_DIAG_MESSAGE_DETAIL,
                        PG_DIAG_MESSAGE_HINT, with_position ? PG_DIAG_STATEMENT_POSITION : PG_DIAG_SQLSTATE}) {
        const char* a = PQresultErrorField(mine.get(), field);
        const char* b = PQresultErrorField(theirs.get(), field);
        EXPECT_EQ(std::string(a ? a : "<none>"), std::string(b ? b : "<none>"))
            << sql << " (field " << char(field) << ")";
      }
      EXPECT_EQ(std::string(PQcmdStatus(mine.get())), std::string(PQcmdStatus(theirs.get()))) << sql;
      if (PQresultStatus(theirs.get()) == PGRES_TUPLES_OK)
        EXPECT_EQ(rows_of(mine.get()), rows_of(theirs.get())) << sql;
    }
  }
};

}  // namespace tributary::integration
