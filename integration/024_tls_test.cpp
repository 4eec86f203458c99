// 024_tls: TLS for clients. A test CA, a server certificate (CN=localhost, with
// localhost and 127.0.0.1 as subject alternative names) and a client certificate
// (CN=certuser) are made with the openssl command in a scratch directory; libpq
// connects with sslmode=require and verify-full, and logs in with its certificate
// through pg_hba.conf's `cert` method. SCRAM with channel binding
// (channel_binding=require) is compared with a PostgreSQL 15 serving the same
// certificate. A revocation list (openssl ca -gencrl) and a minimum protocol
// version refuse what they name.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "integration/pg_publisher.hpp"
#include "integration/pq_handles.hpp"
#include "integration/test_host.hpp"
#include "integration/tributary_server.hpp"
#include "integration/wait_until.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;

// Runs a shell command in `dir`; false (with the output in the failure) when it fails.
bool run_in(const std::filesystem::path& dir, const std::string& command) {
  const std::string line = "cd '" + dir.string() + "' && (" + command + ") > openssl.log 2>&1";
  if (std::system(line.c_str()) == 0)
    return true;
  ADD_FAILURE() << command << "\n" << read_text_file(dir / "openssl.log");
  return false;
}

// A CA, a certificate it signs for `cn` (key `name`.key, certificate `name`.crt).
bool make_certificate(const std::filesystem::path& dir, const std::string& ca, const std::string& name,
                      const std::string& cn, const std::string& alt_names = "") {
  std::ofstream(dir / (name + ".ext")) << (alt_names.empty() ? "basicConstraints=CA:FALSE\n"
                                                             : "subjectAltName=" + alt_names + "\n");
  return run_in(dir, "openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout " + name +
                         ".key -out " + name + ".csr -subj '/CN=" + cn + "'") &&
         run_in(dir, "openssl x509 -req -in " + name + ".csr -CA " + ca + ".crt -CAkey " + ca +
                         ".key -CAcreateserial -days 2 -out " + name + ".crt -extfile " + name + ".ext") &&
         run_in(dir, "chmod 600 " + name + ".key");
}

bool make_ca(const std::filesystem::path& dir, const std::string& name) {
  return run_in(dir, "openssl req -x509 -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout " +
                         name + ".key -out " + name + ".crt -days 2 -subj '/CN=Tributary test " + name + "'");
}

class Tls : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    auto dir = scratch_directory::create("tributary-tls");
    ASSERT_TRUE(dir) << dir.error();
    certificates_ = new scratch_directory(std::move(*dir));
    const auto& d = certificates_->path();
    ASSERT_TRUE(make_ca(d, "ca") && make_ca(d, "other_ca"));
    ASSERT_TRUE(make_certificate(d, "ca", "server", "localhost", "DNS:localhost,IP:127.0.0.1"));
    ASSERT_TRUE(make_certificate(d, "ca", "client", "certuser"));
    ASSERT_TRUE(make_certificate(d, "other_ca", "stranger", "certuser"));
  }
  static void TearDownTestSuite() {
    delete certificates_;
    certificates_ = nullptr;
  }

  void SetUp() override {
    ASSERT_NE(certificates_, nullptr);
    const auto& d = certificates_->path();
    server_.emplace(tributary_server_options{{"ssl=on", "ssl_cert_file=" + (d / "server.crt").string(),
                                              "ssl_key_file=" + (d / "server.key").string(),
                                              "ssl_ca_file=" + (d / "ca.crt").string()}});
    ASSERT_NO_FATAL_FAILURE(server_->start());
  }

  std::string cert(const std::string& file) const { return (certificates_->path() / file).string(); }

  std::string base(const std::string& host, const std::string& user) const {
    return "host=" + host + " port=" + std::to_string(server_->port()) + " dbname=postgres user=" + user +
           " connect_timeout=10";
  }

  // "OK tls" / "OK plain" or libpq's error text.
  static std::string login(const std::string& conninfo) {
    auto c = connect_with(conninfo);
    if (PQstatus(c.get()) == CONNECTION_OK)
      return PQsslInUse(c.get()) ? "OK tls" : "OK plain";
    return PQerrorMessage(c.get());
  }

  void set_hba(const std::string& rules) {
    std::ofstream(server_->data_dir() / "pg_hba.conf", std::ios::trunc) << rules;
    auto c = server_->connect();
    auto r = exec(c.get(), "SELECT pg_reload_conf()");
    ASSERT_TRUE(succeeded(r.get())) << PQresultErrorMessage(r.get());
  }

  static scratch_directory* certificates_;
  std::optional<tributary_server> server_;
};

scratch_directory* Tls::certificates_ = nullptr;

TEST_F(Tls, RequireAndVerifyFullConnectOverTls) {
  const std::string user = server_->user();
  EXPECT_EQ(login(base("127.0.0.1", user) + " sslmode=require"), "OK tls");
  EXPECT_EQ(login(base("localhost", user) + " sslmode=verify-full sslrootcert=" + cert("ca.crt")), "OK tls");
  EXPECT_EQ(login(base("127.0.0.1", user) + " sslmode=verify-full sslrootcert=" + cert("ca.crt")), "OK tls");
  EXPECT_EQ(login(base("127.0.0.1", user) + " sslmode=disable"), "OK plain");
  // A server certificate from a CA the client does not trust is refused by the client.
  const std::string refused = login(base("localhost", user) + " sslmode=verify-full sslrootcert=" + cert("other_ca.crt"));
  EXPECT_NE(refused.find("certificate verify failed"), std::string::npos) << refused;
  // Queries run over the encrypted connection.
  auto c = connect_with(base("localhost", user) + " sslmode=verify-full sslrootcert=" + cert("ca.crt"));
  auto r = exec(c.get(), "SELECT 40 + 2");
  ASSERT_TRUE(succeeded(r.get())) << PQresultErrorMessage(r.get());
  EXPECT_EQ(std::string(PQgetvalue(r.get(), 0, 0)), "42");
}

TEST_F(Tls, HostsslAndHostnosslFollowTheConnection) {
  auto c = server_->connect();
  ASSERT_TRUE(succeeded(exec(c.get(), "CREATE ROLE tls_only LOGIN").get()));
  ASSERT_NO_FATAL_FAILURE(set_hba("host all " + server_->user() + " 127.0.0.1/32 trust\n"
                                  "hostnossl all tls_only 127.0.0.1/32 reject\n"
                                  "hostssl all tls_only 127.0.0.1/32 trust\n"));
  const std::string rejected =
      "pg_hba.conf rejects connection for host \"127.0.0.1\", user \"tls_only\", database \"postgres\", no encryption";
  ASSERT_TRUE(wait_until([&] { return login(base("127.0.0.1", "tls_only") + " sslmode=disable").find(rejected) != std::string::npos; }, 10s));
  EXPECT_EQ(login(base("127.0.0.1", "tls_only") + " sslmode=require"), "OK tls");
}

TEST_F(Tls, ClientCertificateAuthentication) {
  auto c = server_->connect();
  ASSERT_TRUE(succeeded(exec(c.get(), "CREATE ROLE certuser LOGIN; CREATE ROLE someone LOGIN").get()));
  ASSERT_NO_FATAL_FAILURE(set_hba("host all " + server_->user() + " 127.0.0.1/32 trust\n"
                                  "hostssl all certuser,someone 127.0.0.1/32 cert\n"));
  const std::string with_cert = " sslmode=verify-full sslrootcert=" + cert("ca.crt") + " sslcert=" + cert("client.crt") +
                                " sslkey=" + cert("client.key");
  ASSERT_TRUE(wait_until([&] {
    return login(base("localhost", "certuser") + " sslmode=require sslcert=/nonexistent").find(
               "connection requires a valid client certificate") != std::string::npos;
  }, 10s)) << login(base("localhost", "certuser") + " sslmode=require sslcert=/nonexistent");
  EXPECT_EQ(login(base("localhost", "certuser") + with_cert), "OK tls");
  // The certificate names certuser, not someone.
  EXPECT_NE(login(base("localhost", "someone") + with_cert).find("certificate authentication failed for user \"someone\""),
            std::string::npos);
  // A certificate from another CA fails the handshake.
  const std::string stranger = login(base("localhost", "certuser") + " sslmode=require sslcert=" +
                                     cert("stranger.crt") + " sslkey=" + cert("stranger.key"));
  EXPECT_EQ(stranger.find("OK"), std::string::npos) << stranger;
  EXPECT_EQ(login(base("localhost", server_->user()) + " sslmode=require"), "OK tls") << "the server still serves";
}

// ssl_crl_file: a client certificate its CA revoked is refused in the
// handshake (the others still log in); ssl_min_protocol_version = TLSv1.3
// refuses a client that offers TLS 1.2 at most.
TEST_F(Tls, RevokedCertificatesAndOldProtocolsAreRefused) {
  const auto& d = certificates_->path();
  ASSERT_TRUE(make_certificate(d, "ca", "revoked", "certuser"));
  std::ofstream(d / "ca.cnf") << "[ca]\ndefault_ca = test_ca\n[test_ca]\ndatabase = index.txt\n"
                                 "crlnumber = crlnumber\ndefault_md = sha256\ndefault_crl_days = 2\n"
                                 "certificate = ca.crt\nprivate_key = ca.key\n";
  ASSERT_TRUE(run_in(d, "rm -f index.txt* crlnumber* && touch index.txt && echo 01 > crlnumber && "
                        "openssl ca -config ca.cnf -revoke revoked.crt && openssl ca -config ca.cnf -gencrl -out ca.crl"));
  server_.reset();
  server_.emplace(tributary_server_options{{"ssl=on", "ssl_cert_file=" + cert("server.crt"),
                                            "ssl_key_file=" + cert("server.key"), "ssl_ca_file=" + cert("ca.crt"),
                                            "ssl_crl_file=" + cert("ca.crl"), "ssl_min_protocol_version=TLSv1.3"}});
  ASSERT_NO_FATAL_FAILURE(server_->start());
  auto c = server_->connect();
  ASSERT_TRUE(succeeded(exec(c.get(), "CREATE ROLE certuser LOGIN").get()));
  ASSERT_NO_FATAL_FAILURE(set_hba("host all " + server_->user() + " 127.0.0.1/32 trust\n"
                                  "hostssl all certuser 127.0.0.1/32 cert\n"));
  const auto with = [&](const std::string& name) {
    return base("localhost", "certuser") + " sslmode=verify-full sslrootcert=" + cert("ca.crt") + " sslcert=" +
           cert(name + ".crt") + " sslkey=" + cert(name + ".key");
  };
  ASSERT_TRUE(wait_until([&] { return login(with("client")) == "OK tls"; }, 10s)) << login(with("client"));
  const std::string revoked = login(with("revoked"));
  EXPECT_NE(revoked.find("certificate revoked"), std::string::npos) << revoked;
  const std::string old = login(base("localhost", server_->user()) + " sslmode=require ssl_max_protocol_version=TLSv1.2");
  EXPECT_EQ(old.find("OK"), std::string::npos) << old;
  EXPECT_EQ(login(base("localhost", server_->user()) + " sslmode=require ssl_min_protocol_version=TLSv1.3"), "OK tls");
}

// libpq's answer without the server's address: "OK tls", "OK plain" or the error.
std::string answer(const std::string& conninfo) {
  auto c = connect_with(conninfo);
  if (PQstatus(c.get()) == CONNECTION_OK)
    return PQsslInUse(c.get()) ? "OK tls" : "OK plain";
  std::string text = PQerrorMessage(c.get());
  if (auto at = text.rfind("failed: "); at != std::string::npos)
    text = text.substr(at + 8);
  if (auto at = text.find("FATAL:  "); at != std::string::npos)
    text = text.substr(at + 8);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
    text.pop_back();
  return text;
}

TEST_F(Tls, ScramChannelBindingAnswersAsPostgres) {
  // PostgreSQL 15 with the same certificate (its key must belong to the user it runs as).
  auto pg_certificates = scratch_directory::create("tributary-tls-pg");
  ASSERT_TRUE(pg_certificates) << pg_certificates.error();
  for (const char* file : {"server.crt", "server.key"})
    std::filesystem::copy_file(certificates_->path() / file, pg_certificates->path() / file);
  auto runs_as = unprivileged_user();
  ASSERT_TRUE(runs_as) << runs_as.error();
  if (*runs_as) {
    ASSERT_TRUE(give_to_user(pg_certificates->path(), **runs_as));
  }
  pg_publisher postgres({{}, {"ssl = on", "ssl_cert_file = '" + (pg_certificates->path() / "server.crt").string() + "'",
                              "ssl_key_file = '" + (pg_certificates->path() / "server.key").string() + "'"}});
  ASSERT_NO_FATAL_FAILURE(postgres.start());

  const std::string roles = "CREATE ROLE binder LOGIN PASSWORD 'secret'; CREATE ROLE trusted LOGIN";
  auto c = server_->connect();
  ASSERT_TRUE(succeeded(exec(c.get(), roles).get()));
  postgres.exec(roles);
  const std::string rules = "host all trusted 127.0.0.1/32 trust\nhost all binder 127.0.0.1/32 scram-sha-256\n";
  ASSERT_NO_FATAL_FAILURE(set_hba("host all " + server_->user() + " 127.0.0.1/32 trust\n" + rules));
  std::ofstream(postgres.data_dir() / "pg_hba.conf", std::ios::trunc) << "host all postgres 127.0.0.1/32 trust\n" + rules;
  postgres.exec("SELECT pg_reload_conf()");

  const auto mine = [&](const std::string& user, const std::string& options) {
    return answer(base("127.0.0.1", user) + " " + options);
  };
  const auto theirs = [&](const std::string& user, const std::string& options) {
    return answer("host=127.0.0.1 port=" + std::to_string(postgres.port()) + " dbname=postgres user=" + user +
                  " connect_timeout=10 " + options);
  };
  ASSERT_TRUE(wait_until([&] { return theirs("binder", "password=secret sslmode=disable") == "OK plain"; }, 10s));
  ASSERT_TRUE(wait_until([&] { return mine("binder", "password=secret sslmode=disable") == "OK plain"; }, 10s));
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"binder", "password=secret sslmode=require channel_binding=require"},
      {"binder", "password=secret sslmode=verify-full sslrootcert=" + cert("ca.crt") + " channel_binding=require"},
      {"binder", "password=wrong sslmode=require channel_binding=require"},
      {"binder", "password=secret sslmode=require channel_binding=disable"},
      {"binder", "password=secret sslmode=require channel_binding=prefer"},
      {"binder", "password=secret sslmode=disable channel_binding=require"},
      {"trusted", "sslmode=require channel_binding=require"},
      {"trusted", "sslmode=require channel_binding=prefer"},
  };
  for (const auto& [user, options] : cases)
    EXPECT_EQ(mine(user, options), theirs(user, options)) << user << " " << options;
  EXPECT_EQ(mine("binder", "password=secret sslmode=require channel_binding=require"), "OK tls");
}

TEST(TlsSettings, AKeyReadableByOthersStopsTheServerAsPostgres) {
  auto dir = scratch_directory::create("tributary-tls-key");
  ASSERT_TRUE(dir) << dir.error();
  ASSERT_TRUE(make_ca(dir->path(), "ca"));
  ASSERT_TRUE(make_certificate(dir->path(), "ca", "server", "localhost"));
  std::filesystem::permissions(dir->path() / "server.key", std::filesystem::perms::owner_read |
                                                              std::filesystem::perms::owner_write |
                                                              std::filesystem::perms::others_read);
  const auto binary = tributary_server::binary_path();
  auto data = dir->path() / "data";
  const std::string command = "'" + binary.string() + "' serve -D '" + data.string() + "' -p 0 -c ssl=on -c ssl_cert_file='" +
                              (dir->path() / "server.crt").string() + "' -c ssl_key_file='" +
                              (dir->path() / "server.key").string() + "' > '" + (dir->path() / "out.log").string() +
                              "' 2>&1";
  EXPECT_NE(std::system(command.c_str()), 0);
  const std::string log = read_text_file(dir->path() / "out.log");
  EXPECT_NE(log.find("has group or world access"), std::string::npos) << log;
}

}  // namespace
}  // namespace tributary::integration
