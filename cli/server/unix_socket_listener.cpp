// unix_socket_listener: see the header.
#include "cli/server/unix_socket_listener.hpp"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace tributary {
namespace {

bool fill_address(const std::filesystem::path& path, sockaddr_un& address) {
  address = {};
  address.sun_family = AF_UNIX;
  const std::string text = path.string();
  if (text.size() >= sizeof address.sun_path)
    return false;
  std::memcpy(address.sun_path, text.c_str(), text.size() + 1);
  return true;
}

// Whether a server accepts connections on the socket file.
bool someone_listens(const sockaddr_un& address) {
  int probe = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (probe < 0)
    return false;
  const bool connected = ::connect(probe, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
  ::close(probe);
  return connected;
}

}  // namespace

std::filesystem::path unix_socket_path(const std::string& directory, int port) {
  return std::filesystem::path(directory) / (".s.PGSQL." + std::to_string(port));
}

result<unix_socket, std::string> bind_unix_socket(const std::string& directory, int port) {
  unix_socket out;
  out.path = unix_socket_path(directory, port);
  sockaddr_un address;
  if (!fill_address(out.path, address))
    return fail("Unix-domain socket path \"" + out.path.string() + "\" is too long (maximum " +
                std::to_string(sizeof address.sun_path - 1) + " bytes)");
  std::error_code ec;
  if (std::filesystem::exists(std::filesystem::symlink_status(out.path, ec))) {
    if (someone_listens(address))
      return fail("could not bind Unix address \"" + out.path.string() +
                  "\": Address already in use\nHINT:  Is another postmaster already running on port " +
                  std::to_string(port) + "?");
    std::filesystem::remove(out.path, ec);  // left by a server that is gone
  }
  out.fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (out.fd < 0)
    return fail(std::string("could not create Unix socket for address \"") + out.path.string() +
                "\": " + std::strerror(errno));
  if (::bind(out.fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
      ::listen(out.fd, 128) != 0) {
    const std::string why = std::strerror(errno);
    ::close(out.fd);
    return fail("could not bind Unix address \"" + out.path.string() + "\": " + why);
  }
  ::chmod(out.path.c_str(), 0777);
  return out;
}

void remove_unix_socket_file(const unix_socket& socket) {
  std::error_code ec;
  std::filesystem::remove(socket.path, ec);
}

}  // namespace tributary
