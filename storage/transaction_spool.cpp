// transaction_spool: see the NOTES in the header.
#include "storage/transaction_spool.hpp"

#include <sys/stat.h>

#include "stages/pipeline/spooled_change.hpp"
#include "storage/spool_file.hpp"

namespace tributary {

namespace {

pg_error as_pg_error(const spool_error& e) { return make_pg_error(e.sqlstate, e.message); }

size_t change_bytes(const row_change& c) {
  size_t n = sizeof(row_change);
  for (const auto* t : {&c.old_tuple, &c.new_tuple})
    for (const auto& v : *t)
      n += sizeof(tuple_value) + v.bytes.size();
  return n;
}

// Reads one finished spool file back; removes it when dropped.
class spool_file_source final : public change_source {
public:
  spool_file_source(spool_reader reader, std::filesystem::path path, std::shared_ptr<relation_table> relations,
                    std::set<xid_t> aborted, change_filter keep)
      : reader_(std::move(reader)), path_(std::move(path)), relations_(std::move(relations)),
        aborted_(std::move(aborted)), keep_(std::move(keep)) {}
  ~spool_file_source() override {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
  }

  result<bool, pg_error> read(std::vector<row_change>& out, size_t max_bytes) override {
    size_t bytes = 0;
    while (bytes < max_bytes) {
      auto record = reader_.next();
      if (!record)
        return fail(as_pg_error(record.error()));
      if (!*record)
        return false;
      auto decoded = decode_spooled_change(**record, *relations_);
      if (!decoded)
        return fail(make_pg_error("XX001", "spool file \"" + path_.string() + "\": " + decoded.error()));
      if (aborted_.count(decoded->subxid) || (keep_ && !keep_(decoded->change)))
        continue;
      bytes += change_bytes(decoded->change);
      out.push_back(std::move(decoded->change));
    }
    return true;
  }

  result<ok_t, pg_error> rewind() override {
    auto reader = spool_reader::open(path_);
    if (!reader)
      return fail(as_pg_error(reader.error()));
    reader_ = std::move(reader).value();
    return ok_v;
  }

private:
  spool_reader reader_;
  std::filesystem::path path_;
  std::shared_ptr<relation_table> relations_;
  std::set<xid_t> aborted_;
  change_filter keep_;
};

class spool_file_spill final : public change_spill {
public:
  spool_file_spill(spool_writer writer) : writer_(std::move(writer)), relations_(std::make_shared<relation_table>()) {}
  ~spool_file_spill() override {
    if (!finished_) {
      std::error_code ec;
      std::filesystem::remove(writer_.path(), ec);
    }
  }

  result<ok_t, pg_error> write(const row_change& change, xid_t subxid) override {
    record_.clear();
    encode_spooled_change(change, subxid, *relations_, record_);
    if (auto r = writer_.append(record_); !r)
      return fail(as_pg_error(r.error()));
    return ok_v;
  }

  result<std::shared_ptr<change_source>, pg_error> finish(std::set<xid_t> aborted, change_filter keep) override {
    if (auto r = writer_.flush(); !r)
      return fail(as_pg_error(r.error()));
    auto reader = spool_reader::open(writer_.path());
    if (!reader)
      return fail(as_pg_error(reader.error()));
    finished_ = true;  // the source removes the file from now on
    return std::shared_ptr<change_source>(std::make_shared<spool_file_source>(
        std::move(reader).value(), writer_.path(), relations_, std::move(aborted), std::move(keep)));
  }

  uint64_t bytes_written() const override { return writer_.size(); }

private:
  spool_writer writer_;
  std::shared_ptr<relation_table> relations_;
  std::string record_;
  bool finished_ = false;
};

}  // namespace

result<size_t, pg_error> transaction_spool::clear_stale() const {
  auto removed = remove_spool_directory(directory_);
  if (!removed)
    return fail(as_pg_error(removed.error()));
  return *removed;
}

result<std::unique_ptr<change_spill>, pg_error> transaction_spool::open(xid_t xid) const {
  std::error_code ec;
  if (std::filesystem::create_directories(directory_, ec))
    ::chmod(directory_.c_str(), 0700);
  if (ec)
    return fail(make_pg_error("58030", "could not create directory \"" + directory_.string() + "\": " + ec.message()));
  auto writer = spool_writer::create(directory_ / std::to_string(xid));
  if (!writer)
    return fail(as_pg_error(writer.error()));
  return std::unique_ptr<change_spill>(std::make_unique<spool_file_spill>(std::move(writer).value()));
}

spill_factory transaction_spool::factory() const {
  auto self = *this;
  return [self](xid_t xid) { return self.open(xid); };
}

}  // namespace tributary
