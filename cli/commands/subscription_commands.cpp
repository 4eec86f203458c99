// subscription_commands: the default handler, which supports nothing yet.
#include "cli/commands/subscription_commands.hpp"

namespace tributary {

result<command_outcome, pg_error> subscription_commands::create_subscription(const nlohmann::json&,
                                                                             command_context&) {
  return fail(make_pg_error("0A000", "CREATE SUBSCRIPTION is not supported yet"));
}

result<command_outcome, pg_error> subscription_commands::alter_subscription(const nlohmann::json&,
                                                                            command_context&) {
  return fail(make_pg_error("0A000", "ALTER SUBSCRIPTION is not supported yet"));
}

result<command_outcome, pg_error> subscription_commands::drop_subscription(const nlohmann::json&,
                                                                           command_context&) {
  return fail(make_pg_error("0A000", "DROP SUBSCRIPTION is not supported yet"));
}

std::shared_ptr<void> subscription_commands::stop_workers_before_lock(const nlohmann::json&, bool,
                                                                      command_context&) {
  return nullptr;
}

}  // namespace tributary
