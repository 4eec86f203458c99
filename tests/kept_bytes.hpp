// kept_bytes: the bytes of tuple values a test builds by hand. Tuple values
// are views (pgoutput_messages.hpp: in the server, into the received batch a
// change keeps alive); a test's values made from computed strings are kept
// here for the life of the test program instead.
#pragma once

#include <deque>
#include <mutex>
#include <string>
#include <string_view>

#include "stages/pgoutput/pgoutput_messages.hpp"

namespace tributary {

inline std::string_view kept_bytes(std::string s) {
  static std::mutex guard;
  static std::deque<std::string> strings;  // a deque never moves its elements
  std::lock_guard lock(guard);
  return strings.emplace_back(std::move(s));
}

inline tuple_value kept_value(tuple_value::kind k, std::string s) { return tuple_value{k, kept_bytes(std::move(s))}; }

}  // namespace tributary
