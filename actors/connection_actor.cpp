#include "actors/connection_actor.hpp"

#include <pthread.h>
#include <spdlog/spdlog.h>

#include "actors/actor_tracking.hpp"
#include "actors/pipeline_errors.hpp"
#include "actors/publisher/read_wait.hpp"
#include "actors/publisher/receive_buffer.hpp"
#include "stages/pgoutput/pgoutput_decoder.hpp"
#include "stages/pgoutput/wal_frames.hpp"

namespace tributary {

namespace {

using self_ptr = caf::stateful_actor<connection_actor_state>*;
using steady = std::chrono::steady_clock;

// 8192 rather than 4096: fewer hand-offs, and fewer reads straight after one
// (each opens the receive window again). W1 (bench/history-19.md): 4096
// 737k rows/s, peak RSS 47 MiB; 8192 778k-796k, 48-52 MiB; 16384 787k-813k,
// 61-62 MiB (the decoded batches in flight grow with it).
constexpr size_t max_batch_messages = 8192;
constexpr size_t max_batch_bytes = size_t{4} << 20;
constexpr auto longest_wait = std::chrono::milliseconds(20);
constexpr auto gather_window = std::chrono::milliseconds(20);
constexpr auto end_of_stream_timeout = std::chrono::milliseconds(2000);

const std::string& subscription_name(self_ptr self) { return self->state.args.runtime->subscription.name; }

void fail_connection(self_ptr self, pipeline_errc code, const std::string& message) {
  spdlog::error("logical replication apply worker for subscription \"{}\": {}", subscription_name(self), message);
  self->state.args.registry->set_actor_error(self->state.stats, message);
  self->quit(make_pipeline_error(code, message));
}

bool send_status(self_ptr self, bool reply_requested) {
  auto& st = self->state;
  auto report = st.positions->next_report();
  auto now = std::chrono::system_clock::now();
  auto msg = encode_standby_status(report.write, report.flush, report.apply, to_pg_timestamp(now),
                                   reply_requested);
  if (auto r = st.publisher->send_copy_data(msg); !r) {
    fail_connection(self, pipeline_errc::connection_failed, r.error().message);
    return false;
  }
  if (reply_requested)
    st.timers->on_ping_sent(steady::now());
  else
    st.timers->on_status_sent(steady::now());
  st.args.registry->position_reported(st.args.runtime->subscription.oid, report.flush, now);
  return true;
}

// A transaction end the applier will acknowledge: Commit ('C') and Stream
// Commit ('c'); the XLogData walEnd of those is the commit's end LSN.
bool ends_transaction(const xlog_data_frame& frame) {
  return !frame.payload.empty() && (frame.payload[0] == 'C' || frame.payload[0] == 'c');
}

// What one gather read: the XLogData payloads copied once, straight out of
// libpq's buffer, into the batch; keepalives and positions noted on the way.
struct gathered_frames {
  wal_batch_ptr batch = std::make_shared<wal_batch>();
  size_t messages = 0;
  bool reply_now = false;
  lsn last_end;
  pg_timestamp last_send_time = 0;
  std::optional<protocol_error> bad_frame;
};

// Takes one CopyData payload; false (stop reading) on a bad frame.
bool take_frame(self_ptr self, gathered_frames& g, std::string_view payload) {
  auto& st = self->state;
  ++g.messages;
  g.batch->bytes += payload.size();
  auto frame = parse_copy_frame(payload);
  if (!frame) {
    g.bad_frame = frame.error();
    return false;
  }
  if (auto* x = std::get_if<xlog_data_frame>(&*frame)) {
    if (ends_transaction(*x))
      st.positions->on_commit_forwarded(x->wal_end);
    else
      st.positions->on_received(x->wal_end);
    g.last_end = std::max(g.last_end, x->wal_end);
    g.last_send_time = x->send_time;
    g.batch->add(*x);
  } else if (auto* k = std::get_if<keepalive_frame>(&*frame)) {
    st.positions->on_received(k->wal_end);
    g.last_end = std::max(g.last_end, k->wal_end);
    g.last_send_time = k->send_time;
    g.reply_now |= k->reply_requested;
  }
  return true;
}

// Hands on what one gather read; false when the actor quit.
bool handle_frames(self_ptr self, gathered_frames& g) {
  auto& st = self->state;
  if (g.bad_frame) {
    fail_connection(self, pipeline_errc::protocol_violation, g.bad_frame->to_string());
    return false;
  }
  st.timers->on_data_received(steady::now());
  st.args.registry->message_received(st.args.runtime->subscription.oid, g.last_end,
                                     from_pg_timestamp(g.last_send_time), std::chrono::system_clock::now());
  if (!g.batch->frames.empty()) {
    st.in_flight += g.batch->bytes;
    st.last_batch_data = g.batch->data.size();
    self->send(st.args.decoder, std::move(g.batch));
  }
  if (g.reply_now || (!st.positions->commits_pending() && st.positions->changed_since_last_report()))
    return send_status(self, false);
  return true;
}

// Time-driven duties: status every interval, ping at half the timeout, give up
// after all of it. false when the actor quit.
bool timer_duties(self_ptr self) {
  auto& st = self->state;
  switch (st.timers->due(steady::now())) {
    case feedback_timers::action::none:
      return true;
    case feedback_timers::action::send_status:
      return send_status(self, false);
    case feedback_timers::action::send_ping:
      return send_status(self, true);
    case feedback_timers::action::timed_out:
      fail_connection(self, pipeline_errc::connection_failed,
                      "terminating logical replication worker due to timeout");
      return false;
  }
  return true;
}

// Drains what the socket has; while the stream keeps coming, waits until the
// next read is due and drains again, so a batch carries what arrived over up to
// gather_window (or max_batch_messages / max_batch_bytes) with one wake-up per
// read. Waiting for the socket instead would wake the thread for every message,
// since the walsender writes one message per send. A drain that finds nothing new
// ends the batch: the stream is quiet, the batch goes on at once (a lone
// transaction waits one step of read_timing). Every batch costs a wake-up of the
// decoder, assembler and applier threads and usually one local commit, so the
// window is long enough for batches of hundreds of changes while catching up.
// nullopt when the actor quit.
std::optional<publisher_connection::read_status> gather_batch(self_ptr self, gathered_frames& g) {
  auto& st = self->state;
  auto started = steady::now();
  g.batch->data.reserve(st.last_batch_data);
  auto take = [&](std::string_view payload) { return take_frame(self, g, payload); };
  for (;;) {
    size_t before = g.messages;
    auto r = st.publisher->read_copy_data(take, max_batch_messages - g.messages, max_batch_bytes - g.batch->bytes);
    if (!r) {
      fail_connection(self, pipeline_errc::connection_failed, r.error().message);
      return std::nullopt;
    }
    if (g.bad_frame || *r == publisher_connection::read_status::ended || g.messages == before ||
        g.messages >= max_batch_messages || g.batch->bytes >= max_batch_bytes ||
        steady::now() - started >= gather_window)
      return *r;
    wait_until_read_is_due(PQsocket(st.publisher->handle()), st.publisher_queue.get(), st.timing,
                           started + gather_window);
  }
}

void pump(self_ptr self) {
  auto& st = self->state;
  count_message(self, *st.stats);
  if (!timer_duties(self))
    return;
  if (st.in_flight >= st.args.credit_window) {
    st.paused = true;  // resumed by a credit message
    st.args.registry->set_actor_state(st.stats, "paused");
    self->delayed_send(self, longest_wait, pump_atom::value);
    return;
  }
  gathered_frames g;
  auto gathered = gather_batch(self, g);
  if (!gathered)
    return;
  if (g.messages > 0) {
    count_work(*st.stats, 0, 0, g.batch->bytes);
    if (!handle_frames(self, g))
      return;
    self->send(self, pump_atom::value);
    return;
  }
  if (*gathered == publisher_connection::read_status::ended) {
    fail_connection(self, pipeline_errc::connection_failed, "the publisher ended the replication stream");
    return;
  }
  // Nothing buffered: wait for the socket, bounded, unless messages wait.
  if (self->mailbox().size() == 0) {
    auto wait = std::min<std::chrono::milliseconds>(longest_wait, st.timers->time_to_next(steady::now()));
    if (auto w = st.publisher->wait_socket(wait, st.args.wakeup ? st.args.wakeup->fd() : -1); !w) {
      fail_connection(self, pipeline_errc::connection_failed, w.error().message);
      return;
    }
    if (st.args.wakeup)
      st.args.wakeup->clear();
  }
  self->send(self, pump_atom::value);
}

// A clean stop (the supervisor stops the pipeline): the durable position is
// reported once more, then CopyDone ends the stream, so the publisher's
// walsender finishes the COPY instead of finding the connection gone.
void end_streaming(self_ptr self) {
  auto& st = self->state;
  if (!st.publisher || !st.streaming)
    return;
  auto report = st.positions->next_report();
  auto status = encode_standby_status(report.write, report.flush, report.apply,
                                      to_pg_timestamp(std::chrono::system_clock::now()), false);
  (void)st.publisher->send_copy_data(status);
  auto ended = st.publisher->end_streaming(end_of_stream_timeout);
  if (ended)
    spdlog::info("logical replication apply worker for subscription \"{}\" has ended streaming at {}",
                 subscription_name(self), report.flush.to_string());
  else
    spdlog::info("logical replication apply worker for subscription \"{}\": {}", subscription_name(self),
                 ended.error().message);
  st.streaming = false;
}

// Before the stream starts, so the publisher's segment size never exceeds the
// smaller window (receive_buffer.hpp). A failure costs speed only: logged.
void size_socket_buffer(self_ptr self) {
  auto& st = self->state;
  auto sized = size_receive_buffer(PQsocket(st.publisher->handle()), st.args.receive_buffer);
  if (!sized)
    spdlog::warn("logical replication apply worker for subscription \"{}\": {}; the kernel sizes it",
                 subscription_name(self), sized.error());
  else
    spdlog::debug("logical replication apply worker for subscription \"{}\": receive buffer {}",
                  subscription_name(self), describe(*sized));
}

// For a publisher on this host, the reader of its socket's send queue. A
// failure costs speed only (reads after a fixed pause): logged.
void watch_publisher_queue(self_ptr self) {
  auto& st = self->state;
  auto queue = peer_send_queue::open(PQsocket(st.publisher->handle()));
  if (!queue) {
    spdlog::warn("logical replication apply worker for subscription \"{}\": {}; reads the stream after a fixed pause",
                 subscription_name(self), queue.error());
    return;
  }
  st.publisher_queue = std::move(queue).value();
}

void start_streaming(self_ptr self) {
  auto& st = self->state;
  const auto& sub = st.args.runtime->subscription;
  auto conn = publisher_connection::open(st.args.params);
  if (!conn) {
    fail_connection(self, pipeline_errc::connection_failed, conn.error().message);
    return;
  }
  st.publisher = std::move(conn).value();
  size_socket_buffer(self);
  watch_publisher_queue(self);
  stream_options options;
  options.publications = sub.publications;
  options.binary = sub.binary;
  options.streaming = sub.streaming;
  options.origin = sub.origin;
  if (!sub.slot_name) {
    fail_connection(self, pipeline_errc::connection_failed, "subscription has no replication slot set");
    return;
  }
  if (auto r = st.publisher->start_replication(*sub.slot_name, st.args.runtime->origin_position, options);
      !r) {
    fail_connection(self, pipeline_errc::connection_failed, r.error().message);
    return;
  }
  st.streaming = true;
  // The decoder reads Stream Abort by what was asked (abort LSN and time with
  // 'parallel' only); told before the first batch, which the mailbox orders.
  decoder_options layout;
  layout.protocol_version = st.publisher->protocol_version();
  layout.streaming_parallel = st.publisher->asks_parallel_streaming(sub.streaming);
  self->send(st.args.decoder, start_atom::value, layout.protocol_version, layout.streaming_parallel);
  spdlog::info("logical replication apply worker for subscription \"{}\" has started streaming from {}",
               sub.name, st.args.runtime->origin_position.to_string());
  st.args.registry->set_actor_state(st.stats, "streaming");
  self->send(st.args.applier, peer_atom::value, caf::actor{self});
  self->send(self, pump_atom::value);
}

}  // namespace

caf::behavior connection_actor(self_ptr self, connection_actor_args args) {
  auto& st = self->state;
  st.args = std::move(args);
  pthread_setname_np(pthread_self(), "connection");  // its own thread (detached): named for profiles
  st.stats = track_actor(self, st.args.registry, "connection", st.args.runtime->subscription.oid,
                         st.args.parent);
  st.args.registry->set_actor_state(st.stats, "connecting");
  st.positions.emplace(st.args.runtime->origin_position);
  st.timers.emplace(st.args.status_interval, st.args.receiver_timeout, steady::now());
  self->set_exit_handler([=](caf::exit_msg& em) {
    end_streaming(self);
    self->quit(em.reason);
  });
  self->send(self, start_atom::value);
  return {
      [=](start_atom) { start_streaming(self); },
      [=](pump_atom) { pump(self); },
      [=](credit_atom, size_t bytes) {
        auto& s = self->state;
        count_message(self, *s.stats);
        s.in_flight = bytes > s.in_flight ? 0 : s.in_flight - bytes;
        if (s.paused && s.in_flight < s.args.credit_window) {
          s.paused = false;
          s.args.registry->set_actor_state(s.stats, "streaming");
        }
      },
      [=](durable_atom, lsn position) {
        auto& s = self->state;
        count_message(self, *s.stats);
        s.positions->on_durable(position);
        if (s.publisher && s.positions->changed_since_last_report())
          send_status(self, false);
      },
  };
}

}  // namespace tributary
