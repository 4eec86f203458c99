// aggregate_state: an SQLite aggregate's (or window aggregate's) state kept on the heap,
// its pointer in SQLite's aggregate context. aggregate_state creates it at the first step
// (create = true) or returns nullptr when there is none; release_aggregate_state hands it
// to the final call, which owns it from then on. Private to storage/.
#pragma once

#include <sqlite3.h>

#include <memory>

namespace tributary::sql_function_support {

template <class State>
State* aggregate_state(sqlite3_context* context, bool create) {
  auto** slot = static_cast<State**>(sqlite3_aggregate_context(context, create ? sizeof(State*) : 0));
  if (slot == nullptr)
    return nullptr;
  if (*slot == nullptr && create)
    *slot = new State();
  return *slot;
}

template <class State>
std::unique_ptr<State> release_aggregate_state(sqlite3_context* context) {
  auto** slot = static_cast<State**>(sqlite3_aggregate_context(context, 0));
  if (slot == nullptr)
    return nullptr;
  std::unique_ptr<State> out(*slot);
  *slot = nullptr;
  return out;
}

}  // namespace tributary::sql_function_support
