// cursor_rows: the rows of a cursor whose query is read as FETCH asks (an open_query,
// query_executor.hpp), so a cursor over a large table holds only the rows of the
// FETCH being answered, never the whole result.
//
//   exists(i)   steps the query forward until row i is read (or the end): only the
//               row last read is held. Rows behind it are known to exist.
//   returned(i) the FETCH returns row i: kept now if it is the row last read;
//               otherwise (a backward read) it is taken when rows() runs the query
//               again from its start and steps to it (one pass for the whole FETCH;
//               PostgreSQL too may run a scrollable cursor's query again, and says
//               that volatile functions may then give other values).
//   rows()      the FETCH's rows in the order returned, in the columns' formats.
//   materialize() before a statement of the transaction writes: every row is read
//               into memory now (from the start), so the cursor keeps answering from
//               the rows as they were, as PostgreSQL's snapshot does; an error met
//               then is reported by the FETCH that reaches that row.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "cli/server/query_executor.hpp"

namespace tributary {

class cursor_rows {
public:
  explicit cursor_rows(std::shared_ptr<open_query> query) : query_(std::move(query)) {}

  const std::vector<result_column>& columns() const { return query_->columns(); }
  // A FETCH begins: nothing announced yet.
  void start_fetch() {
    wanted_.clear();
    kept_.clear();
  }
  result<bool, pg_error> exists(size_t index);
  void returned(size_t index);
  // The rows announced by returned() since the last call, in that order.
  result<std::vector<text_row>, pg_error> rows();
  void materialize();

private:
  using raw_row = std::vector<sql_value>;
  result<ok_t, pg_error> read_again(size_t last_index);

  std::shared_ptr<open_query> query_;
  size_t next_ = 0;              // the index of the row the next step reads
  std::optional<raw_row> last_;  // row next_ - 1
  std::optional<size_t> count_;  // the number of rows, once the end was read
  std::vector<size_t> wanted_;   // the FETCH's rows, in order
  std::map<size_t, raw_row> kept_;
  // materialize(): every row, and the error after them (if reading them failed).
  std::optional<std::vector<raw_row>> all_;
  std::optional<pg_error> error_after_all_;
};

}  // namespace tributary
