// statement_timeout: see the header.
#include "storage/statement_timeout.hpp"

#include <sqlite3.h>

namespace tributary {

namespace {
constexpr int steps_between_checks = 1000;
}

void statement_timeout::arm(std::chrono::milliseconds timeout) {
  if (timeout.count() <= 0) {
    disarm();
    return;
  }
  deadline_ = clock::now() + timeout;
  sqlite3_progress_handler(db_, steps_between_checks, &statement_timeout::on_progress, this);
}

void statement_timeout::disarm() {
  if (!deadline_)
    return;
  deadline_.reset();
  sqlite3_progress_handler(db_, 0, nullptr, nullptr);
}

int statement_timeout::on_progress(void* self) {
  return static_cast<statement_timeout*>(self)->expired() ? 1 : 0;
}

}  // namespace tributary
