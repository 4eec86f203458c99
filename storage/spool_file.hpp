// spool_file: the file format and I/O of one streamed transaction's spilled
// changes (DIR/spool/<subscription oid>/<xid>, architecture §2).
//
// NOTES
//   Format: an 8-byte magic "TRBSPL01", then records. A record is
//     u32 length (little-endian) | u32 CRC-32 of the payload | payload (length bytes)
//   The reader checks every record: a tail shorter than its header or than the
//   length it announces is a torn tail (a write that did not finish), a CRC
//   mismatch is corruption; both stop reading with an error naming the file and
//   the offset. A record longer than max_record_bytes is corruption too (never
//   an allocation sized by an unchecked length).
//
//   Writer: creates the file (mode 0600, truncating a stale one), buffers
//   appends and writes them out at flush() or when the buffer passes
//   buffer_bytes; the file is never fsynced: a spool is rebuilt from the
//   publisher after a crash (its stale files are removed at startup).
//   Reader: reads what was flushed, record by record, with a bounded buffer.
//
//   Errors: spool_error with PostgreSQL's wording ("could not write to file
//   \"...\": No space left on device") and SQLSTATE 53100 (disk_full) for
//   ENOSPC / EDQUOT, 58030 (io_error) otherwise, XX001 (data_corrupted) for a
//   torn or corrupt record.
//
//   Blocking file I/O: callers run on a detached actor's own thread.
//
//   Example: writer.append("a"); writer.append("bc"); writer.flush();
//   reader: next() -> "a", next() -> "bc", next() -> end.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "stages/core/result.hpp"

namespace tributary {

struct spool_error {
  std::string sqlstate;  // 53100, 58030, XX001
  std::string message;
};

inline constexpr std::string_view spool_magic = "TRBSPL01";
inline constexpr uint32_t max_record_bytes = uint32_t{1} << 30;

uint32_t crc32_of(std::string_view bytes);

class spool_writer {
public:
  static result<spool_writer, spool_error> create(const std::filesystem::path& path,
                                                  size_t buffer_bytes = size_t{1} << 20);
  spool_writer(spool_writer&& other) noexcept;
  spool_writer& operator=(spool_writer&& other) noexcept;
  spool_writer(const spool_writer&) = delete;
  spool_writer& operator=(const spool_writer&) = delete;
  ~spool_writer();

  result<ok_t, spool_error> append(std::string_view payload);
  result<ok_t, spool_error> flush();
  // Bytes in the file once flushed (magic included).
  uint64_t size() const { return written_ + buffer_.size(); }
  const std::filesystem::path& path() const { return path_; }

private:
  spool_writer(int fd, std::filesystem::path path, size_t buffer_bytes);
  void close_fd();

  int fd_ = -1;
  std::filesystem::path path_;
  std::string buffer_;
  size_t buffer_bytes_;
  uint64_t written_ = 0;
};

class spool_reader {
public:
  static result<spool_reader, spool_error> open(const std::filesystem::path& path);
  spool_reader(spool_reader&& other) noexcept;
  spool_reader& operator=(spool_reader&& other) noexcept;
  spool_reader(const spool_reader&) = delete;
  spool_reader& operator=(const spool_reader&) = delete;
  ~spool_reader();

  // The next record's payload; nullopt at a clean end of file.
  result<std::optional<std::string>, spool_error> next();

private:
  spool_reader(int fd, std::filesystem::path path);
  // Makes `count` bytes available at pos_; false at end of file.
  result<bool, spool_error> fill(size_t count);

  int fd_ = -1;
  std::filesystem::path path_;
  std::string buffer_;
  size_t pos_ = 0;
  uint64_t offset_ = 0;  // file offset of buffer_[pos_]
};

// Removes every file under `directory` (a subscription's spool directory) and
// the directory itself; missing is fine. Returns how many files were removed.
result<size_t, spool_error> remove_spool_directory(const std::filesystem::path& directory);

}  // namespace tributary
