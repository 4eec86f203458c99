// mailbox_wakeup: lets a sender wake a detached actor that waits on a socket.
//
// The connection actor waits for its publisher's socket in ppoll, outside CAF's
// mailbox wait, so a message sent to it meanwhile waited up to the bound of the
// wait (20 ms): the applier's durable positions reached the publisher that much
// late (W1's last flush report ~10 ms late on average; bench/history-20.md).
// A sender calls notify() after its send; the waiting actor polls fd() with its
// socket and calls clear() once awake. notify() after the enqueue means no
// wake-up is lost: a message enqueued before the actor's ppoll starts finds the
// eventfd readable, and one enqueued after it wakes it.
// Threading: notify() from any thread; fd()/clear() by the waiting actor.
#pragma once

namespace tributary {

class mailbox_wakeup {
public:
  mailbox_wakeup();  // an eventfd; fd() is -1 (and notify a no-op) if none could be made
  ~mailbox_wakeup();
  mailbox_wakeup(const mailbox_wakeup&) = delete;
  mailbox_wakeup& operator=(const mailbox_wakeup&) = delete;

  void notify() const;
  void clear() const;
  int fd() const { return fd_; }

private:
  int fd_ = -1;
};

}  // namespace tributary
