// copy_file_channel: COPY ... FROM 'file' / TO 'file' — the same copy_channel as a
// client's, over a file the server process reads or writes, for superusers, as
// PostgreSQL allows them (non-superusers get 42501 with PostgreSQL's wording).
//
// A relative path is refused for TO (42602, as PostgreSQL) and read relative to
// the data directory for FROM. Opening fails with PostgreSQL's message and the
// SQLSTATE of the OS error (ENOENT 58P01, EACCES 42501, EISDIR 42809, ENOSPC
// 53100, others 58030) and, for ENOENT and EACCES, its hint pointing at psql's \copy. Reads come in
// 64 KiB pieces; writes are buffered and flushed by end_copy_out(), whose failure
// (a full disk) is reported by finish(). PROGRAM is not offered (0A000).
#pragma once

#include <cstdio>
#include <filesystem>
#include <memory>

#include "cli/server/copy_channel.hpp"

namespace tributary {

class copy_file_channel final : public copy_channel {
public:
  // `from`: the file is read (COPY FROM); else written (COPY TO).
  static result<std::unique_ptr<copy_file_channel>, pg_error> open(const std::string& path, bool from,
                                                                   const std::filesystem::path& data_directory);
  ~copy_file_channel() override;

  void begin_copy_in(int16_t, size_t) override {}
  result<std::optional<std::string>, pg_error> next_data() override;
  void begin_copy_out(int16_t, size_t) override {}
  void send_data(std::string_view bytes) override;
  void end_copy_out() override;
  // After COPY TO: whether every byte reached the file.
  result<ok_t, pg_error> finish();

private:
  copy_file_channel(std::FILE* file, std::string path) : file_(file), path_(std::move(path)) {}
  std::FILE* file_;
  std::string path_;
  int write_errno_ = 0;
};

}  // namespace tributary
