// unix_socket_listener: PostgreSQL's Unix-domain sockets, so that psql and
// libpq reach the server without -h, and pg_hba.conf's `local` lines apply.
//
// One socket per directory of unix_socket_directories (comma list; "" = none):
// DIR/.s.PGSQL.<port>, mode 0777 as unix_socket_permissions' default (the
// server's umask would make it 0700). A socket file left by a server that is
// gone (nothing accepts on it) is replaced; one a live server listens on is
// refused ("Address already in use", and PostgreSQL's hint). The server
// removes its socket files when it stops.
#pragma once

#include <filesystem>
#include <string>

#include "stages/core/result.hpp"

namespace tributary {

struct unix_socket {
  int fd = -1;
  std::filesystem::path path;
};

// The socket file's name for `port` in `directory`.
std::filesystem::path unix_socket_path(const std::string& directory, int port);

// Binds and listens; the message says why not, in PostgreSQL's words.
result<unix_socket, std::string> bind_unix_socket(const std::string& directory, int port);

// Closes nothing: removes the socket file (the listener's descriptor is the caller's).
void remove_unix_socket_file(const unix_socket& socket);

}  // namespace tributary
