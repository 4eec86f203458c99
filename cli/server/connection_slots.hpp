// connection_slots: the max_connections session slots of one server.
//
// Role: a session takes a slot once its startup packet has arrived (never before:
// a client that connects and sends nothing must not lock others out) and keeps it
// until it ends. When all are taken, the session answers FATAL 53300 "sorry, too
// many clients already" -- after the SSLRequest was answered and the startup
// packet read, as PostgreSQL does, so clients show that message.
//
// A ticket gives its slot back when destroyed; it keeps the slots object alive.
// Thread-safe.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>

namespace tributary {

class connection_slots : public std::enable_shared_from_this<connection_slots> {
public:
  class ticket {
  public:
    ticket(ticket&& other) noexcept : owner_(std::move(other.owner_)) {}
    ticket& operator=(ticket&& other) noexcept;
    ticket(const ticket&) = delete;
    ticket& operator=(const ticket&) = delete;
    ~ticket();

  private:
    friend class connection_slots;
    explicit ticket(std::shared_ptr<connection_slots> owner) : owner_(std::move(owner)) {}
    std::shared_ptr<connection_slots> owner_;
  };

  static std::shared_ptr<connection_slots> create(size_t capacity);

  // A slot, or nullopt when all `capacity` are taken.
  std::optional<ticket> try_take();
  size_t in_use() const { return in_use_.load(); }
  size_t capacity() const { return capacity_; }

private:
  explicit connection_slots(size_t capacity) : capacity_(capacity) {}
  void give_back() { in_use_.fetch_sub(1); }

  const size_t capacity_;
  std::atomic<size_t> in_use_{0};
};

}  // namespace tributary
