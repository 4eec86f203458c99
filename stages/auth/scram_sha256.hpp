// scram_sha256: the server side of SCRAM-SHA-256 (RFC 5802 / RFC 7677) as
// PostgreSQL speaks it, and the verifiers it stores instead of passwords.
//
// Verifier (pg_authid.rolpassword), PostgreSQL's format:
//   SCRAM-SHA-256$<iterations>:<salt b64>$<StoredKey b64>:<ServerKey b64>
// made by make_verifier() from a password (PBKDF2-HMAC-SHA-256, 16-byte salt,
// 4096 iterations as PostgreSQL's scram_iterations default).
//
// Exchange (one per login, one object per exchange):
//   awaiting_client_first ──client-first──► awaiting_client_final
//        ──client-final (proof checked)──► finished (authenticated() says whether
//        the proof matched)
// client-first:  n,,n=<ignored user>,r=<client nonce>
// server-first:  r=<client nonce><server nonce>,s=<salt>,i=<iterations>
// client-final:  c=biws,r=<nonce>,p=<proof>
// server-final:  v=<server signature>  (sent only when the proof matched)
// A malformed message is 08P01 with PostgreSQL's wording ("malformed SCRAM
// message" and a DETAIL). A wrong proof is not an error of the exchange: the
// caller reports 28P01 "password authentication failed for user".
// Without a verifier (no password, or an expired one) the exchange runs against a
// random one, so the client cannot tell a missing password from a wrong one.
// Channel binding (SCRAM-SHA-256-PLUS, RFC 5929's tls-server-end-point, the only
// type PostgreSQL knows): over TLS the caller offers both mechanisms and says
// which one the client selected; with the PLUS one the client-first must carry
// "p=tls-server-end-point" and client-final's c= must be base64 of
// "p=tls-server-end-point,," followed by the hash of the server's certificate.
// The refusals are PostgreSQL's: "p" without PLUS, "n"/"y" with PLUS (08P01),
// "y" over TLS (28000, the client thinks the server cannot bind), another
// binding type (08P01), a wrong hash (28000 "SCRAM channel binding check failed").
//
// SASLprep is not applied to passwords: for ASCII passwords (and any password a
// client sends without normalization) the result equals PostgreSQL's.
// Pure apart from OpenSSL's libcrypto (hashes, PBKDF2, random bytes).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary::scram {

inline constexpr std::string_view mechanism = "SCRAM-SHA-256";
inline constexpr std::string_view plus_mechanism = "SCRAM-SHA-256-PLUS";
inline constexpr std::string_view binding_type = "tls-server-end-point";

// What the connection offers for channel binding.
struct channel_binding {
  bool tls_in_use = false;        // PLUS was offered
  bool selected = false;          // the client chose SCRAM-SHA-256-PLUS
  std::string end_point;          // tls-server-end-point data: the server certificate's hash
};
inline constexpr int default_iterations = 4096;

struct verifier {
  int iterations = 0;
  std::string salt;        // raw bytes
  std::string stored_key;  // raw bytes (32)
  std::string server_key;  // raw bytes (32)
};

std::string base64_encode(std::string_view raw);
std::optional<std::string> base64_decode(std::string_view text);

// A new verifier text for `password` with a random salt.
std::string make_verifier(std::string_view password, int iterations = default_iterations);
// The same with a given salt (tests compare with known vectors).
std::string make_verifier(std::string_view password, std::string_view salt, int iterations);
// nullopt when `text` is not a SCRAM-SHA-256 verifier.
std::optional<verifier> parse_verifier(std::string_view text);
bool is_verifier(std::string_view text);
// Whether `password` is the one the verifier was made from (the `password` method).
bool password_matches(const verifier& v, std::string_view password);

class server_exchange {
public:
  // nullopt: no usable secret; the exchange runs against a random one and fails.
  explicit server_exchange(std::optional<verifier> secret, channel_binding binding = {});
  // Tests fix the server's part of the nonce.
  server_exchange(std::optional<verifier> secret, std::string server_nonce);
  server_exchange(std::optional<verifier> secret, channel_binding binding, std::string server_nonce);

  // client-first-message -> server-first-message.
  result<std::string, pg_error> client_first(std::string_view message);
  // client-final-message -> server-final-message. On a wrong proof it returns an
  // empty string and authenticated() is false.
  result<std::string, pg_error> client_final(std::string_view message);
  bool authenticated() const { return authenticated_; }

private:
  enum class state { awaiting_client_first, awaiting_client_final, finished };
  state state_ = state::awaiting_client_first;
  verifier secret_;
  bool has_secret_ = false;
  channel_binding binding_;
  std::string server_nonce_;
  char binding_flag_ = 'n';  // 'n', 'y' or 'p': client-final's c= must agree
  std::string client_first_bare_;
  std::string server_first_;
  std::string combined_nonce_;
  bool authenticated_ = false;
};

}  // namespace tributary::scram
