// cursor_fetch: which rows a FETCH returns (or a MOVE passes) and where it leaves
// the cursor, decided as PostgreSQL's portal code decides it (pquery.c:
// DoPortalRunFetch, PortalRunSelect, DoPortalRewind) over a cursor whose rows are
// all known, or read as they are needed: a forward read asks whether the next row
// exists (the reader steps its query that far; an error of that step is the
// FETCH's), and each row a FETCH returns is announced the moment the scan is on it
// (the reader keeps it then, while it is its current row).
//
// Two layers, as in PostgreSQL:
//   - the scan: a position among the rows, 0 (before the first) .. n+1 (after the
//     last); reading forward returns the next row, backward the previous one, and
//     a read that finds none moves to the end it ran into;
//   - the portal's bookkeeping over it: at_start, at_end and the row number
//     (portalPos) that FETCH ABSOLUTE and MOVE BACKWARD ALL use.
// Directions: FORWARD n / BACKWARD n (negative n reverses them, 0 re-fetches the
// current row), ABSOLUTE n (negative counts from the end, 0 rewinds), RELATIVE n,
// and ALL (fetch_all). A NO SCROLL cursor fails with 55000 "cursor can only scan
// forward" on any backward read or rewind, as PostgreSQL's does.
//
// Pure: no I/O; the caller keeps the rows.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

enum class fetch_direction { forward, backward, absolute, relative };

// FETCH ALL's count (FetchStmt.howMany, PostgreSQL's LONG_MAX).
constexpr int64_t fetch_all = std::numeric_limits<int64_t>::max();

struct fetch_request {
  fetch_direction direction = fetch_direction::forward;
  int64_t count = 1;
  bool move = false;  // MOVE: rows are passed, not returned
};

struct fetch_result {
  std::vector<size_t> rows;  // 0-based row indexes, in the order they are returned
  uint64_t processed = 0;    // the count in the FETCH n / MOVE n tag
};

// Whether row `index` (0-based) exists, reading the query that far.
using row_exists = std::function<result<bool, pg_error>(size_t index)>;
// Row `index` is returned by the FETCH being run (announced as the scan reaches it).
using row_returned = std::function<void(size_t index)>;

class cursor_position {
public:
  cursor_position(size_t row_count, bool no_scroll)
      : exists_([row_count](size_t index) -> result<bool, pg_error> { return index < row_count; }),
        no_scroll_(no_scroll) {}
  cursor_position(row_exists exists, row_returned returned, bool no_scroll)
      : exists_(std::move(exists)), returned_(std::move(returned)), no_scroll_(no_scroll) {}

  result<fetch_result, pg_error> fetch(const fetch_request& request);

private:
  // PortalRunSelect: `count` rows (fetch_all: every one) in one direction;
  // `out` receives them (nullptr: passed over).
  result<uint64_t, pg_error> run_select(bool forward, int64_t count, std::vector<size_t>* out);
  result<ok_t, pg_error> rewind();
  result<uint64_t, pg_error> scan(bool forward, uint64_t count, std::vector<size_t>* out);

  row_exists exists_;
  row_returned returned_;
  bool no_scroll_;
  size_t scan_ = 0;  // 0: before the first row; n + 1 (n rows): after the last
  bool at_start_ = true;
  bool at_end_ = false;
  uint64_t portal_pos_ = 0;
};

}  // namespace tributary
