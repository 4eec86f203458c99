// tls_context: see the header.
#include "cli/server/tls_context.hpp"

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stages/core/pg_bool.hpp"

namespace tributary {
namespace {

std::string openssl_reason() {
  unsigned long code = ERR_get_error();
  ERR_clear_error();
  if (code == 0)
    return "no SSL error reported";
  char text[256];
  ERR_error_string_n(code, text, sizeof text);
  const char* reason = ERR_reason_error_string(code);
  return reason ? reason : text;
}

std::filesystem::path in_directory(const std::filesystem::path& data_directory, const std::string& name) {
  std::filesystem::path p(name);
  return p.is_absolute() ? p : data_directory / p;
}

std::optional<int> protocol_version(const std::string& name) {
  if (name == "TLSv1") return TLS1_VERSION;
  if (name == "TLSv1.1") return TLS1_1_VERSION;
  if (name == "TLSv1.2") return TLS1_2_VERSION;
  if (name == "TLSv1.3") return TLS1_3_VERSION;
  return std::nullopt;
}

}  // namespace

tls_context::~tls_context() {
  if (ctx_)
    SSL_CTX_free(ctx_);
}

result<std::shared_ptr<tls_context>, std::string> tls_context::load(const settings& config,
                                                                    const std::filesystem::path& data_directory) {
  auto on = parse_pg_bool(config.get_string("ssl"));
  if (!on)
    return fail(std::string("parameter \"ssl\" requires a Boolean value"));
  if (!*on)
    return std::shared_ptr<tls_context>();
  std::shared_ptr<tls_context> self(new tls_context());
  self->ctx_ = SSL_CTX_new(TLS_server_method());
  if (!self->ctx_)
    return fail("could not create SSL context: " + openssl_reason());
  SSL_CTX_set_mode(self->ctx_, SSL_MODE_AUTO_RETRY);
  SSL_CTX_set_options(self->ctx_, SSL_OP_NO_COMPRESSION | SSL_OP_NO_RENEGOTIATION | SSL_OP_NO_TICKET);
  const std::string minimum = config.get_string("ssl_min_protocol_version");
  auto version = protocol_version(minimum);
  if (!version)
    return fail("invalid value for parameter \"ssl_min_protocol_version\": \"" + minimum + "\"");
  SSL_CTX_set_min_proto_version(self->ctx_, *version);

  const auto cert = in_directory(data_directory, config.get_string("ssl_cert_file"));
  if (SSL_CTX_use_certificate_chain_file(self->ctx_, cert.c_str()) != 1)
    return fail("could not load server certificate file \"" + cert.string() + "\": " + openssl_reason());
  const auto key = in_directory(data_directory, config.get_string("ssl_key_file"));
  struct stat st {};
  if (::stat(key.c_str(), &st) != 0)
    return fail("could not access private key file \"" + key.string() + "\": No such file or directory");
  if (!S_ISREG(st.st_mode))
    return fail("private key file \"" + key.string() + "\" is not a regular file");
  if ((st.st_uid == ::geteuid() && (st.st_mode & (S_IRWXG | S_IRWXO)) != 0) ||
      (st.st_uid == 0 && (st.st_mode & (S_IWGRP | S_IXGRP | S_IRWXO)) != 0))
    return fail("private key file \"" + key.string() + "\" has group or world access");
  if (SSL_CTX_use_PrivateKey_file(self->ctx_, key.c_str(), SSL_FILETYPE_PEM) != 1)
    return fail("could not load private key file \"" + key.string() + "\": " + openssl_reason());
  if (SSL_CTX_check_private_key(self->ctx_) != 1)
    return fail("check of private key failed: " + openssl_reason());

  if (const std::string ca = config.get_string("ssl_ca_file"); !ca.empty()) {
    const auto ca_path = in_directory(data_directory, ca);
    if (SSL_CTX_load_verify_locations(self->ctx_, ca_path.c_str(), nullptr) != 1)
      return fail("could not load root certificate file \"" + ca_path.string() + "\": " + openssl_reason());
    STACK_OF(X509_NAME)* names = SSL_load_client_CA_file(ca_path.c_str());
    if (names)
      SSL_CTX_set_client_CA_list(self->ctx_, names);
    // As PostgreSQL: ask for a certificate, verify it when given, do not require one
    // here (pg_hba.conf decides).
    SSL_CTX_set_verify(self->ctx_, SSL_VERIFY_PEER | SSL_VERIFY_CLIENT_ONCE, nullptr);
    self->verifies_clients_ = true;
  }
  if (const std::string crl = config.get_string("ssl_crl_file"); !crl.empty()) {
    const auto crl_path = in_directory(data_directory, crl);
    X509_STORE* store = SSL_CTX_get_cert_store(self->ctx_);
    if (X509_STORE_load_locations(store, crl_path.c_str(), nullptr) != 1)
      return fail("could not load SSL certificate revocation list file \"" + crl_path.string() +
                  "\": " + openssl_reason());
    X509_STORE_set_flags(store, X509_V_FLAG_CRL_CHECK | X509_V_FLAG_CRL_CHECK_ALL);
  }
  return self;
}

}  // namespace tributary
