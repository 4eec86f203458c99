// spool_file: see the NOTES in the header.
#include "storage/spool_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

namespace tributary {

namespace {

constexpr size_t header_bytes = 8;  // u32 length + u32 crc
constexpr size_t read_chunk = size_t{256} << 10;

constexpr std::array<uint32_t, 256> make_crc_table() {
  std::array<uint32_t, 256> table{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k)
      c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  return table;
}
constexpr auto crc_table = make_crc_table();

void put_u32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i)
    out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}

uint32_t get_u32(const char* p) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i)
    v |= static_cast<uint32_t>(static_cast<unsigned char>(p[i])) << (8 * i);
  return v;
}

spool_error io_failure(const char* what, const std::filesystem::path& path, int err) {
  std::string sqlstate = (err == ENOSPC || err == EDQUOT) ? "53100" : "58030";
  return spool_error{sqlstate, std::string("could not ") + what + " file \"" + path.string() + "\": " +
                                   std::strerror(err)};
}

spool_error corrupt(const std::filesystem::path& path, uint64_t offset, const std::string& what) {
  return spool_error{"XX001", "spool file \"" + path.string() + "\" is damaged at offset " +
                                  std::to_string(offset) + ": " + what};
}

}  // namespace

uint32_t crc32_of(std::string_view bytes) {
  uint32_t c = 0xFFFFFFFFu;
  for (unsigned char b : bytes)
    c = crc_table[(c ^ b) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

// --- writer -------------------------------------------------------------------

spool_writer::spool_writer(int fd, std::filesystem::path path, size_t buffer_bytes)
    : fd_(fd), path_(std::move(path)), buffer_bytes_(buffer_bytes) {}

spool_writer::spool_writer(spool_writer&& other) noexcept
    : fd_(other.fd_), path_(std::move(other.path_)), buffer_(std::move(other.buffer_)),
      buffer_bytes_(other.buffer_bytes_), written_(other.written_) {
  other.fd_ = -1;
}

spool_writer& spool_writer::operator=(spool_writer&& other) noexcept {
  if (this != &other) {
    close_fd();
    fd_ = other.fd_;
    other.fd_ = -1;
    path_ = std::move(other.path_);
    buffer_ = std::move(other.buffer_);
    buffer_bytes_ = other.buffer_bytes_;
    written_ = other.written_;
  }
  return *this;
}

spool_writer::~spool_writer() { close_fd(); }

void spool_writer::close_fd() {
  if (fd_ >= 0)
    ::close(fd_);
  fd_ = -1;
}

result<spool_writer, spool_error> spool_writer::create(const std::filesystem::path& path, size_t buffer_bytes) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0)
    return fail(io_failure("create", path, errno));
  spool_writer w(fd, path, buffer_bytes);
  w.buffer_.append(spool_magic);
  return w;
}

result<ok_t, spool_error> spool_writer::append(std::string_view payload) {
  if (payload.size() > max_record_bytes)
    return fail(spool_error{"54000", "spool record of " + std::to_string(payload.size()) + " bytes is too large"});
  put_u32(buffer_, static_cast<uint32_t>(payload.size()));
  put_u32(buffer_, crc32_of(payload));
  buffer_.append(payload);
  if (buffer_.size() >= buffer_bytes_)
    return flush();
  return ok_v;
}

result<ok_t, spool_error> spool_writer::flush() {
  size_t done = 0;
  while (done < buffer_.size()) {
    ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      int err = errno;
      // What did reach the file stays counted; the rest is dropped with the error.
      written_ += done;
      buffer_.clear();
      return fail(io_failure("write to", path_, err));
    }
    done += static_cast<size_t>(n);
  }
  written_ += done;
  buffer_.clear();
  return ok_v;
}

// --- reader -------------------------------------------------------------------

spool_reader::spool_reader(int fd, std::filesystem::path path) : fd_(fd), path_(std::move(path)) {}

spool_reader::spool_reader(spool_reader&& other) noexcept
    : fd_(other.fd_), path_(std::move(other.path_)), buffer_(std::move(other.buffer_)), pos_(other.pos_),
      offset_(other.offset_) {
  other.fd_ = -1;
}

spool_reader& spool_reader::operator=(spool_reader&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = other.fd_;
    other.fd_ = -1;
    path_ = std::move(other.path_);
    buffer_ = std::move(other.buffer_);
    pos_ = other.pos_;
    offset_ = other.offset_;
  }
  return *this;
}

spool_reader::~spool_reader() {
  if (fd_ >= 0)
    ::close(fd_);
}

result<spool_reader, spool_error> spool_reader::open(const std::filesystem::path& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return fail(io_failure("open", path, errno));
  spool_reader r(fd, path);
  auto have = r.fill(spool_magic.size());
  if (!have)
    return fail(have.error());
  if (!*have || std::string_view(r.buffer_).substr(r.pos_, spool_magic.size()) != spool_magic)
    return fail(corrupt(path, 0, "not a spool file"));
  r.pos_ += spool_magic.size();
  r.offset_ += spool_magic.size();
  return r;
}

result<bool, spool_error> spool_reader::fill(size_t count) {
  if (buffer_.size() - pos_ >= count)
    return true;
  buffer_.erase(0, pos_);
  pos_ = 0;
  while (buffer_.size() < count) {
    size_t old = buffer_.size();
    size_t want = std::max(read_chunk, count - old);
    buffer_.resize(old + want);
    ssize_t n = ::read(fd_, buffer_.data() + old, want);
    if (n < 0) {
      int err = errno;
      buffer_.resize(old);
      if (err == EINTR)
        continue;
      return fail(io_failure("read", path_, err));
    }
    buffer_.resize(old + static_cast<size_t>(n));
    if (n == 0)
      return false;
  }
  return true;
}

result<std::optional<std::string>, spool_error> spool_reader::next() {
  auto header = fill(header_bytes);
  if (!header)
    return fail(header.error());
  if (!*header) {
    if (buffer_.size() == pos_)
      return std::optional<std::string>{};
    return fail(corrupt(path_, offset_, "torn record header"));
  }
  uint32_t length = get_u32(buffer_.data() + pos_);
  uint32_t crc = get_u32(buffer_.data() + pos_ + 4);
  if (length > max_record_bytes)
    return fail(corrupt(path_, offset_, "record length " + std::to_string(length) + " is out of range"));
  auto body = fill(header_bytes + length);
  if (!body)
    return fail(body.error());
  if (!*body)
    return fail(corrupt(path_, offset_, "torn record of " + std::to_string(length) + " bytes"));
  std::string payload = buffer_.substr(pos_ + header_bytes, length);
  if (crc32_of(payload) != crc)
    return fail(corrupt(path_, offset_, "checksum mismatch"));
  pos_ += header_bytes + length;
  offset_ += header_bytes + length;
  return std::optional<std::string>{std::move(payload)};
}

result<size_t, spool_error> remove_spool_directory(const std::filesystem::path& directory) {
  std::error_code ec;
  if (!std::filesystem::exists(directory, ec))
    return size_t{0};
  size_t files = 0;
  for (auto& entry : std::filesystem::directory_iterator(directory, ec))
    files += entry.is_regular_file(ec) ? 1 : 0;
  std::filesystem::remove_all(directory, ec);
  if (ec)
    return fail(io_failure("remove", directory, ec.value()));
  return files;
}

}  // namespace tributary
