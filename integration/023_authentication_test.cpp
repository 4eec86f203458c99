// 023_authentication: roles, pg_hba.conf and the password exchange, each checked
// against PostgreSQL 15 (the fixture's publisher, used as a plain server): the same
// role statements give the same answers, the same pg_hba.conf lets the same
// clients in and refuses the others with the same words.
#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sqlite3.h>
#include <sys/socket.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "integration/differential_test.hpp"
#include "integration/wait_until.hpp"
#include "tests/frontend_test_client.hpp"

namespace tributary::integration {
namespace {

using tributary::testing::backend_message;
using tributary::testing::test_client;
using namespace std::chrono_literals;

std::unique_ptr<test_client> tcp_connect(int port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  timeval wait{10, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  return std::make_unique<test_client>(fd);
}

// What a server answers a login: "OK" or the FATAL's primary message as libpq shows it.
std::string login(const std::string& conninfo) {
  auto c = connect_with(conninfo);
  if (PQstatus(c.get()) == CONNECTION_OK)
    return "OK";
  std::string text = PQerrorMessage(c.get());
  // Without the server's address: "connection to server at ..., port N failed: ".
  if (auto at = text.rfind("failed: "); at != std::string::npos)
    text = text.substr(at + 8);
  if (auto at = text.find("FATAL:  "); at != std::string::npos)
    text = text.substr(at + 8);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
    text.pop_back();
  return text;
}

class Authentication : public DifferentialTest {
protected:
  std::string mine(const std::string& user, const std::string& password = "") {
    return login(subscriber_.conninfo() + " user=" + user + (password.empty() ? "" : " password=" + password));
  }
  std::string theirs(const std::string& user, const std::string& password = "") {
    return login(publisher_.conninfo() + " user=" + user + (password.empty() ? "" : " password=" + password));
  }

  // The same rules on both servers (each keeps its fixture's superuser trusted),
  // reloaded with pg_reload_conf(); a "reject" line for a fresh probe role shows
  // when each server has the new rules.
  void set_hba(const std::string& rules) {
    const std::string probe = "probe" + std::to_string(++reloads_);
    const std::string text = "host all " + probe + " 127.0.0.1/32 reject\n" + rules;
    write_file(subscriber_.data_dir() / "pg_hba.conf", "host all " + subscriber_.user() + " 127.0.0.1/32 trust\n" + text);
    write_file(publisher_.data_dir() / "pg_hba.conf", "host all postgres 127.0.0.1/32 trust\n" + text);
    local_exec("SELECT pg_reload_conf()");
    publisher_.exec("SELECT pg_reload_conf()");
    const std::string rejected = "pg_hba.conf rejects connection for host \"127.0.0.1\", user \"" + probe +
                                 "\", database \"postgres\", no encryption";
    ASSERT_TRUE(wait_until([&] { return mine(probe) == rejected && theirs(probe) == rejected; }, 10s))
        << mine(probe) << " / " << theirs(probe);
  }

  // Runs SQL on both servers (it must succeed on both).
  void both(const std::string& sql) {
    local_exec(sql);
    publisher_.exec(sql);
  }

  static void write_file(const std::filesystem::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::trunc);
    out << text;
    ASSERT_TRUE(out.good()) << file;
  }

  // rolpassword as global.db stores it.
  std::string stored_password(const std::string& role) {
    sqlite3* db = nullptr;
    EXPECT_EQ(sqlite3_open_v2((subscriber_.data_dir() / "global.db").c_str(), &db, SQLITE_OPEN_READONLY, nullptr),
              SQLITE_OK);
    sqlite3_busy_timeout(db, 10000);
    sqlite3_stmt* q = nullptr;
    sqlite3_prepare_v2(db, "SELECT coalesce(rolpassword, 'NULL') FROM pg_authid WHERE rolname = ?1", -1, &q, nullptr);
    sqlite3_bind_text(q, 1, role.c_str(), -1, SQLITE_TRANSIENT);
    std::string out = sqlite3_step(q) == SQLITE_ROW ? reinterpret_cast<const char*>(sqlite3_column_text(q, 0)) : "";
    sqlite3_finalize(q);
    sqlite3_close(db);
    return out;
  }

  // The ErrorResponse fields of a `password`-method login with a wrong password.
  static std::map<char, std::string> wrong_cleartext_password(int port, const std::string& user) {
    auto client = tcp_connect(port);
    client->send_startup({{"user", user}, {"database", "postgres"}});
    auto request = client->read();
    EXPECT_EQ(request.type, 'R');
    EXPECT_EQ(request.i32_at(0), 3) << "AuthenticationCleartextPassword";
    client->send('p', test_client::cstr("not the password"));
    auto error = client->read();
    EXPECT_EQ(error.type, 'E');
    return error.fields();
  }

  int reloads_ = 0;
};

TEST_F(Authentication, RoleStatementsAnswerAsPostgres) {
  expect_same_answers({
      "CREATE ROLE alice LOGIN PASSWORD 'alice pw'",
      "CREATE ROLE alice",
      "CREATE USER bob CREATEDB CONNECTION LIMIT 3",
      "ALTER ROLE bob NOCREATEDB NOLOGIN",
      "ALTER ROLE nobody LOGIN",
      "DROP ROLE nobody",
      "CREATE ROLE pg_mine",
      "CREATE ROLE carol CONNECTION LIMIT -2",
      "CREATE ROLE carol LOGIN NOLOGIN",
      "CREATE ROLE carol LOGIN CREATEROLE PASSWORD ''",
      "ALTER ROLE bob RENAME TO robert",
      "ALTER ROLE robert RENAME TO alice",
      "DROP ROLE IF EXISTS nobody, robert",
  });
  // A non-superuser: only CREATEROLE lets it create, alter and drop roles.
  both("CREATE ROLE dave LOGIN");
  both("CREATE ROLE admin SUPERUSER");
  pg_connection dave_mine = connect_with(subscriber_.conninfo() + " user=dave");
  pg_connection dave_theirs = connect_with(publisher_.conninfo() + " user=dave");
  pg_connection carol_mine = connect_with(subscriber_.conninfo() + " user=carol");
  pg_connection carol_theirs = connect_with(publisher_.conninfo() + " user=carol");
  for (auto* c : {dave_mine.get(), dave_theirs.get(), carol_mine.get(), carol_theirs.get()})
    ASSERT_EQ(PQstatus(c), CONNECTION_OK) << PQerrorMessage(c);
  auto same = [](PGconn* a, PGconn* b, const std::string& sql) {
    auto x = exec(a, sql), y = exec(b, sql);
    EXPECT_EQ(sqlstate_of(x.get()), sqlstate_of(y.get())) << sql;
    EXPECT_EQ(std::string(PQresultErrorMessage(x.get())), std::string(PQresultErrorMessage(y.get()))) << sql;
  };
  for (const char* sql : {"CREATE ROLE eve", "DROP ROLE alice", "ALTER ROLE alice CREATEDB",
                          "ALTER ROLE dave CREATEDB", "ALTER ROLE dave PASSWORD 'mine'", "ALTER ROLE alice RENAME TO x"})
    same(dave_mine.get(), dave_theirs.get(), sql);
  for (const char* sql : {"CREATE ROLE eve", "CREATE ROLE su SUPERUSER", "CREATE ROLE re REPLICATION",
                          "ALTER ROLE eve CREATEDB", "DROP ROLE carol", "DROP ROLE eve", "DROP ROLE admin"})
    same(carol_mine.get(), carol_theirs.get(), sql);

  // Passwords are stored as SCRAM-SHA-256 verifiers, never in clear.
  local_exec("CREATE ROLE frank LOGIN PASSWORD 'correct horse'");
  const std::string stored = stored_password("frank");
  EXPECT_EQ(stored.rfind("SCRAM-SHA-256$4096:", 0), 0u) << stored;
  EXPECT_EQ(stored.find("correct horse"), std::string::npos);
  // A verifier given as the password is kept as it is (pg_dumpall's output works).
  local_exec("CREATE ROLE copied LOGIN PASSWORD '" + stored + "'");
  EXPECT_EQ(stored_password("copied"), stored);
  local_exec("ALTER ROLE frank PASSWORD NULL");
  EXPECT_EQ(stored_password("frank"), "NULL");
  EXPECT_EQ(subscriber_.log_text().find("correct horse"), std::string::npos) << "no password in the log";
}

TEST_F(Authentication, EachMethodAcceptsTheRightPasswordAndRefusesAWrongOne) {
  for (const char* role : {"t_trust", "t_reject", "t_scram", "t_md5", "t_password", "t_nopass"})
    both(std::string("CREATE ROLE ") + role + " LOGIN" +
         (std::string(role) == "t_nopass" ? "" : std::string(" PASSWORD 'pw of ") + role + "'"));
  ASSERT_NO_FATAL_FAILURE(set_hba(
      "host all t_trust    127.0.0.1/32 trust\n"
      "host all t_reject   127.0.0.1/32 reject\n"
      "host all t_scram    127.0.0.1/32 scram-sha-256\n"
      "host all t_md5      127.0.0.1/32 md5\n"
      "host all t_password 127.0.0.1/32 password\n"
      "host all t_nopass   127.0.0.1/32 scram-sha-256\n"
      "host all ghost      127.0.0.1/32 scram-sha-256\n"));
  for (const char* role : {"t_trust", "t_scram", "t_md5", "t_password"}) {
    const std::string right = std::string("'pw of ") + role + "'";
    EXPECT_EQ(mine(role, right), "OK") << role;
    EXPECT_EQ(theirs(role, right), "OK") << role;
  }
  for (const char* role : {"t_reject", "t_scram", "t_md5", "t_password", "t_nopass", "ghost", "nobody_listed"}) {
    const std::string answer = theirs(role, "wrong");
    EXPECT_NE(answer, "OK") << role;
    EXPECT_EQ(mine(role, "wrong"), answer) << role;
  }
  EXPECT_EQ(mine("t_scram", "wrong"), "password authentication failed for user \"t_scram\"");
  // The SQLSTATE, which libpq keeps to itself: 28P01 on both.
  auto fields = wrong_cleartext_password(subscriber_.port(), "t_password");
  auto expected = wrong_cleartext_password(publisher_.port(), "t_password");
  EXPECT_EQ(fields['C'], "28P01");
  EXPECT_EQ(fields['C'], expected['C']);
  EXPECT_EQ(fields['M'], expected['M']);
  EXPECT_EQ(fields['S'], "FATAL");
  // The log says why, as PostgreSQL's DETAIL; the client is not told.
  EXPECT_TRUE(wait_until([&] {
    return subscriber_.log_text().find("Connection matched pg_hba.conf line") != std::string::npos;
  }, 10s)) << subscriber_.log_text();
  EXPECT_NE(subscriber_.log_text().find("User \"t_nopass\" has no password assigned."), std::string::npos);
  EXPECT_NE(subscriber_.log_text().find("Role \"ghost\" does not exist."), std::string::npos);
  // Passwords sent in clear (right or wrong) and those of CREATE ROLE never reach the log.
  for (const char* secret : {"not the password", "pw of t_password", "pw of t_scram"})
    EXPECT_EQ(subscriber_.log_text().find(secret), std::string::npos) << secret;
}

TEST_F(Authentication, AnExpiredPasswordAndAConnectionLimitRefuseLoginsAsPostgres) {
  both("CREATE ROLE expired LOGIN PASSWORD 'pw' VALID UNTIL '2001-01-01 00:00:00+00'");
  both("CREATE ROLE limited LOGIN PASSWORD 'pw' VALID UNTIL 'infinity' CONNECTION LIMIT 1");
  ASSERT_NO_FATAL_FAILURE(set_hba("host all expired 127.0.0.1/32 scram-sha-256\n"
                                  "host all limited 127.0.0.1/32 password\n"));
  EXPECT_EQ(mine("expired", "pw"), "password authentication failed for user \"expired\"");
  EXPECT_EQ(mine("expired", "pw"), theirs("expired", "pw"));
  EXPECT_TRUE(wait_until([&] {
    return subscriber_.log_text().find("User \"expired\" has an expired password.") != std::string::npos;
  }, 10s)) << subscriber_.log_text();
  // One session of `limited` on each server: the second login is refused.
  pg_connection held_mine = connect_with(subscriber_.conninfo() + " user=limited password=pw");
  pg_connection held_theirs = connect_with(publisher_.conninfo() + " user=limited password=pw");
  ASSERT_EQ(PQstatus(held_mine.get()), CONNECTION_OK) << PQerrorMessage(held_mine.get());
  ASSERT_EQ(PQstatus(held_theirs.get()), CONNECTION_OK) << PQerrorMessage(held_theirs.get());
  EXPECT_EQ(mine("limited", "pw"), "too many connections for role \"limited\"");
  EXPECT_EQ(mine("limited", "pw"), theirs("limited", "pw"));
  // Superusers are not limited; and once the session ends, the role logs in again.
  local_exec("ALTER ROLE limited VALID UNTIL '2001-01-01 00:00:00+00'");
  held_mine.reset();
  EXPECT_TRUE(wait_until([&] { return mine("limited", "pw") != "too many connections for role \"limited\""; }, 10s));
  EXPECT_EQ(mine("limited", "pw"), "password authentication failed for user \"limited\"");
}

TEST_F(Authentication, LocalLinesApplyToUnixSocketConnectionsOnly) {
  both("CREATE ROLE sock LOGIN");
  ASSERT_NO_FATAL_FAILURE(set_hba("local all sock reject\nhost all sock 127.0.0.1/32 trust\n"));
  const std::string mine_local = "host=/tmp port=" + std::to_string(subscriber_.port()) + " dbname=postgres user=sock";
  const std::string theirs_local =
      "host=" + publisher_.socket_dir().string() + " port=" + std::to_string(publisher_.port()) + " dbname=postgres user=sock";
  EXPECT_EQ(login(mine_local),
            "pg_hba.conf rejects connection for host \"[local]\", user \"sock\", database \"postgres\", no encryption");
  EXPECT_EQ(login(mine_local), login(theirs_local));
  EXPECT_EQ(mine("sock"), "OK") << "over TCP the host line applies";
}

TEST_F(Authentication, RulesMatchDatabaseUserAndAddress) {
  both("CREATE ROLE r1 LOGIN PASSWORD 'pw'");
  both("CREATE DATABASE other");
  ASSERT_NO_FATAL_FAILURE(set_hba(
      "host other    r1 127.0.0.1/32 reject\n"
      "host postgres r1 10.0.0.0/8   trust\n"
      "host postgres r1 127.0.0.0 255.0.0.0 password\n"));
  EXPECT_EQ(login(subscriber_.conninfo("other") + " user=r1"), login(publisher_.conninfo("other") + " user=r1"));
  EXPECT_EQ(mine("r1", "pw"), "OK");
  EXPECT_EQ(mine("r1"), theirs("r1"));
  // A reload with a broken file keeps the rules in force.
  write_file(subscriber_.data_dir() / "pg_hba.conf", "hots all all all trust\n");
  local_exec("SELECT pg_reload_conf()");
  EXPECT_TRUE(wait_until([&] {
    return subscriber_.log_text().find("pg_hba.conf was not reloaded") != std::string::npos;
  }, 10s)) << subscriber_.log_text();
  EXPECT_NE(subscriber_.log_text().find("invalid connection type \"hots\""), std::string::npos);
  EXPECT_EQ(mine("r1", "pw"), "OK");
  EXPECT_EQ(mine(subscriber_.user()), "OK");
  // Only superusers may reload (PostgreSQL revokes pg_reload_conf from PUBLIC).
  both("CREATE ROLE plain LOGIN");
  ASSERT_NO_FATAL_FAILURE(set_hba("host all plain 127.0.0.1/32 trust\n"));
  pg_connection plain_mine = connect_with(subscriber_.conninfo() + " user=plain");
  pg_connection plain_theirs = connect_with(publisher_.conninfo() + " user=plain");
  auto x = exec(plain_mine.get(), "SELECT pg_reload_conf()");
  auto y = exec(plain_theirs.get(), "SELECT pg_reload_conf()");
  EXPECT_EQ(sqlstate_of(x.get()), "42501");
  EXPECT_EQ(std::string(PQresultErrorMessage(x.get())), std::string(PQresultErrorMessage(y.get())));
}

TEST_F(Authentication, ARoleThatOwnsASubscriptionCannotBeDropped) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  local_exec("CREATE ROLE owner_role LOGIN SUPERUSER");
  pg_connection owner = connect_with(subscriber_.conninfo() + " user=owner_role");
  ASSERT_EQ(PQstatus(owner.get()), CONNECTION_OK);
  auto created = exec(owner.get(), "CREATE SUBSCRIPTION s CONNECTION '" + publisher_conninfo() +
                                       "' PUBLICATION pub WITH (connect = false)");
  ASSERT_TRUE(succeeded(created.get())) << PQresultErrorMessage(created.get());
  owner.reset();
  auto dropped = local_try("DROP ROLE owner_role");
  EXPECT_EQ(sqlstate_of(dropped.get()), "2BP01");
  EXPECT_EQ(std::string(PQresultErrorField(dropped.get(), PG_DIAG_MESSAGE_PRIMARY)),
            "role \"owner_role\" cannot be dropped because some objects depend on it");
  EXPECT_EQ(std::string(PQresultErrorField(dropped.get(), PG_DIAG_MESSAGE_DETAIL)), "owner of subscription s");
  local_exec("ALTER SUBSCRIPTION s OWNER TO " + subscriber_.user());
  local_exec("DROP ROLE owner_role");
}

TEST_F(Authentication, APublisherPasswordReachesNoErrorNoLogAndTheDataFilesAreTheOwners) {
  const std::string secret = "Publisher-Secret-7781";
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  // A connection that fails at once: the client's error does not repeat the password.
  auto refused = local_try("CREATE SUBSCRIPTION bad CONNECTION '" + publisher_conninfo() +
                           " dbname=no_such_db password=" + secret + "' PUBLICATION pub");
  ASSERT_EQ(PQresultStatus(refused.get()), PGRES_FATAL_ERROR);
  EXPECT_EQ(std::string(PQresultErrorMessage(refused.get())).find(secret), std::string::npos)
      << PQresultErrorMessage(refused.get());
  // A worker that keeps failing to connect logs why, never with the password.
  local_exec("CREATE SUBSCRIPTION later CONNECTION '" + publisher_conninfo() + " dbname=no_such_db password=" +
             secret + "' PUBLICATION pub WITH (connect = false)");
  local_exec("ALTER SUBSCRIPTION later ENABLE");
  EXPECT_TRUE(wait_until([&] { return subscriber_.log_text().find("no_such_db") != std::string::npos; }, 10s))
      << subscriber_.log_text();
  EXPECT_EQ(subscriber_.log_text().find(secret), std::string::npos) << subscriber_.log_text();
  local_exec("ALTER SUBSCRIPTION later DISABLE");
  local_exec("ALTER SUBSCRIPTION later SET (slot_name = NONE)");
  local_exec("DROP SUBSCRIPTION later");

  // A working subscription writes databases, their WAL and the spool: every file is
  // 0600 and every directory 0700, as PostgreSQL's data directory.
  publisher_.exec("INSERT INTO t SELECT generate_series(1, 10)");
  local_exec("CREATE SUBSCRIPTION good CONNECTION '" + publisher_conninfo() + "' PUBLICATION pub");
  ASSERT_TRUE(wait_until([&] { return local_rows("SELECT count(*) FROM t") == std::vector<std::string>{"10"}; }, 20s));
  int checked = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(subscriber_.data_dir())) {
    const auto mode = entry.status().permissions();
    EXPECT_EQ(mode & (std::filesystem::perms::group_all | std::filesystem::perms::others_all),
              std::filesystem::perms::none)
        << entry.path();
    ++checked;
  }
  EXPECT_GT(checked, 4);
  local_exec("DROP SUBSCRIPTION good");
}

TEST_F(Authentication, OnlySuperusersReadTheSubscriptionConnectionString) {
  const std::string create = "CREATE SUBSCRIPTION s CONNECTION 'host=127.0.0.1 port=1 user=u password=hidden dbname=d' "
                             "PUBLICATION pub WITH (connect = false, enabled = false, create_slot = false, slot_name = NONE)";
  both(create);
  both("CREATE ROLE plain LOGIN");
  pg_connection plain_mine = connect_with(subscriber_.conninfo() + " user=plain");
  pg_connection plain_theirs = connect_with(publisher_.conninfo() + " user=plain");
  for (const char* sql : {"SELECT subname FROM pg_subscription", "SELECT subconninfo FROM pg_subscription",
                          "SELECT * FROM pg_subscription", "SELECT count(*) FROM pg_subscription WHERE subconninfo LIKE '%hidden%'"}) {
    auto x = exec(plain_mine.get(), sql), y = exec(plain_theirs.get(), sql);
    EXPECT_EQ(sqlstate_of(x.get()), sqlstate_of(y.get())) << sql;
    EXPECT_EQ(std::string(PQresultErrorMessage(x.get())), std::string(PQresultErrorMessage(y.get()))) << sql;
    if (succeeded(y.get()))
      EXPECT_EQ(rows_of(x.get()), rows_of(y.get())) << sql;
  }
  EXPECT_EQ(local_value("SELECT subconninfo FROM pg_subscription"), "host=127.0.0.1 port=1 user=u password=hidden dbname=d")
      << "a superuser reads it";
  // The owner may still alter its subscription (Tributary reads the column itself).
  local_exec("ALTER SUBSCRIPTION s OWNER TO plain");
  auto renamed = exec(plain_mine.get(), "ALTER SUBSCRIPTION s RENAME TO s2");
  EXPECT_TRUE(succeeded(renamed.get())) << PQresultErrorMessage(renamed.get());
  publisher_.exec("ALTER SUBSCRIPTION s DISABLE");
  publisher_.exec("DROP SUBSCRIPTION s");
}

// Seeded garbage in the startup and SCRAM exchange: random, truncated and oversized
// packets; the server keeps serving.
TEST_F(Authentication, FuzzedAuthenticationExchangesLeaveTheServerServing) {
  local_exec("CREATE ROLE fuzz LOGIN PASSWORD 'pw'");
  ASSERT_NO_FATAL_FAILURE(set_hba("host all fuzz 127.0.0.1/32 scram-sha-256\n"));
  std::mt19937 random(2313);
  auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  auto bytes = [&](size_t n) {
    std::string s(n, '\0');
    for (auto& c : s)
      c = static_cast<char>(random());
    return s;
  };
  const auto deadline = std::chrono::steady_clock::now() + 15s;
  int exchanges = 0;
  while (exchanges < 400 && std::chrono::steady_clock::now() < deadline) {
    auto client = tcp_connect(subscriber_.port());
    timeval short_wait{2, 0};
    setsockopt(client->fd(), SOL_SOCKET, SO_RCVTIMEO, &short_wait, sizeof short_wait);
    switch (pick(4)) {
      case 0: {  // a random or oversized startup packet
        const std::string body = bytes(static_cast<size_t>(pick(100)));
        const uint32_t length = pick(2) ? static_cast<uint32_t>(random()) : static_cast<uint32_t>(body.size() + 4);
        client->send_raw(test_client::be32(static_cast<int32_t>(length)) + body);
        break;
      }
      default: {  // a login as fuzz, then a damaged SASL exchange
        client->send_startup({{"user", "fuzz"}, {"database", "postgres"}});
        std::string initial = "SCRAM-SHA-256" + std::string(1, '\0');
        std::string first = pick(2) ? "n,,n=,r=" + bytes(static_cast<size_t>(pick(30))) : bytes(static_cast<size_t>(pick(60)));
        initial += test_client::be32(pick(3) == 0 ? static_cast<int32_t>(random()) : static_cast<int32_t>(first.size())) + first;
        if (pick(3) == 0)
          initial = bytes(static_cast<size_t>(pick(80)));
        std::string message = std::string(1, 'p') +
                              test_client::be32(pick(4) == 0 ? static_cast<int32_t>(random())
                                                             : static_cast<int32_t>(initial.size() + 4)) +
                              initial;
        if (pick(3) == 0)
          message.resize(static_cast<size_t>(pick(static_cast<int>(message.size()) + 1)));  // truncated
        client->send_raw(message);
        if (pick(2))
          client->send_raw("p" + test_client::be32(static_cast<int32_t>(random())) + bytes(static_cast<size_t>(pick(50))));
        break;
      }
    }
    ::shutdown(client->fd(), SHUT_WR);
    while (client->read().type != 0) {
    }
    ++exchanges;
  }
  EXPECT_GT(exchanges, 50);
  EXPECT_EQ(mine("fuzz", "pw"), "OK");
  EXPECT_EQ(mine(subscriber_.user()), "OK");
}

}  // namespace
}  // namespace tributary::integration
