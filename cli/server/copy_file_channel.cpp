// copy_file_channel: see the header.
#include "cli/server/copy_file_channel.hpp"

#include <cerrno>
#include <cstring>

namespace tributary {
namespace {

std::string sqlstate_of_errno(int error) {
  switch (error) {
    case ENOENT: return "58P01";
    case EACCES:
    case EPERM: return "42501";
    case EISDIR: return "42809";
    case ENOSPC: return "53100";
    default: return "58030";
  }
}

}  // namespace

result<std::unique_ptr<copy_file_channel>, pg_error> copy_file_channel::open(
    const std::string& path, bool from, const std::filesystem::path& data_directory) {
  std::filesystem::path where(path);
  if (where.is_relative()) {
    if (!from)
      return fail(make_pg_error("42602", "relative path not allowed for COPY to file"));
    where = data_directory / where;
  }
  std::FILE* file = std::fopen(where.c_str(), from ? "rb" : "wb");
  if (file == nullptr) {
    const int error = errno;
    return fail(make_pg_error(
        sqlstate_of_errno(error),
        "could not open file \"" + path + "\" for " + (from ? "reading" : "writing") + ": " + std::strerror(error),
        "",
        error != ENOENT && error != EACCES ? ""
        : from ? "COPY FROM instructs the PostgreSQL server process to read a file. You may want a "
               "client-side facility such as psql's \\copy."
             : "COPY TO instructs the PostgreSQL server process to write a file. You may want a "
               "client-side facility such as psql's \\copy."));
  }
  return std::unique_ptr<copy_file_channel>(new copy_file_channel(file, path));
}

copy_file_channel::~copy_file_channel() {
  if (file_ != nullptr)
    std::fclose(file_);
}

result<std::optional<std::string>, pg_error> copy_file_channel::next_data() {
  std::string piece(64 * 1024, '\0');
  const size_t n = std::fread(piece.data(), 1, piece.size(), file_);
  if (n == 0) {
    if (std::ferror(file_)) {
      const int error = errno;
      return fail(make_pg_error(sqlstate_of_errno(error), "could not read from COPY file: " +
                                                              std::string(std::strerror(error))));
    }
    return std::optional<std::string>{};
  }
  piece.resize(n);
  return std::optional<std::string>(std::move(piece));
}

void copy_file_channel::send_data(std::string_view bytes) {
  if (write_errno_ == 0 && std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size())
    write_errno_ = errno ? errno : EIO;
}

void copy_file_channel::end_copy_out() {
  if (write_errno_ == 0 && std::fflush(file_) != 0)
    write_errno_ = errno ? errno : EIO;
}

result<ok_t, pg_error> copy_file_channel::finish() {
  if (write_errno_ != 0)
    return fail(make_pg_error(sqlstate_of_errno(write_errno_),
                              "could not write to file \"" + path_ + "\": " + std::strerror(write_errno_)));
  return ok_v;
}

}  // namespace tributary
