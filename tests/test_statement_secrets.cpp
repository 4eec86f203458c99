// statement_secrets: what a logged statement keeps and what it masks.
#include <gtest/gtest.h>

#include "stages/core/statement_secrets.hpp"

namespace tributary {
namespace {

TEST(StatementSecrets, AConnectionStringKeepsEverythingButItsPassword) {
  EXPECT_EQ(without_secrets("CREATE SUBSCRIPTION s CONNECTION 'host=h dbname=d password=s3cret user=u' "
                            "PUBLICATION p"),
            "CREATE SUBSCRIPTION s CONNECTION 'host=h dbname=d password=******** user=u' PUBLICATION p");
  EXPECT_EQ(without_secrets("ALTER SUBSCRIPTION s CONNECTION 'host=h PassWord = s3cret'"),
            "ALTER SUBSCRIPTION s CONNECTION 'host=h PassWord = ********'");
  EXPECT_EQ(without_secrets("CREATE SUBSCRIPTION s CONNECTION 'password=s3cret' PUBLICATION p"),
            "CREATE SUBSCRIPTION s CONNECTION 'password=********' PUBLICATION p");
  EXPECT_EQ(without_secrets("CONNECTION 'sslpassword=keypass host=h'"), "CONNECTION 'sslpassword=******** host=h'");
}

TEST(StatementSecrets, AQuotedConnectionValueIsMaskedWhole) {
  EXPECT_EQ(without_secrets("CONNECTION 'host=h password=''two words'' user=u'"),
            "CONNECTION 'host=h password=******** user=u'");
  EXPECT_EQ(without_secrets("CONNECTION 'password=''it\\''s'' user=u'"), "CONNECTION 'password=******** user=u'");
}

TEST(StatementSecrets, ARolePasswordLiteralIsMasked) {
  EXPECT_EQ(without_secrets("CREATE ROLE r LOGIN PASSWORD 'correct horse' VALID UNTIL 'infinity'"),
            "CREATE ROLE r LOGIN PASSWORD '********' VALID UNTIL 'infinity'");
  EXPECT_EQ(without_secrets("alter user r with encrypted password 'it''s'"),
            "alter user r with encrypted password '********'");
  EXPECT_EQ(without_secrets("ALTER ROLE r PASSWORD NULL"), "ALTER ROLE r PASSWORD NULL");
  EXPECT_EQ(without_secrets("ALTER ROLE r PASSWORD E'a\\'b''c' LOGIN"), "ALTER ROLE r PASSWORD E'********' LOGIN");
}

TEST(StatementSecrets, AUriKeepsItsUserAndHost) {
  EXPECT_EQ(without_secrets("CONNECTION 'postgresql://alice:s3cret@db.example:5432/shop'"),
            "CONNECTION 'postgresql://alice:********@db.example:5432/shop'");
  EXPECT_EQ(without_secrets("CONNECTION 'postgres://alice@db/shop'"), "CONNECTION 'postgres://alice@db/shop'");
}

TEST(StatementSecrets, StatementsWithoutSecretsAreUnchanged) {
  for (const char* sql : {"SELECT password FROM accounts", "SELECT 1", "UPDATE t SET mypassword = 'x'",
                          "SELECT 'password'", "", "CONNECTION 'password='"})
    EXPECT_EQ(without_secrets(sql), sql);
}

}  // namespace
}  // namespace tributary
