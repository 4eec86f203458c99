// subscription_options: the WITH (...) options of CREATE / ALTER SUBSCRIPTION,
// parsed and checked the way PostgreSQL's parse_subscription_options() does:
// defaults, booleans in every spelling PostgreSQL accepts, value checks and the
// combination rules of the subscription spec, with PostgreSQL's SQLSTATEs and
// messages. Pure: the caller extracts (name, value) pairs from the parse tree.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "stages/core/lsn.hpp"
#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary {

// One `name [= value]` of a WITH list. A value written as a number or a bare
// word arrives as its text; `slot_name = NONE` arrives as "none".
struct option_item {
  std::string name;
  std::optional<std::string> value;
  int location = 0;  // 1-based position in the query text, 0 = unknown
};

enum class option_set : uint32_t {
  connect = 1u << 0,
  enabled = 1u << 1,
  create_slot = 1u << 2,
  slot_name = 1u << 3,
  copy_data = 1u << 4,
  binary = 1u << 5,
  streaming = 1u << 6,
  origin = 1u << 7,
  disable_on_error = 1u << 8,
  password_required = 1u << 9,
  run_as_owner = 1u << 10,
  failover = 1u << 11,
  synchronous_commit = 1u << 12,
  two_phase = 1u << 13,
  refresh = 1u << 14,
  lsn = 1u << 15,
};

constexpr uint32_t operator|(option_set a, option_set b) {
  return static_cast<uint32_t>(a) | static_cast<uint32_t>(b);
}
constexpr uint32_t operator|(uint32_t a, option_set b) { return a | static_cast<uint32_t>(b); }

struct subscription_options {
  bool connect = true;
  bool enabled = true;
  bool create_slot = true;
  std::optional<std::string> slot_name;  // nullopt with slot_name_is_none = NONE
  bool slot_name_is_none = false;
  bool copy_data = true;
  bool binary = false;
  char streaming = 'p';                  // 'f' off, 't' on, 'p' parallel (pg_subscription.substream); PostgreSQL 18's default
  std::string origin = "any";
  bool disable_on_error = false;
  bool password_required = true;
  bool run_as_owner = false;
  bool failover = false;
  std::string synchronous_commit = "off";
  bool two_phase = false;
  bool refresh = true;
  std::optional<lsn> skip_lsn;           // SKIP (lsn = ...); nullopt = NONE

  uint32_t specified = 0;                // option_set bits given explicitly
  bool is_specified(option_set o) const { return (specified & static_cast<uint32_t>(o)) != 0; }
};

// What each statement accepts (PostgreSQL's supported_opts).
namespace supported_options {
inline constexpr uint32_t create_subscription =
    option_set::connect | option_set::enabled | option_set::create_slot | option_set::slot_name |
    option_set::copy_data | option_set::binary | option_set::streaming | option_set::origin |
    option_set::disable_on_error | option_set::password_required | option_set::run_as_owner |
    option_set::failover | option_set::synchronous_commit | option_set::two_phase;
inline constexpr uint32_t alter_set =
    option_set::slot_name | option_set::binary | option_set::streaming | option_set::origin |
    option_set::disable_on_error | option_set::password_required | option_set::run_as_owner |
    option_set::failover | option_set::synchronous_commit;
inline constexpr uint32_t set_publication = option_set::refresh | option_set::copy_data;
inline constexpr uint32_t add_publication = option_set::refresh | option_set::copy_data;
inline constexpr uint32_t drop_publication = static_cast<uint32_t>(option_set::refresh);
inline constexpr uint32_t refresh_publication = static_cast<uint32_t>(option_set::copy_data);
inline constexpr uint32_t skip = static_cast<uint32_t>(option_set::lsn);
}  // namespace supported_options

// Parses `items` against the `supported` set; for CREATE SUBSCRIPTION also
// applies the connect / slot_name = NONE combination rules.
result<subscription_options, pg_error> parse_subscription_options(
    const std::vector<option_item>& items, uint32_t supported);

// ReplicationSlotValidateName: 1..63 characters of [a-z0-9_].
result<ok_t, pg_error> validate_slot_name(const std::string& name);

}  // namespace tributary
