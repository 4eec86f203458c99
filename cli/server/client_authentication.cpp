// client_authentication: see the header.
#include "cli/server/client_authentication.hpp"

#include <spdlog/spdlog.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "cli/server/wire_protocol.hpp"
#include "stages/auth/scram_sha256.hpp"
#include "stages/auth/role_options.hpp"
#include "stages/core/server_log.hpp"

namespace tributary {
namespace {

// PostgreSQL's limit for a password or SASL message (PG_MAX_AUTH_TOKEN_LENGTH).
constexpr size_t max_auth_token_length = 65535;

std::string encryption_words(const hba_connection& c) { return c.ssl ? "SSL encryption" : "no encryption"; }

std::string connection_words(const authentication_request& r) {
  return "host \"" + r.client_host + "\", user \"" + r.connection.user + "\", database \"" +
         r.connection.database + "\", " + encryption_words(r.connection);
}

void send_fatal(message_stream& stream, pg_error error, const std::string& log_detail) {
  error.severity = "FATAL";
  pg_error logged = error;
  logged.detail = log_detail;
  log_client_error(logged, {}, {});
  stream.write(wire::error_response(error));
  stream.flush();
}

std::string matched_line(const hba_rule& rule) {
  return "Connection matched pg_hba.conf line " + std::to_string(rule.line_number) + ": \"" + rule.line + "\"";
}

// VALID UNTIL has passed: the password no longer lets the role in.
bool password_expired(const authentication_request& r) {
  return r.role && r.role->valid_until && valid_until_passed(*r.role->valid_until, std::chrono::system_clock::now());
}

// Why a password check failed, for the log (never for the client).
std::string failure_reason(const authentication_request& r) {
  if (!r.role)
    return "Role \"" + r.connection.user + "\" does not exist.";
  if (!r.role->password)
    return "User \"" + r.connection.user + "\" has no password assigned.";
  if (password_expired(r))
    return "User \"" + r.connection.user + "\" has an expired password.";
  return "Password does not match for user \"" + r.connection.user + "\".";
}

authentication_result refuse_password(message_stream& stream, const authentication_request& r,
                                       const hba_rule& rule, std::optional<std::string> reason = {}) {
  send_fatal(stream,
             make_pg_error("28P01", "password authentication failed for user \"" + r.connection.user + "\""),
             reason.value_or(failure_reason(r)) + "\n" + matched_line(rule));
  return authentication_result::refused;
}

// The next 'p' message's body; nullopt when the client went away (or sent
// something else, which is answered with 08P01).
std::optional<std::string> read_password_message(message_stream& stream, const char* expected) {
  auto type = stream.read_message_type();
  if (!type)
    return std::nullopt;
  if (*type != 'p') {
    send_fatal(stream,
               make_pg_error("08P01", std::string("expected ") + expected + " response, got message type " +
                                          std::to_string(static_cast<int>(static_cast<unsigned char>(*type)))),
               {});
    return std::nullopt;
  }
  auto body = stream.read_message_body(max_auth_token_length);
  if (!body) {
    if (body.error().what == stream_error::kind::bad_length)
      send_fatal(stream, make_pg_error("08P01", "invalid message length"), {});
    return std::nullopt;
  }
  return std::move(*body);
}

std::optional<scram::verifier> usable_secret(const authentication_request& r) {
  if (!r.role || !r.role->password || password_expired(r))
    return std::nullopt;
  return scram::parse_verifier(*r.role->password);
}

authentication_result password_exchange(message_stream& stream, const authentication_request& r,
                                        const hba_rule& rule) {
  stream.write(wire::authentication_cleartext_password());
  stream.flush();
  auto body = read_password_message(stream, "password");
  if (!body)
    return stream.broken() ? authentication_result::hung_up : authentication_result::refused;
  if (body->empty() || body->back() != '\0' || body->find('\0') != body->size() - 1) {
    send_fatal(stream, make_pg_error("08P01", "invalid password packet size"), {});
    return authentication_result::refused;
  }
  body->pop_back();
  auto secret = usable_secret(r);
  if (body->empty())
    return refuse_password(stream, r, rule, "empty password returned by client");
  if (!secret || !scram::password_matches(*secret, *body))
    return refuse_password(stream, r, rule);
  return authentication_result::accepted;
}

authentication_result scram_exchange(message_stream& stream, const authentication_request& r,
                                     const hba_rule& rule) {
  // Over TLS PostgreSQL offers channel binding first.
  const bool tls = stream.tls_active();
  std::vector<std::string> mechanisms;
  if (tls)
    mechanisms.emplace_back(scram::plus_mechanism);
  mechanisms.emplace_back(scram::mechanism);
  stream.write(wire::authentication_sasl(mechanisms));
  stream.flush();
  auto initial = read_password_message(stream, "SASL");
  if (!initial)
    return authentication_result::hung_up;
  auto parsed = parse_sasl_initial_response(*initial);
  if (!parsed) {
    send_fatal(stream, parsed.error(), {});
    return authentication_result::refused;
  }
  scram::channel_binding binding{tls, false, {}};
  if (tls && parsed->mechanism == scram::plus_mechanism) {
    binding.selected = true;
    auto end_point = stream.tls_server_end_point();
    if (!end_point) {
      send_fatal(stream, make_pg_error("XX000", "could not get server certificate hash"), {});
      return authentication_result::refused;
    }
    binding.end_point = std::move(*end_point);
  } else if (parsed->mechanism != scram::mechanism) {
    send_fatal(stream, make_pg_error("08P01", "client selected an invalid SASL authentication mechanism"), {});
    return authentication_result::refused;
  }
  scram::server_exchange exchange(usable_secret(r), std::move(binding));
  auto server_first = exchange.client_first(parsed->data);
  if (!server_first) {
    send_fatal(stream, server_first.error(), {});
    return authentication_result::refused;
  }
  stream.write(wire::authentication_sasl_continue(*server_first));
  stream.flush();
  auto client_final = read_password_message(stream, "SASL");
  if (!client_final)
    return authentication_result::hung_up;
  auto server_final = exchange.client_final(*client_final);
  if (!server_final) {
    send_fatal(stream, server_final.error(), {});
    return authentication_result::refused;
  }
  if (!exchange.authenticated())
    return refuse_password(stream, r, rule);
  stream.write(wire::authentication_sasl_final(*server_final));
  return authentication_result::accepted;
}

}  // namespace

result<ok_t, pg_error> hba_configuration::load() {
  std::ifstream in(file_);
  if (!in)
    return fail(make_pg_error("58P01", "could not open configuration file \"" + file_.string() + "\": " +
                                           std::strerror(errno)));
  std::ostringstream text;
  text << in.rdbuf();
  auto parsed = hba_rules::parse(text.str(), file_.string());
  if (!parsed)
    return fail(parsed.error());
  auto fresh = std::make_shared<const hba_rules>(std::move(*parsed));
  std::lock_guard lock(mutex_);
  rules_ = std::move(fresh);
  return ok_v;
}

std::shared_ptr<const hba_rules> hba_configuration::rules() const {
  std::lock_guard lock(mutex_);
  return rules_;
}

result<sasl_initial_response, pg_error> parse_sasl_initial_response(const std::string& body) {
  auto bad = [] { return fail(make_pg_error("08P01", "malformed SASL initial response")); };
  auto nul = body.find('\0');
  if (nul == std::string::npos || body.size() < nul + 5)
    return bad();
  sasl_initial_response out;
  out.mechanism = body.substr(0, nul);
  uint32_t length = 0;
  for (size_t i = 0; i < 4; ++i)
    length = (length << 8) | static_cast<unsigned char>(body[nul + 1 + i]);
  const size_t rest = body.size() - nul - 5;
  if (length == 0xffffffffu) {
    if (rest != 0)
      return bad();
    return out;
  }
  if (length != rest)
    return bad();
  out.data = body.substr(nul + 5);
  return out;
}

authentication_result authenticate_client(message_stream& stream, const hba_rules& rules,
                                          const authentication_request& request) {
  auto rule = rules.match(request.connection);
  if (!rule) {
    send_fatal(stream, make_pg_error("28000", "no pg_hba.conf entry for " + connection_words(request)), {});
    return authentication_result::refused;
  }
  if (rule->client_cert != hba_client_cert::none || rule->method == hba_method::cert) {
    if (!request.certificate.present || !request.certificate.verified) {
      send_fatal(stream, make_pg_error("28000", "connection requires a valid client certificate"), matched_line(*rule));
      return authentication_result::refused;
    }
    if (request.certificate.common_name != request.connection.user) {
      const std::string why = "provided user name (" + request.connection.user + ") and authenticated user name (" +
                              request.certificate.common_name + ") do not match";
      if (rule->method == hba_method::cert)
        send_fatal(stream,
                   make_pg_error("28000", "certificate authentication failed for user \"" + request.connection.user + "\""),
                   why + "\n" + matched_line(*rule));
      else if (rule->client_cert == hba_client_cert::verify_full)
        send_fatal(stream,
                   make_pg_error("28000", "certificate validation (clientcert=verify-full) failed for user \"" +
                                              request.connection.user + "\": CN mismatch"),
                   why + "\n" + matched_line(*rule));
      if (rule->method == hba_method::cert || rule->client_cert == hba_client_cert::verify_full)
        return authentication_result::refused;
    }
  }
  switch (rule->method) {
    case hba_method::trust:
    case hba_method::cert:
      return authentication_result::accepted;
    case hba_method::reject:
      send_fatal(stream, make_pg_error("28000", "pg_hba.conf rejects connection for " + connection_words(request)),
                 matched_line(*rule));
      return authentication_result::refused;
    case hba_method::password:
      return password_exchange(stream, request, *rule);
    case hba_method::scram_sha_256:
    case hba_method::md5:
      return scram_exchange(stream, request, *rule);
  }
  return authentication_result::refused;
}

}  // namespace tributary
