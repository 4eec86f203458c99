// cursor_rows: see cursor_rows.hpp.
#include "cli/server/cursor_rows.hpp"

#include <algorithm>

namespace tributary {

result<bool, pg_error> cursor_rows::exists(size_t index) {
  if (all_) {
    if (index < all_->size())
      return true;
    if (error_after_all_)
      return fail(*error_after_all_);
    return false;
  }
  if (index < next_)
    return true;
  if (count_ && index >= *count_)
    return false;
  while (next_ <= index) {
    auto row = query_->next();
    if (!row)
      return fail(row.error());
    if (!*row) {
      count_ = next_;
      last_.reset();
      return false;
    }
    last_ = std::move(**row);
    ++next_;
  }
  return true;
}

void cursor_rows::returned(size_t index) {
  wanted_.push_back(index);
  if (!all_ && last_ && index + 1 == next_)
    kept_.emplace(index, *last_);
}

result<ok_t, pg_error> cursor_rows::read_again(size_t last_index) {
  query_->rewind();
  next_ = 0;
  last_.reset();
  while (next_ <= last_index) {
    auto row = query_->next();
    if (!row)
      return fail(row.error());
    if (!*row) {
      count_ = next_;
      break;
    }
    if (std::find(wanted_.begin(), wanted_.end(), next_) != wanted_.end())
      kept_.emplace(next_, **row);
    last_ = std::move(**row);
    ++next_;
  }
  return ok_v;
}

result<std::vector<text_row>, pg_error> cursor_rows::rows() {
  std::vector<size_t> wanted = std::move(wanted_);
  wanted_.clear();
  std::map<size_t, raw_row> kept = std::move(kept_);
  kept_.clear();
  if (!all_) {
    size_t missing_last = 0;
    bool missing = false;
    for (size_t index : wanted)
      if (!kept.count(index)) {
        missing = true;
        missing_last = std::max(missing_last, index);
      }
    if (missing) {
      wanted_ = wanted;
      auto again = read_again(missing_last);
      wanted_.clear();
      if (!again)
        return fail(again.error());
      kept.merge(kept_);
      kept_.clear();
    }
  }
  std::vector<text_row> out;
  out.reserve(wanted.size());
  for (size_t index : wanted) {
    const raw_row* raw = nullptr;
    if (all_) {
      raw = index < all_->size() ? &(*all_)[index] : nullptr;
    } else if (auto it = kept.find(index); it != kept.end()) {
      raw = &it->second;
    }
    if (raw == nullptr)
      continue;
    auto row = query_->format(*raw);
    if (!row)
      return fail(row.error());
    out.push_back(std::move(*row));
  }
  return out;
}

void cursor_rows::materialize() {
  if (all_)
    return;
  std::vector<raw_row> rows;
  query_->rewind();
  for (;;) {
    auto row = query_->next();
    if (!row) {
      error_after_all_ = row.error();
      break;
    }
    if (!*row)
      break;
    rows.push_back(std::move(**row));
  }
  query_->rewind();
  all_ = std::move(rows);
  last_.reset();
}

}  // namespace tributary
