// group_page_budget: when a group of whole transactions should commit so that
// the pages it changes stay in SQLite's page cache (apply_sink's "Changed
// pages"). Pure: the sink feeds it what each commit wrote.
//
// NOTES
//   SQLite tells how many pages a commit wrote (SQLITE_DBSTATUS_CACHE_WRITE),
//   not how many the open transaction has changed so far. So the budget learns
//   pages per change from the groups that committed and predicts the open
//   group's changed pages from its change count: random updates of a large
//   table (pgbench) change about one page per change, inserts in key order
//   one per page of rows (dozens of changes). It starts at one page per change,
//   so a first group never overshoots. full() says commit now.
//
//   Example: budget 4000 pages; a group of 2000 changes wrote 1900 pages
//   -> 0.95 pages per change (halfway from 1.0) -> the next group is full at
//   about 4100 changes.
#pragma once

#include <cstdint>

namespace tributary {

class group_page_budget {
public:
  explicit group_page_budget(int64_t budget_pages) : budget_pages_(budget_pages) {}

  // A group of `changes` changes committed, having written `pages_written`
  // pages (spills included). Groups of fewer than min_changes teach nothing:
  // their few pages are mostly the shared ones (the catalog, interior pages).
  void on_commit(int64_t changes, int64_t pages_written) {
    if (changes < min_changes || pages_written < 0)
      return;
    const double seen = static_cast<double>(pages_written) / static_cast<double>(changes);
    pages_per_change_ = (pages_per_change_ + seen) / 2;
  }
  // The open group's changed pages, predicted, reach the budget.
  bool full(int64_t changes) const {
    return static_cast<double>(changes) * pages_per_change_ >= static_cast<double>(budget_pages_);
  }
  double pages_per_change() const { return pages_per_change_; }
  int64_t budget_pages() const { return budget_pages_; }

  static constexpr int64_t min_changes = 64;

private:
  int64_t budget_pages_;
  double pages_per_change_ = 1.0;
};

}  // namespace tributary
