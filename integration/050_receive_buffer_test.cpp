// 050_receive_buffer: the replication connection to a publisher on this host
// reads through a small TCP receive buffer (replication_receive_buffer, 48kB by
// default; actors/publisher/receive_buffer.hpp says why), 0 leaves it to the
// kernel, and changes of any size arrive through the smallest one; its socket
// finds the walsender's send queue (actors/publisher/peer_send_queue.hpp).
//
// The buffer is read from the running server's own socket: the walsender's
// client port (pg_stat_replication) names the connection in /proc/<pid>/net/tcp,
// its inode the descriptor, which pidfd_getfd copies for a getsockopt.
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "actors/publisher/peer_send_queue.hpp"
#include "integration/replication_fixture.hpp"

namespace tributary::integration {
namespace {

// The inode of pid's TCP socket whose local port is `port`, or "". The table lists
// every socket of the network namespace: a closed connection of another test that
// had the same local port lingers there in TIME_WAIT with inode 0 and is skipped.
std::string socket_inode(pid_t pid, int port) {
  for (const char* table : {"tcp", "tcp6"}) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/net/" + table);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
      std::istringstream fields(line);
      std::string slot, local, remote, state, queues, timer, retransmits, uid, timeout, inode;
      fields >> slot >> local >> remote >> state >> queues >> timer >> retransmits >> uid >> timeout >> inode;
      auto colon = local.rfind(':');
      if (colon != std::string::npos && inode != "0" && std::stoi(local.substr(colon + 1), nullptr, 16) == port)
        return inode;
    }
  }
  return "";
}

// A descriptor of pid's socket with this inode, copied into this process with
// pidfd_getfd (-1 when it cannot be had); the caller closes it.
int copy_of_socket(pid_t pid, const std::string& inode) {
  std::string wanted = "socket:[" + inode + "]";
  for (const auto& entry : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/fd")) {
    std::error_code ec;
    auto target = std::filesystem::read_symlink(entry.path(), ec);
    if (ec || target.string() != wanted)
      continue;
    int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
    if (pidfd < 0)
      return -1;
    int fd = static_cast<int>(syscall(SYS_pidfd_getfd, pidfd, std::stoi(entry.path().filename().string()), 0));
    close(pidfd);
    return fd;
  }
  return -1;
}

// SO_RCVBUF of pid's socket with this inode (-1 when it cannot be read).
int receive_buffer_of(pid_t pid, const std::string& inode) {
  int fd = copy_of_socket(pid, inode);
  if (fd < 0)
    return -1;
  int value = -1;
  socklen_t size = sizeof value;
  if (getsockopt(fd, SOL_SOCKET, SO_RCVBUF, &value, &size) != 0)
    value = -1;
  close(fd);
  return value;
}

class ReceiveBuffer : public ReplicationTest {
protected:
  // SO_RCVBUF of the server's replication connection for subscription `name`:
  // the walsender streaming to it (CREATE SUBSCRIPTION's own replication
  // connection, gone by then, never streams), found among the server's sockets.
  int replication_receive_buffer(const std::string& name) {
    int value = -1;
    replication_socket(name, [&](const std::string& inode) {
      value = receive_buffer_of(subscriber_.pid(), inode);
      return value > 0;
    });
    return value;
  }
  // Calls `found` with the inode of the server's socket streaming from the
  // walsender of subscription `name` until it returns true (30 s at most).
  template <class Found>
  void replication_socket(const std::string& name, Found found) {
    std::string port;
    bool done = wait_until(
        [&] {
          port = publisher_.query_value("SELECT coalesce(max(client_port), 0) FROM pg_stat_replication"
                                        " WHERE application_name = '" + name + "' AND state = 'streaming'");
          if (port.empty() || port == "0")
            return false;
          auto inode = socket_inode(subscriber_.pid(), std::stoi(port));
          return !inode.empty() && found(inode);
        },
        std::chrono::seconds(30), std::chrono::milliseconds(100));
    EXPECT_TRUE(done) << "no socket of the server streams from the walsender at port " << port << "\n"
                      << subscriber_.log_text();
  }
  void restart_with(const std::string& setting) {
    std::ofstream conf(subscriber_.data_dir() / "tributary.conf", std::ios::app);
    conf << "\n" << setting << "\n";
    conf.close();
    ASSERT_NO_FATAL_FAILURE(subscriber_.restart());
    local_ = subscriber_.connect();
    ASSERT_EQ(PQstatus(local_.get()), CONNECTION_OK);
  }
};

TEST_F(ReceiveBuffer, AReplicationConnectionToThisHostReadsThroughFortyEightKilobytes) {
  EXPECT_EQ(local_value("SHOW replication_receive_buffer"), "48kB");
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  create_subscription("sub", "pub");
  // Linux keeps twice what was asked for.
  EXPECT_EQ(replication_receive_buffer("sub"), 2 * 48 * 1024);
  publisher_.exec("INSERT INTO t SELECT generate_series(1, 1000)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1000"));
}

// The connection times its reads by the walsender socket's send queue
// (read_timing.hpp): the server's own replication socket finds it through the
// kernel's socket diagnostics, whatever address family the publisher listens on.
TEST_F(ReceiveBuffer, TheReplicationSocketFindsTheWalsendersSendQueue) {
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  create_subscription("sub", "pub");
  std::optional<peer_send_queue::reading> walsender;
  replication_socket("sub", [&](const std::string& inode) {
    int fd = copy_of_socket(subscriber_.pid(), inode);
    if (fd < 0)
      return false;
    auto queue = peer_send_queue::open(fd);
    close(fd);  // the lookup keeps the addresses, not the descriptor
    EXPECT_TRUE(queue) << queue.error();
    if (!queue || !*queue)
      return false;
    walsender = (*queue)->read();
    return walsender.has_value();
  });
  ASSERT_TRUE(walsender);
  EXPECT_GT(walsender->send_buffer, size_t{0});
  publisher_.exec("INSERT INTO t SELECT generate_series(1, 1000)");
  ASSERT_TRUE(wait_local("SELECT count(*) FROM t", "1000"));
}

TEST_F(ReceiveBuffer, ZeroLeavesTheBufferToTheKernel) {
  ASSERT_NO_FATAL_FAILURE(restart_with("replication_receive_buffer = 0"));
  EXPECT_EQ(local_value("SHOW replication_receive_buffer"), "0");
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY)");
  create_subscription("sub", "pub");
  int kernels = replication_receive_buffer("sub");
  EXPECT_GT(kernels, 0);
  EXPECT_NE(kernels, 2 * 48 * 1024);
  std::ifstream rmem("/proc/sys/net/ipv4/tcp_rmem");
  long low = 0, initial = 0;
  rmem >> low >> initial;
  EXPECT_GE(kernels, initial) << "the kernel's initial buffer, or more once autotuned";
}

// Rows of several MB and many small ones through a 32 kB buffer (the smallest):
// a window smaller than the publisher's segments would stall the stream.
TEST_F(ReceiveBuffer, LargeAndSmallChangesArriveThroughTheSmallestBuffer) {
  ASSERT_NO_FATAL_FAILURE(restart_with("replication_receive_buffer = 32kB"));
  publisher_.exec("CREATE TABLE t (a int PRIMARY KEY, b text); CREATE PUBLICATION pub FOR TABLE t");
  local_exec("CREATE TABLE t (a int PRIMARY KEY, b text)");
  create_subscription("sub", "pub");
  EXPECT_EQ(replication_receive_buffer("sub"), 2 * 32 * 1024);
  publisher_.exec("INSERT INTO t SELECT i, repeat(md5(i::text), 100000) FROM generate_series(1, 8) i");
  publisher_.exec("INSERT INTO t SELECT i, md5(i::text) FROM generate_series(9, 20008) i");
  publisher_.exec("UPDATE t SET b = b || 'x' WHERE a % 1000 = 1");
  ASSERT_TRUE(wait_caught_up("sub"));
  auto digest = "SELECT count(*) || ':' || sum(length(b)) || ':' || md5(string_agg(b, ',' ORDER BY a)) FROM t";
  EXPECT_EQ(local_value(digest), publisher_.query_value(digest));
}

}  // namespace
}  // namespace tributary::integration
