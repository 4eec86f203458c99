// mailbox_wakeup: see mailbox_wakeup.hpp.
#include "actors/mailbox_wakeup.hpp"

#include <sys/eventfd.h>
#include <unistd.h>

#include <cstdint>

namespace tributary {

mailbox_wakeup::mailbox_wakeup() : fd_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {}

mailbox_wakeup::~mailbox_wakeup() {
  if (fd_ >= 0)
    ::close(fd_);
}

// A full counter (EAGAIN) is still readable: nothing is lost by ignoring it.
void mailbox_wakeup::notify() const {
  if (fd_ < 0)
    return;
  uint64_t one = 1;
  [[maybe_unused]] auto n = ::write(fd_, &one, sizeof one);
}

void mailbox_wakeup::clear() const {
  if (fd_ < 0)
    return;
  uint64_t count = 0;
  [[maybe_unused]] auto n = ::read(fd_, &count, sizeof count);
}

}  // namespace tributary
