// A session facing a misbehaving client, specified with real protocol bytes over
// a socketpair against a real data directory: message lengths and types checked
// as PostgreSQL 15 does, invalid UTF-8 refused (22021, nothing run), startup cut
// off by authentication_timeout, max_connections taken only after the startup
// packet (53300 after the SSLRequest was answered), and an unreadable global.db
// reported as what it is. Expected wording was taken from PostgreSQL 15.
#include <gtest/gtest.h>

#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "cli/server/message_stream.hpp"
#include "cli/server/session.hpp"
#include "frontend_test_client.hpp"
#include "session_test_fixture.hpp"

using namespace tributary;
using tributary::testing::backend_message;
using tributary::testing::test_client;
using tributary::testing::types_of;

namespace {

const std::string invalid_utf8 = "invalid byte sequence for encoding \"UTF8\": ";

class SessionRobustnessTest : public tributary::testing::session_test_fixture {};

// ------------------------------------------------------------ message sizes ---

// A raw typed-message header: type byte and a length that may lie.
std::string header(char type, uint32_t length) {
  return std::string(1, type) + test_client::be32(static_cast<int32_t>(length));
}

TEST_F(SessionRobustnessTest, AnOversizedSmallMessageClosesTheConnectionWithoutAReply) {
  auto client = login();
  client->send_raw(header('S', 10001));  // Sync may have 10000 bytes at most
  EXPECT_EQ(client->read().type, 0);
}

TEST_F(SessionRobustnessTest, AQueryLongerThanOneGigabyteClosesTheConnectionWithoutAReply) {
  auto client = login();
  client->send_raw(header('Q', 0x3fffffff));
  EXPECT_EQ(client->read().type, 0);
}

TEST_F(SessionRobustnessTest, ALengthShorterThanItselfClosesTheConnection) {
  auto client = login();
  client->send_raw(header('Q', 3));
  EXPECT_EQ(client->read().type, 0);
}

TEST_F(SessionRobustnessTest, AnUnknownMessageTypeIsFatalBeforeItsLengthIsRead) {
  auto client = login();
  client->send_raw("p");  // PasswordMessage after startup; no length follows
  auto reply = client->read();
  ASSERT_EQ(reply.type, 'E');
  EXPECT_EQ(reply.fields()['S'], "FATAL");
  EXPECT_EQ(reply.fields()['C'], "08P01");
  EXPECT_EQ(reply.fields()['M'], "invalid frontend message type 112");
}

TEST_F(SessionRobustnessTest, AQueryArrivingInPiecesIsAssembledAcrossBufferGrowth) {
  auto client = login();
  // 300 000 bytes: the body buffer starts at 64 KiB and grows as bytes arrive.
  const std::string literal(300'000 - 20, 'x');
  const std::string body = "SELECT length('" + literal + "')" + std::string(1, '\0');
  std::string bytes = header('Q', static_cast<uint32_t>(body.size() + 4)) + body;
  for (size_t at = 0; at < bytes.size(); at += 7'000) {
    client->send_raw(bytes.substr(at, 7'000));
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  auto reply = client->read_until_ready();
  ASSERT_EQ(types_of(reply), "TDCZ");
  EXPECT_EQ(reply[1].values()[0], std::to_string(literal.size()));
}

TEST(MessageStream, AHeaderClaimingMoreThanArrivesIsIncompleteAndHoldsLittle) {
  int fds[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
  test_client client(fds[1]);
  message_stream stream(fds[0]);
  client.send_raw(test_client::be32(255 * 1024 * 1024) + "only this");
  client.close();
  auto body = stream.read_message_body(1u << 30);
  ASSERT_FALSE(body);
  EXPECT_EQ(body.error().what, stream_error::kind::incomplete);
  EXPECT_EQ(body.error().message, "incomplete message from client");
  ::close(fds[0]);
}

TEST(MessageStream, AStartupPacketCutShortIsIncompleteAndSilenceIsClosed) {
  for (const std::string& sent : {std::string("\0\0", 2), std::string()}) {
    int fds[2];
    ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    message_stream stream(fds[0]);
    if (!sent.empty())
      (void)!::write(fds[1], sent.data(), sent.size());
    ::close(fds[1]);
    auto packet = stream.read_startup_packet(10000);
    ASSERT_FALSE(packet);
    EXPECT_EQ(packet.error().what,
              sent.empty() ? stream_error::kind::closed : stream_error::kind::incomplete);
    if (!sent.empty()) {
      EXPECT_EQ(packet.error().message, "incomplete startup packet");
    }
    ::close(fds[0]);
  }
}

TEST(MessageStream, ADeadlineEndsAReadThatGetsNothing) {
  int fds[2];
  ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
  message_stream stream(fds[0]);
  stream.set_deadline(message_stream::clock::now() + std::chrono::milliseconds(100));
  const auto started = std::chrono::steady_clock::now();
  auto packet = stream.read_startup_packet(10000);
  ASSERT_FALSE(packet);
  EXPECT_EQ(packet.error().what, stream_error::kind::timed_out);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));
  ::close(fds[0]);
  ::close(fds[1]);
}

// ----------------------------------------------------------------- startup ---

TEST_F(SessionRobustnessTest, ASilentClientIsDroppedAfterAuthenticationTimeout) {
  ASSERT_TRUE(config_->set("authentication_timeout", "1"));
  auto client = open_session();
  const auto started = std::chrono::steady_clock::now();
  EXPECT_EQ(client->read().type, 0);  // closed without a word, as PostgreSQL does
  const auto waited = std::chrono::steady_clock::now() - started;
  EXPECT_GE(waited, std::chrono::milliseconds(900));
  EXPECT_LT(waited, std::chrono::seconds(10));
}

TEST_F(SessionRobustnessTest, AuthenticationTimeoutNoLongerAppliesOnceStartupIsDone) {
  ASSERT_TRUE(config_->set("authentication_timeout", "1"));
  auto client = login();
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  auto reply = client->exchange("SELECT 1");
  EXPECT_EQ(types_of(reply), "TDCZ");
}

TEST_F(SessionRobustnessTest, ASilentConnectionTakesNoSlotOfMaxConnections) {
  services_.slots = connection_slots::create(1);
  auto silent = open_session();
  auto client = login();  // the only slot: the silent one did not take it
  EXPECT_EQ(types_of(client->exchange("SELECT 1")), "TDCZ");
  EXPECT_EQ(services_.slots->in_use(), 1u);
  silent->close();
  client->close();
}

TEST_F(SessionRobustnessTest, TooManyClientsComesAfterTheSslRequestIsAnswered) {
  services_.slots = connection_slots::create(1);
  auto first = login();
  auto second = open_session();
  second->send_packet(test_client::be32(80877103));
  EXPECT_EQ(second->read_byte(), 'N');
  second->send_startup({{"user", "tester"}, {"database", "postgres"}});
  auto reply = second->read_until_ready();
  ASSERT_EQ(types_of(reply), "E");
  EXPECT_EQ(reply[0].fields()['S'], "FATAL");
  EXPECT_EQ(reply[0].fields()['C'], "53300");
  EXPECT_EQ(reply[0].fields()['M'], "sorry, too many clients already");
  first->close();
  // The slot comes back when the first session ends.
  threads_[0].join();
  threads_.erase(threads_.begin());
  EXPECT_EQ(services_.slots->in_use(), 0u);
  auto third = login();
  EXPECT_EQ(types_of(third->exchange("SELECT 1")), "TDCZ");
}

TEST_F(SessionRobustnessTest, AnUnreadableGlobalDbIsReportedNotTakenForAMissingRole) {
  // global.db replaced by a directory: SQLite cannot open it (EISDIR).
  const auto global = services_.directory->global_db_file();
  std::filesystem::remove(global);
  std::filesystem::create_directory(global);
  auto client = open_session();
  client->send_startup({{"user", "tester"}, {"database", "postgres"}});
  auto reply = client->read_until_ready();
  ASSERT_EQ(types_of(reply), "E");
  auto fields = reply[0].fields();
  EXPECT_EQ(fields['S'], "FATAL");
  EXPECT_EQ(fields['C'], "58030");
  EXPECT_EQ(fields['M'], "could not open file \"global.db\": Is a directory");
}

// ------------------------------------------------------------ invalid UTF-8 ---

TEST_F(SessionRobustnessTest, InvalidUtf8InAQueryIs22021AndRunsNothing) {
  auto client = login();
  ASSERT_EQ(status(client->exchange("CREATE TABLE t(a text)")), 'I');
  auto reply = client->exchange("INSERT INTO t VALUES ('a\xff')");
  ASSERT_EQ(types_of(reply), "EZ");
  EXPECT_EQ(error_of(reply)['C'], "22021");
  EXPECT_EQ(error_of(reply)['M'], invalid_utf8 + "0xff");
  EXPECT_EQ(status(reply), 'I');
  auto count = client->exchange("SELECT count(*) FROM t");
  ASSERT_EQ(types_of(count), "TDCZ");
  EXPECT_EQ(count[1].values()[0], "0");
}

TEST_F(SessionRobustnessTest, InvalidUtf8InsideABlockFailsTheBlock) {
  auto client = login();
  ASSERT_EQ(status(client->exchange("BEGIN")), 'T');
  auto reply = client->exchange("SELECT '\xe2\x82");
  EXPECT_EQ(error_of(reply)['M'], invalid_utf8 + "0xe2 0x82");
  EXPECT_EQ(status(reply), 'E');
  EXPECT_EQ(status(client->exchange("ROLLBACK")), 'I');
}

TEST_F(SessionRobustnessTest, InvalidUtf8InParseSkipsToSync) {
  auto client = login();
  client->send('P', test_client::cstr("") + test_client::cstr("SELECT '\xc3('") + test_client::be16(0));
  client->send('B', test_client::cstr("") + test_client::cstr("") + test_client::be16(0) +
                        test_client::be16(0) + test_client::be16(0));
  client->send('E', test_client::cstr("") + test_client::be32(0));
  client->send('S', "");
  auto reply = client->read_until_ready();
  ASSERT_EQ(types_of(reply), "EZ");
  EXPECT_EQ(error_of(reply)['C'], "22021");
  EXPECT_EQ(error_of(reply)['M'], invalid_utf8 + "0xc3 0x28");
  EXPECT_EQ(status(reply), 'I');
}

// Bind with one parameter of the given format for "SELECT CAST($1 AS text)".
std::vector<backend_message> bind_one(test_client& client, const std::string& portal,
                                      int16_t format, const std::string& value) {
  client.send('P', test_client::cstr("") + test_client::cstr("SELECT CAST($1 AS text)") +
                       test_client::be16(1) + test_client::be32(25));
  client.send('B', test_client::cstr(portal) + test_client::cstr("") + test_client::be16(1) +
                       test_client::be16(format) + test_client::be16(1) +
                       test_client::be32(static_cast<int32_t>(value.size())) + value +
                       test_client::be16(0));
  client.send('E', test_client::cstr(portal) + test_client::be32(0));
  client.send('S', "");
  return client.read_until_ready();
}

TEST_F(SessionRobustnessTest, InvalidUtf8InABindParameterNamesTheParameter) {
  auto client = login();
  auto text = bind_one(*client, "", 0, "a\xff" "b");
  ASSERT_EQ(types_of(text), "1EZ");
  EXPECT_EQ(error_of(text)['C'], "22021");
  EXPECT_EQ(error_of(text)['M'], invalid_utf8 + "0xff");
  EXPECT_EQ(error_of(text)['W'], "unnamed portal parameter $1");
  auto binary = bind_one(*client, "p", 1, std::string("a\0b", 3));
  ASSERT_EQ(types_of(binary), "1EZ");
  EXPECT_EQ(error_of(binary)['M'], invalid_utf8 + "0x00");
  EXPECT_EQ(error_of(binary)['W'], "portal \"p\" parameter $1");
  auto valid = bind_one(*client, "", 0, "caf\xc3\xa9");
  ASSERT_EQ(types_of(valid), "12DCZ");
  EXPECT_EQ(valid[2].values()[0], "caf\xc3\xa9");
}

}  // namespace
