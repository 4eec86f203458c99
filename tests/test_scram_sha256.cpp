// SCRAM-SHA-256 as PostgreSQL's server speaks it; the exchange is checked against
// RFC 7677's example (user "user", password "pencil").
#include <gtest/gtest.h>

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
    EXPECT_EQ(r.error().message, "SCRAM channel binding check failed");
  }
}

TEST(ScramSha256, ClientFinalBeforeClientFirstIsRefused) {
  server_exchange exchange(rfc_verifier());
  EXPECT_FALSE(exchange.client_final(rfc_client_final));
}

}  // namespace
}  // namespace tributary::scram
