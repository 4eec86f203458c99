// 048_publisher_reads: how the connection actor's publisher_connection reads a
// replication stream from a real PostgreSQL walsender.
//
// One read_copy_data takes everything that has arrived, not just what libpq
// reads per call (its input buffer's free space, about 16 KiB while messages
// are small). A reader that took 16 KiB per gather pause left the socket full
// and made the walsender wait: catch-ups ran at half the bare drain's rate
// (bench/README, session 15).
#include <gtest/gtest.h>

#include <thread>

#include "actors/publisher/publisher_connection.hpp"
#include "integration/pg_publisher.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;

TEST(PublisherReads, OneReadTakesEverythingThatArrivedBeyondLibpqsBuffer) {
  pg_publisher publisher;
  ASSERT_NO_FATAL_FAILURE(publisher.start());
  publisher.exec("CREATE TABLE t (id int PRIMARY KEY, v text); CREATE PUBLICATION p FOR TABLE t");
  publisher.exec("SELECT pg_create_logical_replication_slot('reads', 'pgoutput')");
  // 20 000 Insert messages of about 90 bytes: 1.8 MB of stream.
  publisher.exec("INSERT INTO t SELECT g, repeat('x', 50) FROM generate_series(1, 20000) g");

  auto params = parse_conninfo(publisher.conninfo() + " user=postgres replication=database");
  ASSERT_TRUE(params.ok()) << params.error().message;
  auto conn = publisher_connection::open(*params);
  ASSERT_TRUE(conn.ok()) << conn.error().message;
  stream_options options;
  options.publications = {"p"};
  ASSERT_TRUE((*conn)->start_replication("reads", lsn{}, options).ok());
  // The walsender fills the socket (and its own send buffer) and waits.
  ASSERT_TRUE((*conn)->wait_socket(std::chrono::seconds(10)).ok());
  std::this_thread::sleep_for(1s);

  // The limits end a read: at most 10 messages.
  size_t limited = 0;
  auto capped = (*conn)->read_copy_data(
      [&](std::string_view) {
        ++limited;
        return true;
      },
      10, size_t{64} << 20);
  ASSERT_TRUE(capped.ok()) << capped.error().message;
  EXPECT_EQ(*capped, publisher_connection::read_status::data);
  EXPECT_EQ(limited, 10u);

  // Without them, one read takes far more than one buffer of libpq's.
  size_t bytes = 0;
  size_t messages = 0;
  auto read = (*conn)->read_copy_data(
      [&](std::string_view payload) {
        bytes += payload.size();
        ++messages;
        return true;
      },
      1'000'000, size_t{64} << 20);
  ASSERT_TRUE(read.ok()) << read.error().message;
  EXPECT_EQ(*read, publisher_connection::read_status::data);
  EXPECT_GT(bytes, size_t{64} << 10) << messages << " messages in one read: libpq's first buffer only";
}

}  // namespace
}  // namespace tributary::integration
