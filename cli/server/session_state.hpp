// connection_state: everything a session has once its startup succeeded: the
// database connection it is bound to, its parameters, its transaction rules
// (statement_dispatcher) and its extended-protocol objects, plus the simple query
// protocol and the replies shared by both protocols.
//
// It is also the client end of a COPY (copy_channel.hpp; session_copy.cpp).
//
// Owned and used by one session thread only.
#pragma once

#include <memory>
#include <string>

#include "cli/server/copy_channel.hpp"
#include "cli/server/extended_query.hpp"
#include "cli/server/message_stream.hpp"
#include "cli/server/session.hpp"
#include "cli/commands/session_parameters.hpp"
#include "cli/server/statement_dispatcher.hpp"

namespace tributary {

class connection_state final : public copy_channel {
public:
  connection_state(message_stream& out, session_identity who, sqlite_connection connection,
                   std::shared_ptr<void> database_in_use, const session_services& services)
      : stream(out),
        identity(who),
        database_tracking(std::move(database_in_use)),
        db(std::move(connection)),
        parameters(*services.server_settings, who.user, who.superuser),
        dispatcher(who, db, *services.directory, *services.subscriptions, parameters,
                   [this](pg_error notice) { send_notice(std::move(notice)); }),
        extended(dispatcher, parameters, stream),
        min_error_statement(services.server_settings->get_string("log_min_error_statement")) {}

  // Runs a Query message: every statement, then ReadyForQuery.
  void simple_query(const std::string& sql);
  // A NoticeResponse, unless client_min_messages filters it out.
  void send_notice(pg_error notice);
  // The ErrorResponse, logged as PostgreSQL logs it (with STATEMENT: the
  // current query, as log_min_error_statement says).
  void send_error(const pg_error& error);
  // A message starts running `query` (Query, or the extended protocol's
  // statement): the text the log and pg_stat_activity name.
  void statement_started(std::string query);
  // Changed ParameterStatus reports, ReadyForQuery, flush.
  void ready_for_query();
  // A message failed before it ran (invalid UTF-8 in its strings): the error, the
  // transaction block fails; a Query then gets ReadyForQuery, an extended-protocol
  // message makes the session skip to Sync.
  void message_failed(char type, const pg_error& error);
  // A message type this server does not handle; false ends the session.
  bool unsupported_message(char type);

  // copy_channel
  void begin_copy_in(int16_t format, size_t columns) override;
  result<std::optional<std::string>, pg_error> next_data() override;
  void begin_copy_out(int16_t format, size_t columns) override;
  void send_data(std::string_view bytes) override;
  void end_copy_out() override;

  message_stream& stream;
  session_identity identity;
  std::shared_ptr<void> database_tracking;
  sqlite_connection db;
  session_parameters parameters;
  statement_dispatcher dispatcher;
  extended_query extended;
  bool skipping_to_sync = false;
  std::string min_error_statement;  // log_min_error_statement
  std::string current_query;
  session_activity_ptr activity;  // null: not shown in pg_stat_activity
};

}  // namespace tributary
