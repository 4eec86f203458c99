// client_authentication: who may connect (pg_hba.conf) and the password exchange
// that proves it, between the startup packet and AuthenticationOk.
//
//   hba_configuration: DIR/pg_hba.conf, read at start (a bad file stops the
//     server) and again on SIGHUP / pg_reload_conf() (a bad file keeps the rules
//     in force and logs "pg_hba.conf was not reloaded", as PostgreSQL). Thread-safe:
//     sessions take a snapshot of the rules.
//   authenticate_client(): for the matched rule's method
//     trust          nothing asked
//     reject         FATAL 28000 "pg_hba.conf rejects connection for host ..."
//     password       AuthenticationCleartextPassword, the password checked against
//                    the role's SCRAM verifier
//     scram-sha-256  AuthenticationSASL (SCRAM-SHA-256-PLUS first over TLS, then
//                    SCRAM-SHA-256), SASLContinue, SASLFinal; with PLUS the proof
//                    binds the server certificate (tls-server-end-point)
//     md5            as scram-sha-256: the stored secret is a SCRAM verifier, and
//                    PostgreSQL answers md5 lines with SCRAM then too
//   A failure is FATAL 28P01 "password authentication failed for user" for the
//   client; the log gets the reason (no such role, no password, expired, wrong)
//   and the rule that matched, as PostgreSQL's DETAIL lines. A client that hangs up
//   in the middle (psql asking for a password) is not logged.
#pragma once

#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "cli/server/message_stream.hpp"
#include "stages/auth/hba_rules.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "storage/role_catalog.hpp"

namespace tributary {

class hba_configuration {
public:
  explicit hba_configuration(std::filesystem::path file) : file_(std::move(file)) {}

  // Reads the file; on failure the rules in force stay (none before the first load).
  result<ok_t, pg_error> load();
  std::shared_ptr<const hba_rules> rules() const;
  const std::filesystem::path& file() const { return file_; }

private:
  std::filesystem::path file_;
  mutable std::mutex mutex_;
  std::shared_ptr<const hba_rules> rules_;
};

struct authentication_request {
  hba_connection connection;
  std::string client_host;           // "127.0.0.1" as PostgreSQL's messages show it
  std::optional<role_record> role;   // nullopt: no such role
  message_stream::peer_certificate certificate;  // the client's TLS certificate, if any
};

enum class authentication_result { accepted, refused, hung_up };

// Runs the exchange the first matching rule asks for. On `refused` the client has
// been sent its FATAL and the log has the reason.
authentication_result authenticate_client(message_stream& stream, const hba_rules& rules,
                                          const authentication_request& request);

// SASLInitialResponse's body: mechanism name, then the client's first message.
struct sasl_initial_response {
  std::string mechanism;
  std::string data;
};
result<sasl_initial_response, pg_error> parse_sasl_initial_response(const std::string& body);

}  // namespace tributary
