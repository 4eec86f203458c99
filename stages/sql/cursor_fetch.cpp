// cursor_fetch: PostgreSQL's FETCH arithmetic over known rows (see the header).
#include "stages/sql/cursor_fetch.hpp"

namespace tributary {
namespace {

pg_error forward_only() {
  return make_pg_error("55000", "cursor can only scan forward", {},
                       "Declare it with SCROLL option to enable backward scan.");
}

}  // namespace

result<uint64_t, pg_error> cursor_position::scan(bool forward, uint64_t count, std::vector<size_t>* out) {
  uint64_t done = 0;
  while (count == 0 || done < count) {
    if (forward) {
      auto next = exists_(scan_);  // the row after position scan_
      if (!next)
        return fail(next.error());
      if (!*next) {
        // Onto the position after the last row, unless already there.
        auto current = scan_ == 0 ? result<bool, pg_error>(true) : exists_(scan_ - 1);
        if (!current)
          return fail(current.error());
        if (*current)
          ++scan_;
        break;
      }
      ++scan_;
    } else {
      if (scan_ <= 1) {
        scan_ = 0;
        break;
      }
      --scan_;
    }
    if (out != nullptr) {
      out->push_back(scan_ - 1);
      if (returned_)
        returned_(scan_ - 1);
    }
    ++done;
  }
  return done;
}

result<uint64_t, pg_error> cursor_position::run_select(bool forward, int64_t count,
                                                        std::vector<size_t>* out) {
  if (!forward && no_scroll_)
    return fail(forward_only());
  const bool blocked = forward ? at_end_ : at_start_;
  if (blocked || count <= 0)
    return uint64_t{0};  // no movement
  const uint64_t limit = count == fetch_all ? 0 : static_cast<uint64_t>(count);
  auto scanned = scan(forward, limit, out);
  if (!scanned)
    return fail(scanned.error());
  const uint64_t done = *scanned;
  if (forward) {
    if (done > 0)
      at_start_ = false;
    if (limit == 0 || done < limit)
      at_end_ = true;
    portal_pos_ += done;
  } else {
    if (done > 0 && at_end_) {
      at_end_ = false;
      ++portal_pos_;
    }
    if (limit == 0 || done < limit) {
      at_start_ = true;
      portal_pos_ = 0;
    } else {
      portal_pos_ -= done;
    }
  }
  return done;
}

result<ok_t, pg_error> cursor_position::rewind() {
  if (at_start_ && !at_end_)
    return ok_v;
  if (no_scroll_)
    return fail(forward_only());
  scan_ = 0;
  at_start_ = true;
  at_end_ = false;
  portal_pos_ = 0;
  return ok_v;
}

result<fetch_result, pg_error> cursor_position::fetch(const fetch_request& request) {
  fetch_result out;
  std::vector<size_t>* sink = request.move ? nullptr : &out.rows;
  auto finish = [&](result<uint64_t, pg_error> r) -> result<fetch_result, pg_error> {
    if (!r)
      return fail(r.error());
    out.processed = *r;
    return out;
  };
  fetch_direction direction = request.direction;
  int64_t count = request.count;
  switch (direction) {
    case fetch_direction::forward:
    case fetch_direction::backward:
      if (count < 0) {
        direction = direction == fetch_direction::forward ? fetch_direction::backward
                                                          : fetch_direction::forward;
        count = -count;
      }
      break;
    case fetch_direction::absolute:
      if (count > 0) {
        if (static_cast<uint64_t>(count - 1) <= portal_pos_ / 2) {
          if (auto r = rewind(); !r)
            return fail(r.error());
          if (count > 1)
            if (auto r = run_select(true, count - 1, nullptr); !r)
              return fail(r.error());
        } else {
          auto pos = static_cast<int64_t>(portal_pos_);
          if (at_end_)
            ++pos;  // one extra read when past the end
          if (count <= pos) {
            if (auto r = run_select(false, pos - count + 1, nullptr); !r)
              return fail(r.error());
          } else if (count > pos + 1) {
            if (auto r = run_select(true, count - pos - 1, nullptr); !r)
              return fail(r.error());
          }
        }
        return finish(run_select(true, 1, sink));
      }
      if (count < 0) {
        if (auto r = run_select(true, fetch_all, nullptr); !r)
          return fail(r.error());
        if (count < -1)
          if (auto r = run_select(false, -count - 1, nullptr); !r)
            return fail(r.error());
        return finish(run_select(false, 1, sink));
      }
      if (auto r = rewind(); !r)
        return fail(r.error());
      return finish(run_select(true, 0, sink));
    case fetch_direction::relative:
      if (count > 0) {
        if (count > 1)
          if (auto r = run_select(true, count - 1, nullptr); !r)
            return fail(r.error());
        return finish(run_select(true, 1, sink));
      }
      if (count < 0) {
        if (count < -1)
          if (auto r = run_select(false, -count - 1, nullptr); !r)
            return fail(r.error());
        return finish(run_select(false, 1, sink));
      }
      direction = fetch_direction::forward;
      break;
  }
  bool forward = direction == fetch_direction::forward;
  if (count == 0) {  // the current row again, if the cursor is on one
    const bool on_row = !at_start_ && !at_end_;
    if (request.move) {
      out.processed = on_row ? 1 : 0;
      return out;
    }
    if (on_row) {
      if (auto r = run_select(false, 1, nullptr); !r)
        return fail(r.error());
      count = 1;
      forward = true;
    }
  }
  if (!forward && count == fetch_all && request.move) {  // MOVE BACKWARD ALL: a rewind
    uint64_t passed = portal_pos_;
    if (passed > 0 && !at_end_)
      --passed;
    if (auto r = rewind(); !r)
      return fail(r.error());
    out.processed = passed;
    return out;
  }
  return finish(run_select(forward, count, sink));
}

}  // namespace tributary
