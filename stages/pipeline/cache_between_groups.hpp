// cache_between_groups: the page cache an apply connection keeps between two
// groups of whole transactions (apply_sink's "Changed pages"). Pure: the sink
// feeds it what each commit read.
//
// NOTES
//   A group runs with a large cache; its commit sets the small one again, which
//   frees the pages past it, least recently used first. A stream of random
//   updates to a table larger than the cache (pgbench's accounts) reads pages
//   from outside the cache for most changes, and the B-tree's interior pages it
//   passes through take more than SQLite's 2 MB (pgbench at scale 10: ~1 700
//   interior pages of 1 KiB): each commit evicted part of them and the next
//   group read them again (3.96 page reads per pgbench transaction against
//   2.91 with 6 MB; bench/history-21.md). So a group that read at least one page
//   per four changes from outside the cache leaves `rereading_kib` to the next;
//   a stream that reads (almost) nothing back — inserts in key order — keeps
//   `small_kib`, so its memory stays as it was. Groups of fewer than min_changes
//   change nothing: their reads are mostly the shared pages.
//
//   Example: small 2000, rereading 6000 KiB. A group of 10 000 updates read
//   7 900 pages -> 6000; then a group of 8 000 inserts read 12 -> 2000.
#pragma once

#include <algorithm>
#include <cstdint>

namespace tributary {

class cache_between_groups {
public:
  cache_between_groups(int small_kib, int rereading_kib)
      : small_kib_(small_kib), rereading_kib_(std::max(small_kib, rereading_kib)), kib_(small_kib) {}

  // A group of `changes` changes committed, having read `pages_read` pages
  // from outside the cache.
  void on_commit(int64_t changes, int64_t pages_read) {
    if (changes < min_changes || pages_read < 0)
      return;
    kib_ = pages_read * 4 >= changes ? rereading_kib_ : small_kib_;
  }
  // The cache (KiB) to keep until the next group opens.
  int kib() const { return kib_; }

  static constexpr int64_t min_changes = 64;

private:
  int small_kib_;
  int rereading_kib_;
  int kib_;
};

}  // namespace tributary
