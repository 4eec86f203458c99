// applier_steps: the steps the applier actor's two files share (internal to
// the applier: applier_actor.cpp groups, commits and failures;
// applier_streamed.cpp transactions in pieces, spooled or applied ahead).
// Each returns false (or an error) when the actor quit or the step failed.
#pragma once

#include <span>
#include <string>

#include "actors/applier_actor.hpp"
#include "actors/pipeline_errors.hpp"

namespace tributary::applier_detail {

using self_ptr = caf::stateful_actor<applier_actor_state>*;

// A busy file is applied again at once, this many times before it counts as
// an apply error.
constexpr int max_busy_retries = 100;

// applier_actor.cpp
std::string applying_state(const applier_actor_state& st);
void fail_apply(self_ptr self, pipeline_errc code, const std::string& message);
void fail_transaction(self_ptr self, const apply_error& error);
// pages: a group of whole transactions holds its changed pages (committed when
// the cache fills); a transaction in pieces or applied ahead spills them.
result<ok_t, apply_error> begin_local_transaction(self_ptr self, changed_pages pages = changed_pages::spilled);
bool commit_local_transaction(self_ptr self, const group_commit_record& record);
bool commit_group(self_ptr self);
bool apply_group_of(self_ptr self, std::span<const remote_transaction_ptr> received);

// applier_streamed.cpp
// A transaction that arrives in pieces or with spooled changes is too large to
// keep for a second attempt: it is applied in its own local transaction.
bool applied_in_pieces(const remote_transaction& txn);
bool apply_piece(self_ptr self, const remote_transaction_ptr& piece);
void give_up_ahead(self_ptr self);
bool apply_stream_part(self_ptr self, const remote_transaction_ptr& part);
bool commit_ahead(self_ptr self, const remote_transaction_ptr& txn);

}  // namespace tributary::applier_detail
