// connection_slots: a counter with compare-and-swap (see the header).
#include "cli/server/connection_slots.hpp"

namespace tributary {

connection_slots::ticket& connection_slots::ticket::operator=(ticket&& other) noexcept {
  if (this != &other) {
    if (owner_)
      owner_->give_back();
    owner_ = std::move(other.owner_);
  }
  return *this;
}

connection_slots::ticket::~ticket() {
  if (owner_)
    owner_->give_back();
}

std::shared_ptr<connection_slots> connection_slots::create(size_t capacity) {
  return std::shared_ptr<connection_slots>(new connection_slots(capacity));
}

std::optional<connection_slots::ticket> connection_slots::try_take() {
  size_t current = in_use_.load();
  do {
    if (current >= capacity_)
      return std::nullopt;
  } while (!in_use_.compare_exchange_weak(current, current + 1));
  return ticket(shared_from_this());
}

}  // namespace tributary
