// SCRAM-SHA-256 as PostgreSQL's server speaks it; the exchange is checked against
// RFC 7677's example (user "user", password "pencil").
#include <gtest/gtest.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include "stages/auth/scram_sha256.hpp"

namespace tributary::scram {
namespace {

const std::string rfc_salt_b64 = "W22ZaJ0SNY7soEsUEjb6gQ==";
const std::string rfc_server_nonce = "%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0";
const std::string rfc_client_first = "n,,n=user,r=rOprNGfwEbeRWgbNEkqO";
const std::string rfc_client_final =
    "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=";

verifier rfc_verifier() {
  auto v = parse_verifier(make_verifier("pencil", *base64_decode(rfc_salt_b64), 4096));
  EXPECT_TRUE(v.has_value());
  return *v;
}

TEST(ScramSha256, Base64RoundTripsEveryLength) {
  for (std::string raw : std::vector<std::string>{"", "a", "ab", "abc", "abcd", std::string("\0\xff\x10", 3)})
    EXPECT_EQ(*base64_decode(base64_encode(raw)), raw);
  EXPECT_FALSE(base64_decode("abc").has_value());
  EXPECT_FALSE(base64_decode("ab!=").has_value());
}

TEST(ScramSha256, VerifierHasPostgresFormatAndNoPassword) {
  const std::string text = make_verifier("secret");
  EXPECT_EQ(text.rfind("SCRAM-SHA-256$4096:", 0), 0u) << text;
  EXPECT_EQ(text.find("secret"), std::string::npos);
  auto v = parse_verifier(text);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->iterations, 4096);
  EXPECT_EQ(v->salt.size(), 16u);
  EXPECT_NE(make_verifier("secret"), text) << "a new salt each time";
}

TEST(ScramSha256, VerifierChecksThePasswordItWasMadeFrom) {
  auto v = rfc_verifier();
  EXPECT_TRUE(password_matches(v, "pencil"));
  EXPECT_FALSE(password_matches(v, "pencil "));
  EXPECT_FALSE(password_matches(v, ""));
}

TEST(ScramSha256, RejectsTextThatIsNoVerifier) {
  EXPECT_FALSE(is_verifier("secret"));
  EXPECT_FALSE(is_verifier("md5c6f3e0b1f4b0c1d2e3f4a5b6c7d8e9f0"));
  EXPECT_FALSE(is_verifier("SCRAM-SHA-256$x:abcd$abcd:abcd"));
  EXPECT_FALSE(is_verifier("SCRAM-SHA-256$4096:W22ZaJ0SNY7soEsUEjb6gQ==$short:short"));
}

TEST(ScramSha256, ExchangeMatchesRfc7677) {
  server_exchange exchange(rfc_verifier(), rfc_server_nonce);
  auto first = exchange.client_first(rfc_client_first);
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_EQ(*first, "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096");
  auto final_message = exchange.client_final(rfc_client_final);
  ASSERT_TRUE(final_message) << final_message.error().message;
  EXPECT_TRUE(exchange.authenticated());
  EXPECT_EQ(*final_message, "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=");
}

TEST(ScramSha256, WrongPasswordIsNotAuthenticated) {
  auto wrong = parse_verifier(make_verifier("pen", *base64_decode(rfc_salt_b64), 4096));
  server_exchange exchange(*wrong, rfc_server_nonce);
  ASSERT_TRUE(exchange.client_first(rfc_client_first));
  auto final_message = exchange.client_final(rfc_client_final);
  ASSERT_TRUE(final_message);
  EXPECT_FALSE(exchange.authenticated());
  EXPECT_EQ(*final_message, "");
}

TEST(ScramSha256, WithoutASecretTheExchangeRunsAndFails) {
  server_exchange exchange(std::nullopt, rfc_server_nonce);
  auto first = exchange.client_first(rfc_client_first);
  ASSERT_TRUE(first);
  EXPECT_NE(first->find(",s="), std::string::npos);
  ASSERT_TRUE(exchange.client_final(rfc_client_final));
  EXPECT_FALSE(exchange.authenticated());
}

TEST(ScramSha256, MalformedClientFirstIsProtocolViolation) {
  for (std::string bad : {"", "x,,n=user,r=abc", "n,n=user,r=abc", "n,,r=abc", "n,,n=user,r=", "n,,n=user"}) {
    server_exchange exchange(rfc_verifier());
    auto r = exchange.client_first(bad);
    ASSERT_FALSE(r) << bad;
    EXPECT_EQ(r.error().sqlstate, "08P01") << bad;
    EXPECT_EQ(r.error().message, "malformed SCRAM message") << bad;
  }
  server_exchange exchange(rfc_verifier());
  auto r = exchange.client_first("n,a=other,n=user,r=abc");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().sqlstate, "0A000");
  EXPECT_EQ(r.error().message, "client uses authorization identity, but it is not supported");
}

TEST(ScramSha256, ClientFinalWithAnotherNonceOrNoProofIsRefused) {
  {
    server_exchange exchange(rfc_verifier(), rfc_server_nonce);
    ASSERT_TRUE(exchange.client_first(rfc_client_first));
    auto r = exchange.client_final("c=biws,r=rOprNGfwEbeRWgbNEkqOother,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().message, "invalid SCRAM response");
    EXPECT_EQ(r.error().detail, "Nonce does not match.");
  }
  {
    server_exchange exchange(rfc_verifier(), rfc_server_nonce);
    ASSERT_TRUE(exchange.client_first(rfc_client_first));
    auto r = exchange.client_final("c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().sqlstate, "08P01");
  }
  {
    server_exchange exchange(rfc_verifier(), rfc_server_nonce);
    ASSERT_TRUE(exchange.client_first(rfc_client_first));
    auto r = exchange.client_final("c=eSws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=AAAA");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().sqlstate, "08P01");
    EXPECT_EQ(r.error().message, "unexpected SCRAM channel-binding attribute in client-final-message");
  }
}

// The client's side of the proof (RFC 5802 section 3), to drive the PLUS exchange.
std::string hmac256(const std::string& key, const std::string& message) {
  unsigned char out[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(message.data()),
       message.size(), out, &length);
  return std::string(reinterpret_cast<const char*>(out), length);
}

std::string client_final_for(const std::string& password, const std::string& client_first_bare,
                             const std::string& server_first, const std::string& without_proof) {
  const std::string salt = *base64_decode(server_first.substr(server_first.find(",s=") + 3,
                                                              server_first.find(",i=") - server_first.find(",s=") - 3));
  std::string salted(32, '\0');
  PKCS5_PBKDF2_HMAC(password.data(), static_cast<int>(password.size()),
                    reinterpret_cast<const unsigned char*>(salt.data()), static_cast<int>(salt.size()), 4096,
                    EVP_sha256(), 32, reinterpret_cast<unsigned char*>(salted.data()));
  const std::string client_key = hmac256(salted, "Client Key");
  std::string stored_key(32, '\0');
  SHA256(reinterpret_cast<const unsigned char*>(client_key.data()), client_key.size(),
         reinterpret_cast<unsigned char*>(stored_key.data()));
  const std::string signature = hmac256(stored_key, client_first_bare + "," + server_first + "," + without_proof);
  std::string proof(32, '\0');
  for (size_t i = 0; i < 32; ++i)
    proof[i] = static_cast<char>(client_key[i] ^ signature[i]);
  return without_proof + ",p=" + base64_encode(proof);
}

const std::string certificate_hash(32, '\x5a');

channel_binding plus() { return channel_binding{true, true, certificate_hash}; }

TEST(ScramSha256, PlusBindsTheServerCertificateHash) {
  const std::string bare = "n=,r=clientnonce";
  const std::string c = base64_encode("p=tls-server-end-point,," + certificate_hash);
  {
    server_exchange exchange(rfc_verifier(), plus(), "servernonce");
    auto first = exchange.client_first("p=tls-server-end-point,," + bare);
    ASSERT_TRUE(first) << first.error().message;
    auto final_message = exchange.client_final(client_final_for("pencil", bare, *first, "c=" + c + ",r=clientnonceservernonce"));
    ASSERT_TRUE(final_message) << final_message.error().message;
    EXPECT_TRUE(exchange.authenticated());
  }
  {  // The hash of another certificate (a man in the middle) is refused before the proof counts.
    server_exchange exchange(rfc_verifier(), plus(), "servernonce");
    auto first = exchange.client_first("p=tls-server-end-point,," + bare);
    ASSERT_TRUE(first);
    const std::string other = base64_encode("p=tls-server-end-point,," + std::string(32, '\x01'));
    auto r = exchange.client_final(client_final_for("pencil", bare, *first, "c=" + other + ",r=clientnonceservernonce"));
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().sqlstate, "28000");
    EXPECT_EQ(r.error().message, "SCRAM channel binding check failed");
    EXPECT_FALSE(exchange.authenticated());
  }
}

TEST(ScramSha256, ChannelBindingFlagsAreRefusedAsPostgres) {
  struct refusal {
    channel_binding binding;
    std::string client_first, sqlstate, message, detail;
  };
  const std::vector<refusal> cases = {
      {plus(), "n,,n=,r=abc", "08P01", "malformed SCRAM message",
       "The client selected SCRAM-SHA-256-PLUS, but the SCRAM message does not include channel binding data."},
      {plus(), "y,,n=,r=abc", "08P01", "malformed SCRAM message",
       "The client selected SCRAM-SHA-256-PLUS, but the SCRAM message does not include channel binding data."},
      {plus(), "p=tls-unique,,n=,r=abc", "08P01", "unsupported SCRAM channel-binding type \"tls-unique\"", ""},
      {channel_binding{true, false, {}}, "y,,n=,r=abc", "28000", "SCRAM channel binding negotiation error",
       "The client supports SCRAM channel binding but thinks the server does not.  However, this server does "
       "support channel binding."},
      {channel_binding{true, false, {}}, "p=tls-server-end-point,,n=,r=abc", "08P01", "malformed SCRAM message",
       "The client selected SCRAM-SHA-256 without channel binding, but the SCRAM message includes channel binding "
       "data."},
  };
  for (const auto& c : cases) {
    server_exchange exchange(rfc_verifier(), c.binding, "servernonce");
    auto r = exchange.client_first(c.client_first);
    ASSERT_FALSE(r) << c.client_first;
    EXPECT_EQ(r.error().sqlstate, c.sqlstate) << c.client_first;
    EXPECT_EQ(r.error().message, c.message) << c.client_first;
    EXPECT_EQ(r.error().detail, c.detail) << c.client_first;
  }
  // Without TLS a client that could bind ("y") is let through.
  server_exchange exchange(rfc_verifier(), "servernonce");
  auto first = exchange.client_first("y,,n=,r=abc");
  ASSERT_TRUE(first) << first.error().message;
  auto r = exchange.client_final(client_final_for("pencil", "n=,r=abc", *first, "c=eSws,r=abcservernonce"));
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_TRUE(exchange.authenticated());
}

TEST(ScramSha256, ClientFinalBeforeClientFirstIsRefused) {
  server_exchange exchange(rfc_verifier());
  EXPECT_FALSE(exchange.client_final(rfc_client_final));
}

}  // namespace
}  // namespace tributary::scram
