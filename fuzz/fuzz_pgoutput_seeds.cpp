// fuzz_pgoutput_seeds: writes a seed corpus for fuzz_pgoutput_decoder.
//
// Usage: fuzz_pgoutput_seeds DIR   (creates DIR, writes one file per seed)
// Each seed is a realistic session in the fuzzer's input format (options byte,
// then u16-length-prefixed messages): an ordinary transaction with every change
// kind, streamed transactions (on and parallel), two-phase transactions, and
// CopyData frames, so the fuzzer starts from deep states instead of having to
// discover a valid Relation message by chance. Exit status 0, or 1 on an I/O
// error.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/pgoutput_builder.hpp"

namespace {

using namespace tributary::testkit;

std::string seed(uint8_t options, const std::vector<std::string>& messages) {
  bytes_builder b;
  b.u8(options);
  for (const auto& m : messages)
    b.u16(static_cast<uint16_t>(m.size())).raw(m);
  return b;
}

std::vector<std::string> seeds() {
  const std::vector<column_spec> columns = {{"id", 23, true}, {"name", 25}, {"blob", 17}};
  const std::vector<cell> row = {text("1"), text("a"), binary(std::string("\x00\x01", 2))};
  const std::vector<cell> key = {text("1"), null_cell(), null_cell()};
  const std::string type_msg = bytes_builder().ch('Y').u32(16400).str("public").str("mood");
  const std::string truncate = bytes_builder().ch('T').i32(1).u8(3).u32(16385);
  const std::string message = bytes_builder().ch('M').u8(1).u64(0x50).str("app").i32(3).raw("hey");
  const std::string origin = bytes_builder().ch('O').u64(0x40).str("upstream");

  const std::string plain = seed(0, {
      relation_msg(16385, "public", "items", 'd', columns), type_msg, begin_msg(0x100, 1, 700),
      origin, insert_msg(16385, row), update_msg(16385, 0, {}, {text("1"), unchanged(), null_cell()}),
      update_msg(16385, 'K', key, row), update_msg(16385, 'O', row, row),
      delete_msg(16385, 'K', key), truncate, message, commit_msg(0x100, 0x180, 2)});

  const std::string streamed = seed(1, {
      stream_start_msg(800, true), relation_msg(16385, "public", "items", 'f', columns, 800),
      insert_msg(16385, row, 801), delete_msg(16385, 'O', row, 800), stream_stop_msg(),
      begin_msg(0x200, 3, 900), relation_msg(16385, "public", "items", 'd', columns),
      insert_msg(16385, row), commit_msg(0x200, 0x280, 4),
      stream_start_msg(800, false), update_msg(16385, 0, {}, row, 800), stream_stop_msg(),
      stream_abort_msg(800, 801), stream_commit_msg(800, 0x300, 0x380, 5)});

  const std::string parallel = seed(3 | 4, {
      stream_start_msg(810, true), relation_msg(16385, "public", "items", 'i', columns, 810),
      insert_msg(16385, row, 810), stream_stop_msg(),
      stream_abort_parallel_msg(810, 810, 0x400, 6), std::string(), /* reset */
      relation_msg(16385, "public", "items", 'n', columns), insert_msg(16385, row)});

  const std::string two_phase = seed(2, {
      bytes_builder().ch('b').u64(0x500).u64(0x580).i64(7).u32(950).str("gid-1"),
      relation_msg(16385, "public", "items", 'd', columns), insert_msg(16385, row),
      prepare_msg('P', 0x500, 0x580, 7, 950, "gid-1"),
      bytes_builder().ch('K').u8(0).u64(0x600).u64(0x680).i64(8).u32(950).str("gid-1"),
      bytes_builder().ch('r').u8(0).u64(0x580).u64(0x700).i64(7).i64(9).u32(951).str("gid-2"),
      stream_start_msg(960, true), insert_msg(16385, row, 960), stream_stop_msg(),
      prepare_msg('p', 0x800, 0x880, 10, 960, "gid-3")});

  const std::string frames = seed(3, {
      xlog_data(0, 0, 11, relation_msg(16385, "public", "items", 'd', columns)),
      xlog_data(0x900, 0x900, 12, begin_msg(0x980, 12, 970)),
      xlog_data(0x910, 0x910, 12, insert_msg(16385, row)),
      xlog_data(0x9A0, 0x9A0, 12, commit_msg(0x980, 0x9A0, 12)), keepalive(0x9A0, 13, 1),
      bytes_builder().ch('s').u64(1).u64(2).u64(3).i64(4)});

  return {plain, streamed, parallel, two_phase, frames};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 1;
  }
  std::error_code ec;
  std::filesystem::create_directories(argv[1], ec);
  if (ec) {
    std::fprintf(stderr, "cannot create %s: %s\n", argv[1], ec.message().c_str());
    return 1;
  }
  int n = 0;
  for (const auto& s : seeds()) {
    auto path = std::filesystem::path(argv[1]) / ("seed-" + std::to_string(n++));
    std::ofstream out(path, std::ios::binary);
    out.write(s.data(), static_cast<std::streamsize>(s.size()));
    if (!out) {
      std::fprintf(stderr, "cannot write %s\n", path.c_str());
      return 1;
    }
  }
  return 0;
}
