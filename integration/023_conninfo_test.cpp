// 023_conninfo: CONNECTION strings as the spec lists them, on Debian's libpq 15.
//
// What libpq 15 already does is proven end to end (a host list whose first host is
// down, a service file, a password file that is too open), and what only libpq 16
// knows is provided by Tributary (load_balance_hosts, sslrootcert=system). TLS is
// tried against a publisher with ssl = on and a certificate of a CA made here with
// `openssl`: sslmode require, verify-full, and sslrootcert=system (the trust store is
// OpenSSL's default file, which SSL_CERT_FILE overrides for the server process).
#include <sys/stat.h>

#include <cstdlib>
#include <fstream>

#include "integration/process.hpp"
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;

class Conninfo : public ReplicationTest {
protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(ReplicationTest::SetUp());
    publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); INSERT INTO t VALUES (1), (2);"
                    "CREATE PUBLICATION p FOR TABLE t");
    local_exec("CREATE TABLE t (a int PRIMARY KEY)");
    auto dir = scratch_directory::create("tributary-conninfo");
    ASSERT_TRUE(dir.ok()) << dir.error();
    files_.emplace(std::move(dir.value()));
  }
  void TearDown() override {
    for (const char* name : {"PGSERVICEFILE", "PGPASSFILE", "SSL_CERT_FILE"}) ::unsetenv(name);
  }

  // CREATE SUBSCRIPTION sub with the given connection string (copy_data = true).
  pg_result create_with(const std::string& conninfo) {
    return local_try("CREATE SUBSCRIPTION sub CONNECTION '" + conninfo + "' PUBLICATION p");
  }
  void expect_replicating() {
    ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "2")) << "the initial copy";
    publisher_.exec("INSERT INTO t VALUES (3)");
    ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "3")) << "streamed changes";
  }
  std::string error_of(const pg_result& r) {
    const char* m = PQresultErrorField(r.get(), PG_DIAG_MESSAGE_PRIMARY);
    return m ? m : "<no error>";
  }
  std::string port_nobody_listens_on() {
    auto port = free_tcp_port();
    EXPECT_TRUE(port.ok());
    return std::to_string(port.ok() ? *port : 1);
  }
  std::filesystem::path write_file(const std::string& name, const std::string& text, mode_t mode) {
    auto path = files_->path() / name;
    std::ofstream(path) << text;
    ::chmod(path.c_str(), mode);
    return path;
  }
  // Environment of the server process: set, then restart the server so it has it.
  void restart_subscriber_with(const char* name, const std::string& value) {
    ::setenv(name, value.c_str(), 1);
    ASSERT_NO_FATAL_FAILURE(subscriber_.restart());
    local_ = subscriber_.connect();
  }
  // The publisher asks role alice for a SCRAM password over TCP.
  void require_password_for_alice() {
    publisher_.exec("CREATE ROLE alice LOGIN REPLICATION PASSWORD 'wonderland'; GRANT SELECT ON t TO alice");
    const auto hba = publisher_.data_dir() / "pg_hba.conf";
    std::ifstream in(hba);
    std::string rest((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::ofstream(hba, std::ios::trunc) << "host all alice 127.0.0.1/32 scram-sha-256\n"
                                        << "host replication alice 127.0.0.1/32 scram-sha-256\n"
                                        << rest;
    publisher_.exec("SELECT pg_reload_conf()");
  }

  std::optional<scratch_directory> files_;
};

TEST_F(Conninfo, AHostListWhoseFirstHostIsDownReachesTheNextOne) {
  auto r = create_with("host=127.0.0.1,127.0.0.1 port=" + port_nobody_listens_on() + "," +
                       std::to_string(publisher_.port()) + " dbname=postgres user=postgres connect_timeout=5");
  ASSERT_TRUE(succeeded(r.get())) << PQresultErrorMessage(r.get());
  expect_replicating();
}

TEST_F(Conninfo, LoadBalanceHostsRandomIsAcceptedAsLibpq16DoesAndEveryOrderConnects) {
  auto r = create_with("host=127.0.0.1,127.0.0.1 port=" + port_nobody_listens_on() + "," +
                       std::to_string(publisher_.port()) +
                       " dbname=postgres user=postgres connect_timeout=5 load_balance_hosts=random");
  ASSERT_TRUE(succeeded(r.get())) << PQresultErrorMessage(r.get());
  expect_replicating();
  EXPECT_NE(local_value("SELECT subconninfo FROM pg_subscription").find("load_balance_hosts=random"),
            std::string::npos)
      << "the connection string is kept as the user gave it";
  // Several reconnections: whichever host comes first, the live one is reached.
  for (int i = 0; i < 3; ++i) {
    local_exec("ALTER SUBSCRIPTION sub DISABLE");
    local_exec("ALTER SUBSCRIPTION sub ENABLE");
    publisher_.exec("INSERT INTO t VALUES (" + std::to_string(10 + i) + ")");
    ASSERT_TRUE(wait_local("SELECT count(*) FROM t", std::to_string(4 + i)));
  }
}

TEST_F(Conninfo, LoadBalanceHostsInAUriAndAnUnknownValueAsLibpq16Says) {
  auto r = local_try("CREATE SUBSCRIPTION bad CONNECTION '" + publisher_conninfo() +
                     " load_balance_hosts=sometimes' PUBLICATION p");
  EXPECT_EQ(error_of(r), "could not connect to the publisher: invalid load_balance_hosts value: \"sometimes\"");
  EXPECT_STREQ(PQresultErrorField(r.get(), PG_DIAG_SQLSTATE), "08006");

  r = create_with("postgresql://postgres@127.0.0.1:" + std::to_string(publisher_.port()) +
                  "/postgres?load_balance_hosts=random&connect_timeout=5");
  ASSERT_TRUE(succeeded(r.get())) << PQresultErrorMessage(r.get());
  expect_replicating();
}

TEST_F(Conninfo, AServiceFileNamesThePublisher) {
  const auto services = write_file("pg_service.conf",
                                   "[upstream]\nhost=127.0.0.1\nport=" + std::to_string(publisher_.port()) +
                                       "\ndbname=postgres\nuser=postgres\n",
                                   0644);
  ASSERT_NO_FATAL_FAILURE(restart_subscriber_with("PGSERVICEFILE", services.string()));
  auto r = local_try("CREATE SUBSCRIPTION nosuch CONNECTION 'service=downstream' PUBLICATION p");
  EXPECT_EQ(error_of(r), "could not connect to the publisher: definition of service \"downstream\" not found")
      << "libpq's own wording, when it connects (as PostgreSQL's subscriber reports it)";
  r = create_with("service=upstream");
  ASSERT_TRUE(succeeded(r.get())) << PQresultErrorMessage(r.get());
  expect_replicating();
}

TEST_F(Conninfo, APasswordFileReadableByOthersIsIgnoredAndAPrivateOneIsUsed) {
  ASSERT_NO_FATAL_FAILURE(require_password_for_alice());
  const std::string conninfo = "host=127.0.0.1 port=" + std::to_string(publisher_.port()) +
                               " dbname=postgres user=alice";
  const auto passfile = write_file("pgpass", "127.0.0.1:*:*:alice:wonderland\n", 0644);
  ASSERT_NO_FATAL_FAILURE(restart_subscriber_with("PGPASSFILE", passfile.string()));

  auto r = create_with(conninfo);
  EXPECT_FALSE(succeeded(r.get()));
  EXPECT_EQ(error_of(r), "could not connect to the publisher: connection to server at \"127.0.0.1\", port " +
                             std::to_string(publisher_.port()) + " failed: fe_sendauth: no password supplied")
      << "libpq skips a password file that group or others can read";

  ::chmod(passfile.c_str(), 0600);
  r = create_with(conninfo);
  ASSERT_TRUE(succeeded(r.get())) << PQresultErrorMessage(r.get());
  expect_replicating();
}

// A publisher with ssl = on, its certificate signed by a CA made for the test.
class ConninfoTls : public Conninfo {
protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(make_certificates());
    ASSERT_NO_FATAL_FAILURE(Conninfo::SetUp());
  }

  void make_certificates() {
    auto dir = scratch_directory::create("tributary-tls");
    ASSERT_TRUE(dir.ok()) << dir.error();
    tls_.emplace(std::move(dir.value()));
    const auto d = tls_->path().string();
    const std::string script =
        "set -e; cd '" + d + "';"
        "openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=tributary-test-ca"
        " -keyout ca.key -out ca.crt;"
        "openssl req -newkey rsa:2048 -nodes -subj /CN=localhost -keyout server.key -out server.csr;"
        "printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\\n' > san.ext;"
        "openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 2"
        " -extfile san.ext -out server.crt;"
        "chmod 600 server.key";
    process_options o;
    o.argv = {"/bin/sh", "-c", script};
    o.log_file = tls_->path() / "openssl.log";
    auto status = run_to_completion(o, 60s);
    ASSERT_TRUE(status.ok() && status->succeeded()) << "openssl failed, see " << o.log_file;
    auto user = unprivileged_user();
    ASSERT_TRUE(user.ok()) << user.error();
    if (*user)  // the publisher runs as this user and must own its key file
      ASSERT_TRUE(give_to_user(tls_->path(), **user).ok());
    publisher_.configure("ssl = on");
    publisher_.configure("ssl_cert_file = '" + d + "/server.crt'");
    publisher_.configure("ssl_key_file = '" + d + "/server.key'");
  }
  std::string tls_conninfo(const std::string& extra) {
    return "host=127.0.0.1 port=" + std::to_string(publisher_.port()) + " dbname=postgres user=postgres " + extra;
  }
  // Whether the subscription's walsender on the publisher uses TLS.
  std::string walsender_uses_tls() {
    std::string value;
    wait_until([&] {
      value = publisher_.query_value(
          "SELECT coalesce(bool_or(s.ssl)::text, 'none') FROM pg_stat_ssl s JOIN pg_stat_activity a "
          "USING (pid) WHERE a.application_name = 'sub' AND a.backend_type = 'walsender'");
      return value != "none";
    }, 30s);
    return value;
  }

  std::optional<scratch_directory> tls_;
};

TEST_F(ConninfoTls, SslmodeRequireEncryptsTheReplicationConnection) {
  auto r = create_with(tls_conninfo("sslmode=require"));
  ASSERT_TRUE(succeeded(r.get())) << PQresultErrorMessage(r.get());
  expect_replicating();
  EXPECT_EQ(walsender_uses_tls(), "true");
}

TEST_F(ConninfoTls, SslmodePreferAndTheDefaultUseTlsWhenThePublisherOffersIt) {
  auto r = create_with(tls_conninfo("sslmode=prefer"));
  ASSERT_TRUE(succeeded(r.get())) << PQresultErrorMessage(r.get());
  expect_replicating();
  EXPECT_EQ(walsender_uses_tls(), "true");
  local_exec("ALTER SUBSCRIPTION sub CONNECTION '" + tls_conninfo("") + "'");  // no sslmode: prefer
  publisher_.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'sub'");
  publisher_.exec("INSERT INTO t VALUES (4)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "4"));
  EXPECT_EQ(walsender_uses_tls(), "true");
}

TEST_F(ConninfoTls, VerifyFullChecksTheCertificateAgainstTheGivenRoot) {
  auto r = create_with(tls_conninfo("sslmode=verify-full sslrootcert=" + (tls_->path() / "ca.crt").string()));
  ASSERT_TRUE(succeeded(r.get())) << PQresultErrorMessage(r.get());
  expect_replicating();
  EXPECT_EQ(walsender_uses_tls(), "true");
}

TEST_F(ConninfoTls, SslrootcertSystemRefusesAWeakSslmodeAndTrustsOnlyTheSystemStore) {
  auto r = create_with(tls_conninfo("sslrootcert=system sslmode=require"));
  EXPECT_EQ(error_of(r), "could not connect to the publisher: weak sslmode \"require\" may not be used with "
                         "sslrootcert=system (use \"verify-full\")");
  r = create_with(tls_conninfo("sslrootcert=system"));
  EXPECT_FALSE(succeeded(r.get())) << "the test CA is not in the system's trust store";
  EXPECT_NE(error_of(r).find("certificate verify failed"), std::string::npos) << error_of(r);

  // With the test CA as the process's trust store (SSL_CERT_FILE, as OpenSSL reads it)
  // the same string verifies the publisher in full.
  ASSERT_NO_FATAL_FAILURE(restart_subscriber_with("SSL_CERT_FILE", (tls_->path() / "ca.crt").string()));
  r = create_with(tls_conninfo("sslrootcert=system"));
  ASSERT_TRUE(succeeded(r.get())) << PQresultErrorMessage(r.get());
  expect_replicating();
  EXPECT_EQ(walsender_uses_tls(), "true");
}

}  // namespace
}  // namespace tributary::integration
