// 019_cancel_create_subscription: a cancel (psql's Ctrl-C, a CancelRequest) ends
// CREATE SUBSCRIPTION while it waits for a publisher that accepted the TCP
// connection but never answers (issue 16, item 10), as PostgreSQL's
// libpqrcv_connect, which waits for the socket and checks for interrupts.
//
// The "publisher" is a plain TCP listener in the test that accepts and then says
// nothing. Without the cancel the statement would end at connect_timeout (30 s).
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <thread>
#include <vector>

#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

using namespace std::chrono_literals;
using steady = std::chrono::steady_clock;

// Accepts connections on 127.0.0.1 and keeps them open without a byte in reply.
class silent_listener {
public:
  silent_listener() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 && ::listen(fd_, 8) == 0 &&
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) == 0)
      port_ = ntohs(address.sin_port);
    accepting_ = std::thread([this] {
      for (;;) {
        int client = ::accept(fd_, nullptr, nullptr);
        if (client < 0)
          return;
        accepted_.push_back(client);
      }
    });
  }
  ~silent_listener() {
    ::shutdown(fd_, SHUT_RDWR);
    ::close(fd_);
    accepting_.join();
    for (int client : accepted_)
      ::close(client);
  }
  int port() const { return port_; }

private:
  int fd_ = -1;
  int port_ = 0;
  std::thread accepting_;
  std::vector<int> accepted_;
};

class CancelCreateSubscription : public ReplicationTest {};

TEST_F(CancelCreateSubscription, CancelEndsTheWaitForASilentPublisherAtOnceWith57014) {
  silent_listener publisher;
  ASSERT_GT(publisher.port(), 0);
  const std::string create = "CREATE SUBSCRIPTION quiet CONNECTION 'host=127.0.0.1 port=" +
                             std::to_string(publisher.port()) + " dbname=postgres user=postgres' PUBLICATION p";
  ASSERT_EQ(PQsendQuery(local_.get(), create.c_str()), 1) << PQerrorMessage(local_.get());
  std::this_thread::sleep_for(1500ms);  // connected by now, waiting for the startup reply
  std::unique_ptr<PGcancel, void (*)(PGcancel*)> cancel(PQgetCancel(local_.get()), PQfreeCancel);
  const auto cancelled_at = steady::now();
  char error[256];
  ASSERT_EQ(PQcancel(cancel.get(), error, sizeof error), 1) << error;
  pg_result result(PQgetResult(local_.get()));
  ASSERT_NE(result, nullptr);
  EXPECT_LT(steady::now() - cancelled_at, 3s);
  EXPECT_EQ(sqlstate_of(result.get()), "57014") << PQresultErrorMessage(result.get());
  EXPECT_STREQ(PQresultErrorField(result.get(), PG_DIAG_MESSAGE_PRIMARY), "canceling statement due to user request");
  while (PGresult* rest = PQgetResult(local_.get()))
    PQclear(rest);
  // Nothing was created, and the session goes on.
  EXPECT_EQ(local_value("SELECT count(*) FROM pg_subscription"), "0");
}

TEST_F(CancelCreateSubscription, ASilentPublisherWithoutCancelEndsAtConnectTimeout) {
  silent_listener publisher;
  const auto began = steady::now();
  auto r = local_try("CREATE SUBSCRIPTION quiet CONNECTION 'host=127.0.0.1 port=" + std::to_string(publisher.port()) +
                     " dbname=postgres user=postgres connect_timeout=2' PUBLICATION p");
  EXPECT_EQ(sqlstate_of(r.get()), "08006");
  EXPECT_NE(std::string(PQresultErrorMessage(r.get())).find("timeout expired"), std::string::npos)
      << PQresultErrorMessage(r.get());
  EXPECT_LT(steady::now() - began, 10s);
}

}  // namespace
}  // namespace tributary::integration
