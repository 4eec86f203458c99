// spooler_actor: see the header. The actor side writes and reads the files;
// spooler_spill (the assembler's) and spooler_source (the applier's) are the
// two ends that talk to it.
#include "actors/spooler_actor.hpp"

#include <pthread.h>
#include <spdlog/spdlog.h>

#include "actors/actor_tracking.hpp"
#include "actors/pipeline_errors.hpp"
#include "stages/pipeline/transaction_assembler.hpp"
#include "storage/transaction_spool.hpp"

namespace tributary {

namespace {

using self_ptr = caf::stateful_actor<spooler_actor_state>*;

// Spooled changes are read back in chunks of about this size, at most
// `read_ahead` of them waiting for the applier.
constexpr size_t chunk_bytes = size_t{4} << 20;
constexpr size_t read_ahead = 2;

pg_error spooler_stopped() {
  return make_pg_error("57P01", "the spooler of the subscription stopped");
}

void fail_spooler(self_ptr self, const monitoring_registry_ptr& registry, const pg_error& error) {
  registry->set_actor_error(self->state.stats, error.message);
  self->quit(make_pipeline_error(pipeline_errc::apply_failed, error.message));
}

void show_state(self_ptr self, const monitoring_registry_ptr& registry) {
  auto& st = self->state;
  uint64_t on_disk = 0;
  for (const auto& [xid, spill] : st.writing)
    on_disk += spill->bytes_written();
  for (const auto& [key, r] : st.replays)
    on_disk += r.bytes_on_disk;
  std::string shown = "spooling; " + std::to_string(st.writing.size()) + " open streamed transactions, " +
                      std::to_string(on_disk) + " bytes on disk, " + std::to_string(st.replays.size()) +
                      " being replayed";
  if (shown != st.shown_state) {
    registry->set_actor_state(st.stats, shown);
    st.shown_state = std::move(shown);
  }
}

// Reads ahead for one replay until `read_ahead` chunks wait or the file ends.
void fill(spooler_actor_state::replaying& r) {
  auto& replay = *r.replay;
  for (;;) {
    {
      std::lock_guard lock(replay.mutex);
      if (replay.done || replay.error || replay.chunks.size() >= read_ahead ||
          replay.filled_generation != replay.generation)
        return;
    }
    std::vector<row_change> chunk;
    auto more = r.source->read(chunk, chunk_bytes);
    std::lock_guard lock(replay.mutex);
    if (!more)
      replay.error = more.error();
    else {
      if (!chunk.empty())
        replay.chunks.push_back(std::move(chunk));
      replay.done = !*more;
    }
    replay.cv.notify_all();
  }
}

}  // namespace

bool spool_credit::acquire(size_t bytes) {
  std::unique_lock lock(mutex);
  cv.wait(lock, [&] { return closed || pending == 0 || pending + bytes <= cap; });
  if (closed)
    return false;
  pending += bytes;
  return true;
}

void spool_credit::release(size_t bytes) {
  std::lock_guard lock(mutex);
  pending -= std::min(pending, bytes);
  cv.notify_all();
}

void spool_credit::close() {
  std::lock_guard lock(mutex);
  closed = true;
  cv.notify_all();
}

spooler_actor_state::~spooler_actor_state() {
  // Waiting readers and writers must not wait for a spooler that is gone.
  for (auto& [key, r] : replays) {
    std::lock_guard lock(r.replay->mutex);
    if (!r.replay->done && !r.replay->error)
      r.replay->error = spooler_stopped();
    r.replay->cv.notify_all();
  }
  if (credit)
    credit->close();
}

caf::behavior spooler_actor(self_ptr self, std::filesystem::path directory, spool_credit_ptr credit,
                            monitoring_registry_ptr registry, int64_t subid, uint64_t parent) {
  auto& st = self->state;
  // Its own thread (detached): named, so a profile or a benchmark's CPU per
  // thread tells the spool's share apart.
  pthread_setname_np(pthread_self(), "spooler");
  st.stats = track_actor(self, registry, "spooler", subid, parent);
  st.credit = credit;
  self->attach_functor([credit](const caf::error&) { credit->close(); });
  st.spool = std::make_unique<transaction_spool>(directory);
  auto stale = st.spool->clear_stale();
  if (!stale) {
    fail_spooler(self, registry, stale.error());
    return {};
  }
  if (*stale)
    spdlog::info("removed {} spool files of an earlier run from \"{}\"", *stale, directory.string());
  show_state(self, registry);
  return {
      [=](const spool_batch_ptr& batch) {
        auto& st = self->state;
        count_message(self, *st.stats);
        auto it = st.writing.find(batch->xid);
        if (it == st.writing.end()) {
          auto spill = st.spool->open(batch->xid);
          if (!spill) {
            fail_spooler(self, registry, spill.error());
            return;
          }
          it = st.writing.emplace(batch->xid, std::move(spill).value()).first;
          if (st.spilled.insert(batch->xid).second)
            registry->add_spilled(subid, 1, 0);
        }
        uint64_t before = it->second->bytes_written();
        for (size_t i = 0; i < batch->changes.size(); ++i)
          if (auto w = it->second->write(batch->changes[i], batch->subxids[i]); !w) {
            fail_spooler(self, registry, w.error());
            return;
          }
        st.credit->release(batch->bytes);
        uint64_t added = it->second->bytes_written() - before;
        registry->add_spilled(subid, 0, static_cast<int64_t>(added));
        count_work(*st.stats, batch->changes.size(), 0, added);
        show_state(self, registry);
      },
      [=](spool_discard_atom, xid_t xid) {
        count_message(self, *self->state.stats);
        self->state.writing.erase(xid);  // the spill removes its file
        show_state(self, registry);
      },
      [=](const spool_finish_ptr& finish) {
        auto& st = self->state;
        count_message(self, *st.stats);
        auto it = st.writing.find(finish->xid);
        if (it == st.writing.end()) {
          // Every batch came before (one sender, in order): nothing was written.
          std::lock_guard lock(finish->replay->mutex);
          finish->replay->done = true;
          finish->replay->cv.notify_all();
          return;
        }
        uint64_t size = it->second->bytes_written();
        auto source = it->second->finish(finish->aborted, finish->keep);
        st.writing.erase(it);
        if (!source) {
          {
            std::lock_guard lock(finish->replay->mutex);
            finish->replay->error = source.error();
            finish->replay->cv.notify_all();
          }
          fail_spooler(self, registry, source.error());
          return;
        }
        auto& r = st.replays[finish->replay.get()];
        r.replay = finish->replay;
        r.source = std::move(source).value();
        r.bytes_on_disk = size;
        fill(r);
        show_state(self, registry);
      },
      [=](spool_read_atom, const spool_replay_ptr& replay) {
        auto& st = self->state;
        count_message(self, *st.stats);
        if (auto it = st.replays.find(replay.get()); it != st.replays.end())
          fill(it->second);
      },
      [=](spool_rewind_atom, const spool_replay_ptr& replay, uint64_t generation) {
        auto& st = self->state;
        count_message(self, *st.stats);
        auto it = st.replays.find(replay.get());
        if (it == st.replays.end())
          return;
        auto rewound = it->second.source->rewind();
        {
          std::lock_guard lock(replay->mutex);
          replay->chunks.clear();
          replay->done = false;
          replay->filled_generation = generation;
          if (!rewound)
            replay->error = rewound.error();
          replay->cv.notify_all();
        }
        fill(it->second);
      },
      [=](spool_release_atom, const spool_replay_ptr& replay) {
        count_message(self, *self->state.stats);
        self->state.replays.erase(replay.get());  // the source removes its file
        show_state(self, registry);
      },
  };
}

namespace {

// The applier's end of one replay.
class spooler_source final : public change_source {
public:
  spooler_source(caf::actor spooler, spool_replay_ptr replay)
      : spooler_(std::move(spooler)), replay_(std::move(replay)) {}
  ~spooler_source() override { caf::anon_send(spooler_, spool_release_atom::value, replay_); }

  result<bool, pg_error> read(std::vector<row_change>& out, size_t) override {
    auto& r = *replay_;
    std::unique_lock lock(r.mutex);
    r.cv.wait(lock, [&] {
      return r.error || (r.filled_generation == r.generation && (!r.chunks.empty() || r.done));
    });
    if (r.error)
      return fail(*r.error);
    if (r.chunks.empty())
      return false;
    auto& chunk = r.chunks.front();
    out.insert(out.end(), std::make_move_iterator(chunk.begin()), std::make_move_iterator(chunk.end()));
    r.chunks.pop_front();
    bool more = !(r.chunks.empty() && r.done);
    lock.unlock();
    caf::anon_send(spooler_, spool_read_atom::value, replay_);
    return more;
  }

  result<ok_t, pg_error> rewind() override {
    uint64_t generation;
    {
      std::lock_guard lock(replay_->mutex);
      if (replay_->error)
        return fail(*replay_->error);
      generation = ++replay_->generation;
      replay_->chunks.clear();
      replay_->done = false;
    }
    caf::anon_send(spooler_, spool_rewind_atom::value, replay_, generation);
    return ok_v;
  }

private:
  caf::actor spooler_;
  spool_replay_ptr replay_;
};

// The assembler's spill of one streamed transaction.
class spooler_spill final : public change_spill {
public:
  spooler_spill(caf::actor spooler, spool_credit_ptr credit, xid_t xid)
      : spooler_(std::move(spooler)), credit_(std::move(credit)), xid_(xid) {}
  ~spooler_spill() override {
    if (!finished_)
      caf::anon_send(spooler_, spool_discard_atom::value, xid_);
  }

  result<ok_t, pg_error> write(const row_change& change, xid_t subxid) override {
    return write_batch(std::vector<row_change>{change}, std::vector<xid_t>{subxid});
  }

  result<ok_t, pg_error> write_batch(std::vector<row_change>&& changes, std::vector<xid_t>&& subxids) override {
    auto batch = std::make_shared<spool_batch>();
    batch->xid = xid_;
    for (const auto& c : changes)
      batch->bytes += estimated_bytes(c);
    batch->changes = std::move(changes);
    batch->subxids = std::move(subxids);
    if (!credit_->acquire(batch->bytes))
      return fail(spooler_stopped());
    written_ += batch->bytes;
    caf::anon_send(spooler_, spool_batch_ptr{std::move(batch)});
    return ok_v;
  }

  result<std::shared_ptr<change_source>, pg_error> finish(std::set<xid_t> aborted, change_filter keep) override {
    auto message = std::make_shared<spool_finish>();
    message->xid = xid_;
    message->replay = std::make_shared<spool_replay>();
    message->aborted = std::move(aborted);
    message->keep = std::move(keep);
    auto source = std::make_shared<spooler_source>(spooler_, message->replay);
    finished_ = true;
    caf::anon_send(spooler_, spool_finish_ptr{std::move(message)});
    return std::shared_ptr<change_source>(std::move(source));
  }

  uint64_t bytes_written() const override { return written_; }

private:
  caf::actor spooler_;
  spool_credit_ptr credit_;
  xid_t xid_;
  uint64_t written_ = 0;
  bool finished_ = false;
};

}  // namespace

spill_factory spooler_spill_factory(caf::actor spooler, spool_credit_ptr credit) {
  return [spooler, credit](xid_t xid) -> result<std::unique_ptr<change_spill>, pg_error> {
    return std::unique_ptr<change_spill>(std::make_unique<spooler_spill>(spooler, credit, xid));
  };
}

}  // namespace tributary
