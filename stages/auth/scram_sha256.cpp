// scram_sha256: see the header.
#include "stages/auth/scram_sha256.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include <array>
#include <cctype>
#include <charconv>
#include <stdexcept>

namespace tributary::scram {
namespace {

constexpr size_t key_length = SHA256_DIGEST_LENGTH;
constexpr size_t salt_length = 16;       // PostgreSQL's SCRAM_DEFAULT_SALT_LEN
constexpr size_t raw_nonce_length = 18;  // PostgreSQL's SCRAM_RAW_NONCE_LEN

std::string random_bytes(size_t n) {
  std::string out(n, '\0');
  if (RAND_bytes(reinterpret_cast<unsigned char*>(out.data()), static_cast<int>(n)) != 1)
    throw std::runtime_error("could not generate random bytes");
  return out;
}

std::string hmac(std::string_view key, std::string_view message) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> out{};
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(message.data()), message.size(), out.data(), &length);
  return std::string(reinterpret_cast<const char*>(out.data()), length);
}

std::string sha256(std::string_view message) {
  std::array<unsigned char, SHA256_DIGEST_LENGTH> out{};
  SHA256(reinterpret_cast<const unsigned char*>(message.data()), message.size(), out.data());
  return std::string(reinterpret_cast<const char*>(out.data()), out.size());
}

std::string salted_password(std::string_view password, std::string_view salt, int iterations) {
  std::string out(key_length, '\0');
  PKCS5_PBKDF2_HMAC(password.data(), static_cast<int>(password.size()),
                    reinterpret_cast<const unsigned char*>(salt.data()), static_cast<int>(salt.size()),
                    iterations, EVP_sha256(), static_cast<int>(key_length),
                    reinterpret_cast<unsigned char*>(out.data()));
  return out;
}

bool equal_in_constant_time(std::string_view a, std::string_view b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

pg_error malformed(std::string detail) {
  return make_pg_error("08P01", "malformed SCRAM message", std::move(detail));
}

// Reads "<attr>=<value>" up to the next ',' (or the end) from `rest`.
result<std::string, pg_error> read_attribute(std::string_view& rest, char attr) {
  if (rest.empty() || rest[0] != attr)
    return fail(malformed(std::string("Expected attribute \"") + attr + "\" but found \"" +
                          std::string(rest.substr(0, 1)) + "\"."));
  if (rest.size() < 2 || rest[1] != '=')
    return fail(malformed(std::string("Expected character \"=\" for attribute \"") + attr + "\"."));
  auto end = rest.find(',');
  std::string value(rest.substr(2, end == std::string_view::npos ? std::string_view::npos : end - 2));
  rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
  return value;
}

bool printable_nonce(std::string_view nonce) {
  if (nonce.empty())
    return false;
  for (char c : nonce)
    if (c < 0x21 || c > 0x7e || c == ',')
      return false;
  return true;
}

verifier random_verifier() {
  return verifier{default_iterations, random_bytes(salt_length), random_bytes(key_length),
                  random_bytes(key_length)};
}

}  // namespace

std::string base64_encode(std::string_view raw) {
  std::string out(4 * ((raw.size() + 2) / 3) + 1, '\0');
  int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                          reinterpret_cast<const unsigned char*>(raw.data()), static_cast<int>(raw.size()));
  out.resize(static_cast<size_t>(n));
  return out;
}

std::optional<std::string> base64_decode(std::string_view text) {
  if (text.size() % 4 != 0)
    return std::nullopt;
  for (char c : text)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '/' || c == '='))
      return std::nullopt;
  std::string out(3 * (text.size() / 4) + 1, '\0');
  int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                          reinterpret_cast<const unsigned char*>(text.data()), static_cast<int>(text.size()));
  if (n < 0)
    return std::nullopt;
  size_t length = static_cast<size_t>(n);
  // EVP_DecodeBlock counts the padding as zero bytes.
  for (size_t i = text.size(); i > 0 && text[i - 1] == '='; --i)
    --length;
  out.resize(length);
  return out;
}

std::string make_verifier(std::string_view password, std::string_view salt, int iterations) {
  const std::string salted = salted_password(password, salt, iterations);
  const std::string stored_key = sha256(hmac(salted, "Client Key"));
  const std::string server_key = hmac(salted, "Server Key");
  return std::string(mechanism) + "$" + std::to_string(iterations) + ":" + base64_encode(salt) + "$" +
         base64_encode(stored_key) + ":" + base64_encode(server_key);
}

std::string make_verifier(std::string_view password, int iterations) {
  return make_verifier(password, random_bytes(salt_length), iterations);
}

std::optional<verifier> parse_verifier(std::string_view text) {
  const std::string prefix = std::string(mechanism) + "$";
  if (text.substr(0, prefix.size()) != prefix)
    return std::nullopt;
  text.remove_prefix(prefix.size());
  auto colon = text.find(':');
  auto dollar = text.find('$');
  if (colon == std::string_view::npos || dollar == std::string_view::npos || dollar < colon)
    return std::nullopt;
  verifier v;
  auto digits = text.substr(0, colon);
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v.iterations);
  if (ec != std::errc{} || end != digits.data() + digits.size() || v.iterations <= 0)
    return std::nullopt;
  auto salt = base64_decode(text.substr(colon + 1, dollar - colon - 1));
  auto keys = text.substr(dollar + 1);
  auto key_colon = keys.find(':');
  if (!salt || salt->empty() || key_colon == std::string_view::npos)
    return std::nullopt;
  auto stored = base64_decode(keys.substr(0, key_colon));
  auto server = base64_decode(keys.substr(key_colon + 1));
  if (!stored || !server || stored->size() != key_length || server->size() != key_length)
    return std::nullopt;
  v.salt = std::move(*salt);
  v.stored_key = std::move(*stored);
  v.server_key = std::move(*server);
  return v;
}

bool is_verifier(std::string_view text) { return parse_verifier(text).has_value(); }

bool password_matches(const verifier& v, std::string_view password) {
  const std::string salted = salted_password(password, v.salt, v.iterations);
  return equal_in_constant_time(sha256(hmac(salted, "Client Key")), v.stored_key) &&
         equal_in_constant_time(hmac(salted, "Server Key"), v.server_key);
}

server_exchange::server_exchange(std::optional<verifier> secret, channel_binding binding)
    : server_exchange(std::move(secret), std::move(binding), base64_encode(random_bytes(raw_nonce_length))) {}

server_exchange::server_exchange(std::optional<verifier> secret, std::string server_nonce)
    : server_exchange(std::move(secret), channel_binding{}, std::move(server_nonce)) {}

server_exchange::server_exchange(std::optional<verifier> secret, channel_binding binding, std::string server_nonce)
    : secret_(secret ? std::move(*secret) : random_verifier()),
      has_secret_(secret.has_value()),
      binding_(std::move(binding)),
      server_nonce_(std::move(server_nonce)) {}

result<std::string, pg_error> server_exchange::client_first(std::string_view message) {
  if (state_ != state::awaiting_client_first)
    return fail(malformed("Unexpected client-first-message."));
  std::string_view rest = message;
  if (rest.empty())
    return fail(malformed("Unexpected end of input."));
  const auto comma_after_flag = [&]() -> result<ok_t, pg_error> {
    rest.remove_prefix(1);
    if (rest.empty() || rest[0] != ',')
      return fail(malformed("Comma expected, but found character \"" + std::string(rest.substr(0, 1)) + "\"."));
    rest.remove_prefix(1);
    return ok_v;
  };
  binding_flag_ = rest[0];
  switch (rest[0]) {
    case 'n':
    case 'y': {
      if (binding_.selected)
        return fail(malformed(
            "The client selected SCRAM-SHA-256-PLUS, but the SCRAM message does not include channel binding data."));
      if (rest[0] == 'y' && binding_.tls_in_use)
        return fail(make_pg_error("28000", "SCRAM channel binding negotiation error",
                                  "The client supports SCRAM channel binding but thinks the server does not.  "
                                  "However, this server does support channel binding."));
      auto comma = comma_after_flag();
      if (!comma)
        return fail(comma.error());
      break;
    }
    case 'p': {
      if (!binding_.selected)
        return fail(malformed(
            "The client selected SCRAM-SHA-256 without channel binding, but the SCRAM message includes "
            "channel binding data."));
      auto type = read_attribute(rest, 'p');
      if (!type)
        return fail(type.error());
      if (*type != binding_type)
        return fail(make_pg_error("08P01", "unsupported SCRAM channel-binding type \"" + *type + "\""));
      break;
    }
    default:
      return fail(malformed("Unexpected channel-binding flag \"" + std::string(rest.substr(0, 1)) + "\"."));
  }
  if (!rest.empty() && rest[0] == 'a')
    return fail(make_pg_error("0A000", "client uses authorization identity, but it is not supported"));
  if (rest.empty() || rest[0] != ',')
    return fail(malformed("Unexpected attribute \"" + std::string(rest.substr(0, 1)) + "\" in client-first-message."));
  rest.remove_prefix(1);
  client_first_bare_ = std::string(rest);
  if (!rest.empty() && rest[0] == 'm')
    return fail(make_pg_error("0A000", "client requires an unsupported SCRAM extension"));
  auto user = read_attribute(rest, 'n');  // PostgreSQL uses the startup packet's user
  if (!user)
    return fail(user.error());
  auto nonce = read_attribute(rest, 'r');
  if (!nonce)
    return fail(nonce.error());
  if (!printable_nonce(*nonce))
    return fail(malformed("Invalid nonce."));
  combined_nonce_ = *nonce + server_nonce_;
  server_first_ = "r=" + combined_nonce_ + ",s=" + base64_encode(secret_.salt) +
                  ",i=" + std::to_string(secret_.iterations);
  state_ = state::awaiting_client_final;
  return server_first_;
}

result<std::string, pg_error> server_exchange::client_final(std::string_view message) {
  if (state_ != state::awaiting_client_final)
    return fail(malformed("Unexpected client-final-message."));
  state_ = state::finished;
  std::string_view rest = message;
  auto binding = read_attribute(rest, 'c');
  if (!binding)
    return fail(binding.error());
  if (binding_.selected) {
    const std::string expected = base64_encode("p=" + std::string(binding_type) + ",," + binding_.end_point);
    if (*binding != expected)
      return fail(make_pg_error("28000", "SCRAM channel binding check failed"));
  } else if (!(*binding == "biws" && binding_flag_ == 'n') && !(*binding == "eSws" && binding_flag_ == 'y')) {
    return fail(make_pg_error("08P01", "unexpected SCRAM channel-binding attribute in client-final-message"));
  }
  auto nonce = read_attribute(rest, 'r');
  if (!nonce)
    return fail(nonce.error());
  if (*nonce != combined_nonce_)
    return fail(make_pg_error("08P01", "invalid SCRAM response", "Nonce does not match."));
  // Extensions up to the proof, which is the last attribute.
  auto proof_at = message.rfind(",p=");
  if (proof_at == std::string_view::npos || proof_at + 3 > message.size())
    return fail(malformed("Could not find proof in client-final-message."));
  const std::string_view without_proof = message.substr(0, proof_at);
  auto proof = base64_decode(message.substr(proof_at + 3));
  if (!proof || proof->size() != key_length)
    return fail(malformed("Malformed proof in client-final-message."));
  const std::string auth_message = client_first_bare_ + "," + server_first_ + "," + std::string(without_proof);
  const std::string client_signature = hmac(secret_.stored_key, auth_message);
  std::string client_key(key_length, '\0');
  for (size_t i = 0; i < key_length; ++i)
    client_key[i] = static_cast<char>((*proof)[i] ^ client_signature[i]);
  authenticated_ = has_secret_ && equal_in_constant_time(sha256(client_key), secret_.stored_key);
  if (!authenticated_)
    return std::string();
  return "v=" + base64_encode(hmac(secret_.server_key, auth_message));
}

}  // namespace tributary::scram
