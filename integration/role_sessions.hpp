// role_sessions: one role's session on Tributary and on the PostgreSQL 15
// reference server side by side, for the differential role and privilege
// suites (023_*): the same statement on both, every answer compared (SQLSTATE,
// message, DETAIL, tag, rows, and the notices each sent).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "integration/differential_test.hpp"
#include "integration/pq_handles.hpp"

namespace tributary::integration {

inline void collect_notice(void* into, const PGresult* r) {
  const char* severity = PQresultErrorField(r, PG_DIAG_SEVERITY_NONLOCALIZED);
  const char* message = PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY);
  static_cast<std::vector<std::string>*>(into)->push_back(std::string(severity ? severity : "?") + ": " +
                                                           (message ? message : ""));
}

// Every row as "v1|v2|..." (NULL shown as <null>).
inline std::vector<std::string> rows_text(PGresult* r) {
  std::vector<std::string> out;
  for (int i = 0; i < PQntuples(r); ++i) {
    std::string line;
    for (int j = 0; j < PQnfields(r); ++j)
      line += (j ? "|" : "") + std::string(PQgetisnull(r, i, j) ? "<null>" : PQgetvalue(r, i, j));
    out.push_back(line);
  }
  return out;
}

// One role's session on each server.
struct session_pair {
  pg_connection mine, theirs;
  std::vector<std::string> my_notices, their_notices;

  session_pair(const std::string& mine_conninfo, const std::string& theirs_conninfo)
      : mine(connect_with(mine_conninfo)), theirs(connect_with(theirs_conninfo)) {
    EXPECT_EQ(PQstatus(mine.get()), CONNECTION_OK) << PQerrorMessage(mine.get());
    EXPECT_EQ(PQstatus(theirs.get()), CONNECTION_OK) << PQerrorMessage(theirs.get());
    PQsetNoticeReceiver(mine.get(), collect_notice, &my_notices);
    PQsetNoticeReceiver(theirs.get(), collect_notice, &their_notices);
  }

  // The same statement on both: same error fields, tag, rows and notices.
  void same(const std::string& sql) {
    my_notices.clear();
    their_notices.clear();
    auto a = exec(mine.get(), sql), b = exec(theirs.get(), sql);
    for (int field : {PG_DIAG_SQLSTATE, PG_DIAG_MESSAGE_PRIMARY, PG_DIAG_MESSAGE_DETAIL}) {
      const char* x = PQresultErrorField(a.get(), field);
      const char* y = PQresultErrorField(b.get(), field);
      EXPECT_EQ(std::string(x ? x : "<none>"), std::string(y ? y : "<none>")) << sql;
    }
    EXPECT_EQ(std::string(PQcmdStatus(a.get())), std::string(PQcmdStatus(b.get()))) << sql;
    if (PQresultStatus(b.get()) == PGRES_TUPLES_OK)
      EXPECT_EQ(rows_text(a.get()), rows_text(b.get())) << sql;
    EXPECT_EQ(my_notices, their_notices) << sql;
  }
};

// The fixture of the role suites: SQL run as superuser on both servers, and a
// session pair as a role or as each server's superuser.
class RoleDifferentialTest : public DifferentialTest {
protected:
  // Runs SQL on both servers as their superusers (it must succeed on both).
  void both(const std::string& sql) {
    local_exec(sql);
    publisher_.exec(sql);
  }
  session_pair as(const std::string& role) {
    return session_pair(subscriber_.conninfo() + " user=" + role, publisher_.conninfo() + " user=" + role);
  }
  // The same in another database of both servers.
  session_pair as_in(const std::string& role, const std::string& database) {
    return session_pair(subscriber_.conninfo(database) + " user=" + role,
                        publisher_.conninfo(database) + " user=" + role);
  }
  session_pair as_superuser() {
    return session_pair(subscriber_.conninfo(), publisher_.conninfo() + " user=postgres");
  }
};

}  // namespace tributary::integration
