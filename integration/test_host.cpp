// test_host: free ports, scratch directories and the unprivileged test user.
// See test_host.hpp for the contract.
#include "integration/test_host.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "integration/process.hpp"

namespace tributary::integration {

result<int, std::string> free_tcp_port() {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return fail(std::string("socket: ") + strerror(errno));
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof address;
  if (bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    std::string message = std::string("bind to 127.0.0.1:0: ") + strerror(errno);
    close(fd);
    return fail(message);
  }
  close(fd);
  return static_cast<int>(ntohs(address.sin_port));
}

bool running_as_root() { return geteuid() == 0; }

std::string current_user_name() {
  const passwd* entry = getpwuid(geteuid());
  return entry != nullptr ? std::string(entry->pw_name) : std::to_string(geteuid());
}

result<std::optional<std::string>, std::string> unprivileged_user() {
  if (!running_as_root()) return std::optional<std::string>{};
  if (getpwnam(test_user_name) == nullptr) {
    process_options add;
    add.argv = {"useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
                test_user_name};
    add.environment = {"PATH=/usr/sbin:/usr/bin:/sbin:/bin"};
    add.kill_with_parent = false;
    auto status = run_to_completion(add, std::chrono::seconds(30));
    // A concurrent test may have created it meanwhile (useradd then exits 9): look again.
    if (getpwnam(test_user_name) == nullptr) {
      std::string why = status ? status->describe() : status.error();
      return fail(std::string("cannot create user ") + test_user_name + " with useradd: " + why);
    }
  }
  return std::optional<std::string>{test_user_name};
}

result<ok_t, std::string> give_to_user(const std::filesystem::path& path, const std::string& user) {
  const passwd* entry = getpwnam(user.c_str());
  if (entry == nullptr) return fail("unknown user \"" + user + "\"");
  uid_t uid = entry->pw_uid;
  gid_t gid = entry->pw_gid;
  auto hand_over = [&](const std::filesystem::path& p) -> result<ok_t, std::string> {
    if (lchown(p.c_str(), uid, gid) != 0) return fail("chown " + p.string() + ": " + strerror(errno));
    return ok_v;
  };
  if (auto r = hand_over(path); !r) return r;
  std::error_code ec;
  if (!std::filesystem::is_directory(path, ec)) return ok_v;
  for (auto it = std::filesystem::recursive_directory_iterator(path, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (auto r = hand_over(it->path()); !r) return r;
  }
  if (ec) return fail("walking " + path.string() + ": " + ec.message());
  return ok_v;
}

result<scratch_directory, std::string> scratch_directory::create(const std::string& prefix) {
  std::error_code ec;
  std::filesystem::path base = running_as_root() ? std::filesystem::path("/tmp")
                                                 : std::filesystem::temp_directory_path(ec);
  if (ec) base = "/tmp";
  if (const char* chosen = std::getenv("TRIBUTARY_TEST_TMPDIR"); chosen != nullptr && *chosen != '\0')
    base = chosen;
  std::string pattern = (base / (prefix + "-XXXXXX")).string();
  if (mkdtemp(pattern.data()) == nullptr) return fail("mkdtemp " + pattern + ": " + strerror(errno));
  return scratch_directory(std::filesystem::path(pattern));
}

scratch_directory& scratch_directory::operator=(scratch_directory&& other) noexcept {
  if (this != &other) {
    remove_now();
    path_ = std::move(other.path_);
    keep_ = other.keep_;
    other.path_.clear();
  }
  return *this;
}

scratch_directory::~scratch_directory() { remove_now(); }

void scratch_directory::remove_now() {
  const char* keep_all = std::getenv("TRIBUTARY_KEEP_TEST_DIRS");
  if (path_.empty() || keep_ || (keep_all != nullptr && std::string(keep_all) == "1")) return;
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
  path_.clear();
}

std::string read_text_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace tributary::integration
