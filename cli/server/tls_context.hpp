// tls_context: the server's side of TLS for clients (OpenSSL), from the settings
// PostgreSQL uses:
//   ssl = on                   answer SSLRequest with 'S' and run the handshake
//   ssl_cert_file / ssl_key_file   the server's certificate chain and key
//                              (relative names are in the data directory); the key
//                              must not be readable by group or others, as PostgreSQL
//   ssl_ca_file                CAs whose client certificates are verified (a client
//                              may still come without one unless pg_hba.conf asks:
//                              `cert`, clientcert=verify-ca|verify-full)
//   ssl_crl_file               revoked client certificates
//   ssl_min_protocol_version   TLSv1, TLSv1.1, TLSv1.2 (default), TLSv1.3
// load() fails with PostgreSQL's words ("could not load server certificate file")
// and the server does not start. A handshake failure ends that connection only.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "stages/core/result.hpp"
#include "stages/core/settings.hpp"

struct ssl_ctx_st;

namespace tributary {

class tls_context {
public:
  // nullptr when ssl is off.
  static result<std::shared_ptr<tls_context>, std::string> load(const settings& config,
                                                                 const std::filesystem::path& data_directory);
  ~tls_context();
  tls_context(const tls_context&) = delete;
  tls_context& operator=(const tls_context&) = delete;

  ssl_ctx_st* handle() const { return ctx_; }
  bool verifies_clients() const { return verifies_clients_; }

private:
  tls_context() = default;
  ssl_ctx_st* ctx_ = nullptr;
  bool verifies_clients_ = false;
};

}  // namespace tributary
