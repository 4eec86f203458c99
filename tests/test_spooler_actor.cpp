// Specification of spooler_actor's replay, on a real spool directory: what the
// assembler spilled comes back to the applier in order, in chunks read ahead;
// a rewind (the applier's answer to a busy database file in the middle of a
// replay: it rolls back and applies the transaction again from the spool's
// start) gives every change again from the first, never a chunk left over from
// the read before it, however far that read had got; releasing the replay
// removes the file.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>

#include "actors/spooler_actor.hpp"
#include "caf/all.hpp"
#include "integration/wait_until.hpp"
#include "kept_bytes.hpp"

namespace tributary {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr int64_t subid = 16400;
constexpr xid_t xid = 740;

class SpoolerActorTest : public ::testing::Test {
protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("spooler_test_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    spooler_ = system_.spawn<caf::detached>(spooler_actor, dir_, credit_, registry_, subid, uint64_t{0});
  }
  void TearDown() override {
    caf::anon_send_exit(spooler_, caf::exit_reason::user_shutdown);
    spooler_ = caf::actor{};
    system_.await_all_actors_done();
    fs::remove_all(dir_);
  }

  // Rows of about 1 kB: `rows` of them spill as one transaction, in batches.
  std::shared_ptr<change_source> spill_and_finish(int rows) {
    auto spill = spooler_spill_factory(spooler_, credit_)(xid);
    EXPECT_TRUE(spill) << spill.error().message;
    for (int first = 0; first < rows; first += 500) {
      std::vector<row_change> changes;
      std::vector<xid_t> subxids;
      for (int i = first; i < std::min(rows, first + 500); ++i) {
        row_change c;
        c.kind = change_kind::insert;
        c.relation = relation_;
        c.new_tuple.push_back(kept_value(tuple_value::kind::text, std::to_string(i) + std::string(1000, 'x')));
        changes.push_back(std::move(c));
        subxids.push_back(xid);
      }
      auto written = (*spill)->write_batch(std::move(changes), std::move(subxids));
      EXPECT_TRUE(written) << written.error().message;
    }
    auto source = (*spill)->finish({}, nullptr);
    EXPECT_TRUE(source) << source.error().message;
    return source ? *source : nullptr;
  }
  // The row numbers of the next chunks, `chunks` of them (0: to the end).
  static std::vector<int> read(change_source& source, int chunks = 0) {
    std::vector<int> numbers;
    for (int n = 0; chunks == 0 || n < chunks; ++n) {
      std::vector<row_change> chunk;
      auto more = source.read(chunk, 0);
      EXPECT_TRUE(more) << more.error().message;
      for (const auto& c : chunk)
        numbers.push_back(std::stoi(std::string(c.new_tuple.at(0).bytes)));
      if (!more || !*more)
        break;
    }
    return numbers;
  }
  static std::vector<int> from_zero(int n) {
    std::vector<int> v(n);
    for (int i = 0; i < n; ++i)
      v[i] = i;
    return v;
  }
  int files() {
    int n = 0;
    std::error_code ec;
    if (fs::exists(dir_, ec))
      for (auto& e : fs::directory_iterator(dir_, ec))
        n += e.is_regular_file() ? 1 : 0;
    return n;
  }

  caf::actor_system_config config_;
  caf::actor_system system_{config_};
  fs::path dir_;
  spool_credit_ptr credit_ = std::make_shared<spool_credit>(size_t{8} << 20);
  monitoring_registry_ptr registry_ = std::make_shared<monitoring_registry>();
  caf::actor spooler_;
  relation_ptr relation_ = std::make_shared<relation_info>(
      relation_info{16385, "public", "t", 'd', {relation_column{true, "v", 25, -1}}});
};

TEST_F(SpoolerActorTest, AReplayGivesEveryChangeInOrderInChunksAndItsReleaseRemovesTheFile) {
  constexpr int rows = 12000;  // about 12 MB: three chunks
  auto source = spill_and_finish(rows);
  ASSERT_TRUE(source);
  EXPECT_EQ(files(), 1);
  auto numbers = read(*source, 1);
  EXPECT_LT(numbers.size(), static_cast<size_t>(rows));  // a chunk, not the whole transaction
  auto rest = read(*source);
  numbers.insert(numbers.end(), rest.begin(), rest.end());
  EXPECT_EQ(numbers, from_zero(rows));
  source.reset();
  EXPECT_TRUE(integration::wait_until([&] { return files() == 0; }, 10s));
}

TEST_F(SpoolerActorTest, ARewindInTheMiddleOfAReplayGivesEveryChangeAgainFromTheFirst) {
  constexpr int rows = 12000;
  auto source = spill_and_finish(rows);
  ASSERT_TRUE(source);
  auto before = read(*source, 1);  // one chunk applied, more read ahead
  ASSERT_FALSE(before.empty());
  ASSERT_LT(before.size(), static_cast<size_t>(rows));
  ASSERT_TRUE(source->rewind());
  EXPECT_EQ(read(*source), from_zero(rows));
  // Rewound again at once, before the spooler could read anything ahead, and
  // again once the whole file was read: the same every time.
  ASSERT_TRUE(source->rewind());
  ASSERT_TRUE(source->rewind());
  EXPECT_EQ(read(*source), from_zero(rows));
  ASSERT_TRUE(source->rewind());
  EXPECT_EQ(read(*source), from_zero(rows));
  source.reset();
  EXPECT_TRUE(integration::wait_until([&] { return files() == 0; }, 10s));
}

TEST_F(SpoolerActorTest, ARewindAfterTheSpoolerStoppedIsItsError) {
  auto source = spill_and_finish(30000);  // more than the chunks read ahead
  ASSERT_TRUE(source);
  read(*source, 1);
  caf::anon_send_exit(spooler_, caf::exit_reason::user_shutdown);
  system_.await_all_actors_done();
  std::vector<row_change> chunk;
  bool failed = false;
  // The stopped spooler's replay ends with an error, at once or after the
  // chunks it had already read ahead; a rewind then fails the same way.
  for (int i = 0; i < 20 && !failed; ++i)
    failed = !source->read(chunk, 0);
  EXPECT_TRUE(failed);
  EXPECT_FALSE(source->rewind());
}

}  // namespace
}  // namespace tributary
