// session_test_fixture: a real session object driven over a socketpair with real
// protocol bytes, against a real data directory (global.db + SQLite database
// files) in a temporary directory. Shared by the session test files: each opens
// sessions (open_session, or login for a started one) and reads the replies with
// the helpers below.
#pragma once

#include <gtest/gtest.h>

#include <sys/socket.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "cli/server/session.hpp"
#include "frontend_test_client.hpp"

namespace tributary::testing {

class session_test_fixture : public ::testing::Test {
protected:
  void SetUp() override {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "tributary_session_XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    auto directory = data_directory::open(root_ / "data", "tester");
    ASSERT_TRUE(directory.ok()) << directory.error();
    services_.directory = *directory;
    config_ = std::make_shared<settings>();
    services_.server_settings = config_;
    services_.subscriptions = std::make_shared<subscription_commands>();
  }

  void TearDown() override {
    for (auto& t : threads_)
      t.join();
    sessions_.clear();
    services_ = {};
    std::filesystem::remove_all(root_);
  }

  // A session on one end of a socketpair, running on its own thread.
  std::unique_ptr<test_client> open_session() {
    int fds[2];
    EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    auto s = std::make_shared<session>(fds[0], 4242, 777, services_);
    sessions_.push_back(s);
    threads_.emplace_back([s] { s->run(); });
    return std::make_unique<test_client>(fds[1]);
  }

  // A session past startup as user "tester", ready for queries.
  std::unique_ptr<test_client> login(const std::string& database = "postgres") {
    auto client = open_session();
    client->send_startup({{"user", "tester"}, {"database", database}, {"application_name", "tests"}});
    auto reply = client->read_until_ready();
    EXPECT_FALSE(reply.empty());
    EXPECT_EQ(reply.empty() ? 0 : reply.back().type, 'Z');
    return client;
  }

  static const backend_message* find(const std::vector<backend_message>& messages, char type) {
    for (const auto& m : messages)
      if (m.type == type)
        return &m;
    return nullptr;
  }

  static std::vector<std::string> tags(const std::vector<backend_message>& messages) {
    std::vector<std::string> out;
    for (const auto& m : messages)
      if (m.type == 'C')
        out.push_back(m.tag());
    return out;
  }

  static std::string error_code(const std::vector<backend_message>& messages) {
    const backend_message* e = find(messages, 'E');
    return e ? e->fields()['C'] : std::string();
  }

  // The fields of the first ErrorResponse ({} when there is none).
  static std::map<char, std::string> error_of(const std::vector<backend_message>& messages) {
    const backend_message* e = find(messages, 'E');
    return e ? e->fields() : std::map<char, std::string>{};
  }

  // The transaction status of the final ReadyForQuery ('?' when there is none).
  static char status(const std::vector<backend_message>& messages) {
    return messages.empty() || messages.back().type != 'Z' ? '?' : messages.back().body[0];
  }

  std::filesystem::path root_;
  session_services services_;
  std::shared_ptr<settings> config_;
  std::vector<std::shared_ptr<session>> sessions_;
  std::vector<std::thread> threads_;
};

}  // namespace tributary::testing
