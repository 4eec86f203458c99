// ceiling_drain: bare libpq slot reader. See ceiling_drain.hpp.
//
// Frames are read and status updates written with stages/pgoutput/wal_frames (the same
// code Tributary's connection uses); of the pgoutput message only the type byte is
// looked at.
#include "bench/ceiling_drain.hpp"

#include <libpq-fe.h>
#include <poll.h>
#include <time.h>

#include <memory>
#include <variant>

#include "actors/publisher/peer_send_queue.hpp"
#include "actors/publisher/read_wait.hpp"
#include "actors/publisher/receive_buffer.hpp"
#include "stages/pgoutput/wal_frames.hpp"

namespace tributary::bench {
namespace {

using steady = std::chrono::steady_clock;

struct connection_closer {
  void operator()(PGconn* c) const { PQfinish(c); }
};
using connection_ptr = std::unique_ptr<PGconn, connection_closer>;

std::string last_error(PGconn* c) {
  std::string text = PQerrorMessage(c);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

class slot_reader {
public:
  slot_reader(PGconn* connection, const ceiling_request& request)
      : connection_(connection), request_(request) {}

  // Handles one CopyData payload; sets reached_ when walEnd passes the target.
  result<ok_t, std::string> on_payload(const char* data, size_t size) {
    counts_.bytes += size;
    auto frame = parse_copy_frame(std::string_view(data, size));
    if (!frame) return fail("malformed replication frame: " + frame.error().to_string());
    if (auto* x = std::get_if<xlog_data_frame>(&*frame)) {
      ++counts_.frames;
      note_wal_end(x->wal_end);
      if (!x->payload.empty()) count_message(x->payload[0]);
    } else if (auto* k = std::get_if<keepalive_frame>(&*frame)) {
      ++counts_.keepalives;
      note_wal_end(k->wal_end);
      if (k->reply_requested) return send_status(false);
    }
    return ok_v;
  }

  // The standby status update: everything received counts as written and flushed.
  result<ok_t, std::string> send_status(bool reply_requested) {
    lsn at = counts_.last_wal_end;
    auto msg = encode_standby_status(at, at, at, to_pg_timestamp(std::chrono::system_clock::now()), reply_requested);
    if (PQputCopyData(connection_, msg.data(), static_cast<int>(msg.size())) != 1 || PQflush(connection_) < 0)
      return fail("could not send a standby status update: " + last_error(connection_));
    last_status_ = steady::now();
    return ok_v;
  }

  bool status_due() const { return steady::now() - last_status_ >= std::chrono::seconds(1); }
  bool reached() const { return reached_; }
  drain_counts& counts() { return counts_; }

private:
  void note_wal_end(lsn end) {
    if (end > counts_.last_wal_end) counts_.last_wal_end = end;
    if (end >= request_.target) reached_ = true;
  }
  void count_message(char type) {
    switch (type) {
      case 'I': ++counts_.inserts; break;
      case 'U': ++counts_.updates; break;
      case 'D': ++counts_.deletes; break;
      case 'C':
      case 'c': ++counts_.commits; break;
      default: break;
    }
  }

  PGconn* connection_;
  const ceiling_request& request_;
  drain_counts counts_;
  bool reached_ = false;
  steady::time_point last_status_ = steady::now();
};

// Takes every CopyData the socket holds: libpq reads at most its buffer's free
// space per PQconsumeInput, so reads again until a read brings nothing. Returns
// how many payloads were taken.
result<size_t, std::string> drain_socket(PGconn* c, slot_reader& reader) {
  size_t taken = 0;
  for (;;) {
    if (PQconsumeInput(c) == 0) return fail("could not receive data from WAL stream: " + last_error(c));
    size_t before = taken;
    for (;;) {
      char* buffer = nullptr;
      int n = PQgetCopyData(c, &buffer, 1);
      if (n == 0) break;
      if (n == -1) return fail("the publisher ended the replication stream: " + last_error(c));
      if (n < 0) return fail("could not receive data from WAL stream: " + last_error(c));
      auto handled = reader.on_payload(buffer, static_cast<size_t>(n));
      PQfreemem(buffer);
      if (!handled) return fail(handled.error());
      ++taken;
      if (reader.reached()) return taken;
    }
    if (taken == before) return taken;
  }
}

// After a read that found data, waits until the next read is due, on the same
// schedule as Tributary's connection (stages/pgoutput/read_timing.hpp): with the
// small receive buffer the window closes meanwhile and the walsender's messages
// queue behind it and leave as large segments (a reader that waits for the first
// byte, or pauses 200 µs-1 ms, makes the walsender send a packet per message:
// ~2 x its CPU per row, bench/history-18.md and 19); reading once its send queue
// holds a share of its buffer keeps it from sleeping on a full one
// (history-21.md). When the last look found nothing, waits for the socket up to
// 100 ms.
void wait_for_more(PGconn* c, const peer_send_queue* publisher_queue, bool got_data) {
  if (got_data) {
    wait_until_read_is_due(PQsocket(c), publisher_queue, read_timing{}, steady::time_point::max());
    return;
  }
  pollfd p{PQsocket(c), POLLIN, 0};
  timespec timeout{0, 100'000'000};
  ppoll(&p, 1, &timeout, nullptr);
}

}  // namespace

std::string pgoutput_options_for(int version, const std::vector<std::string>& publications) {
  int proto = version >= 160000 ? 4 : version >= 150000 ? 3 : version >= 140000 ? 2 : 1;
  std::string names;
  for (const auto& p : publications) names += (names.empty() ? "" : ",") + p;
  std::string options = "proto_version '" + std::to_string(proto) + "', publication_names '" + names + "'";
  if (version >= 160000)
    options += ", streaming 'parallel', origin 'any'";
  else if (version >= 140000)
    options += ", streaming 'on'";
  return options;
}

result<drain_counts, std::string> drain_slot(const ceiling_request& request) {
  auto started = steady::now();
  connection_ptr c(PQconnectdb((request.conninfo + " replication=database").c_str()));
  if (PQstatus(c.get()) != CONNECTION_OK)
    return fail("cannot open a replication connection: " + last_error(c.get()));
  std::string sql = "START_REPLICATION SLOT " + request.slot + " LOGICAL 0/0 (" +
                    pgoutput_options_for(PQserverVersion(c.get()), request.publications) + ")";
  std::unique_ptr<PGresult, decltype(&PQclear)> started_copy(PQexec(c.get(), sql.c_str()), &PQclear);
  if (PQresultStatus(started_copy.get()) != PGRES_COPY_BOTH)
    return fail(sql + " failed: " + last_error(c.get()));
  if (auto sized = size_receive_buffer(PQsocket(c.get()), request.receive_buffer); !sized)
    return fail("cannot size the replication connection's receive buffer: " + sized.error());
  if (PQsetnonblocking(c.get(), 1) != 0)
    return fail(std::string("cannot make the replication connection non-blocking"));

  auto publisher_queue = peer_send_queue::open(PQsocket(c.get()));
  if (!publisher_queue)
    return fail("cannot read the publisher's send queue: " + publisher_queue.error());

  slot_reader reader(c.get(), request);
  auto deadline = started + request.deadline;
  while (!reader.reached()) {
    auto taken = drain_socket(c.get(), reader);
    if (!taken) return fail(taken.error());
    if (reader.reached()) break;
    if (reader.status_due())
      if (auto sent = reader.send_status(false); !sent) return fail(sent.error());
    if (steady::now() > deadline)
      return fail("deadline passed at " + reader.counts().last_wal_end.to_string() + ", target " +
                  request.target.to_string());
    wait_for_more(c.get(), publisher_queue->get(), *taken > 0);
  }
  auto counts = reader.counts();
  counts.seconds = std::chrono::duration<double>(steady::now() - started).count();
  if (PQputCopyEnd(c.get(), nullptr) == 1) PQflush(c.get());
  return counts;
}

}  // namespace tributary::bench
