// session: the connection's state machine (see the header). Startup lives in
// session_startup.cpp; this file has the message loop and the simple protocol.
#include "cli/server/session.hpp"

#include <sqlite3.h>
#include <sys/socket.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include "cli/server/outcome_messages.hpp"
#include "cli/server/session_state.hpp"
#include "cli/server/wire_protocol.hpp"
#include "stages/core/server_log.hpp"

namespace tributary {

session::session(int fd, int32_t process_id, int32_t secret_key, session_services services)
    : fd_(fd),
      process_id_(process_id),
      secret_key_(secret_key),
      services_(std::move(services)),
      stream_(fd) {}

session::~session() {
  if (fd_ >= 0)
    ::close(fd_);
}

void session::interrupt_statement() {
  std::lock_guard lock(interrupt_mutex_);
  if (interrupt_target_ != nullptr)
    sqlite3_interrupt(interrupt_target_);
  if (lock_wait_target_ != nullptr)
    lock_wait_target_->cancel();
}

void session::request_stop() {
  stopping_ = true;
  ::shutdown(fd_, SHUT_RD);
  interrupt_statement();
}

void session::abort_connection() { ::shutdown(fd_, SHUT_RDWR); }

void session::set_interrupt_target(sqlite3* db, lock_wait* waiting) {
  std::lock_guard lock(interrupt_mutex_);
  interrupt_target_ = db;
  lock_wait_target_ = waiting;
}

void session::send_fatal(const std::string& sqlstate, const std::string& message, const std::string& detail) {
  send_fatal(make_pg_error(sqlstate, message, detail));
}

void session::send_fatal(pg_error error) {
  error.severity = "FATAL";
  log_client_error(error, {}, {});
  stream_.write(wire::error_response(error));
  stream_.flush();
}

void session::run() {
  std::unique_ptr<connection_state> state;
  if (perform_startup(state)) {
    set_interrupt_target(state->db.handle(), &state->dispatcher.lock_waiter());
    serve(*state);
    set_interrupt_target(nullptr, nullptr);
    if (stopping_)
      send_fatal("57P01", "terminating connection due to administrator command");
    stream_.flush();
  }
  if (services_.activities)
    services_.activities->remove(process_id_);
  // The client sees the end of the connection now; the descriptor itself is
  // closed with the object, so no other thread can reach a reused number.
  ::shutdown(fd_, SHUT_RDWR);
  slot_.reset();
}

void connection_state::send_notice(pg_error notice) {
  const int rank = session_parameters::severity_rank(notice.severity);
  if (notice.severity != "INFO" && rank < parameters.minimum_notice_rank())
    return;
  stream.write(wire::notice_response(notice));
}

void connection_state::send_error(const pg_error& error) {
  log_client_error(error, current_query, min_error_statement);
  stream.write(wire::error_response(error));
}

void connection_state::statement_started(std::string query) {
  if (activity)
    activity->statement_started(query);
  current_query = std::move(query);
}

void connection_state::ready_for_query() {
  for (const auto& [name, value] : parameters.take_changed_reports())
    stream.write(wire::parameter_status(name, value));
  const char status = dispatcher.transaction().status_indicator();
  if (activity)
    activity->statement_ended(status, parameters.value("application_name").value_or(""));
  stream.write(wire::ready_for_query(status));
  stream.flush();
}

void connection_state::simple_query(const std::string& sql) {
  statement_started(sql);
  routed_query routed = route_query(sql);
  if (routed.statements.empty())
    stream.write(wire::empty_query_response());
  // PostgreSQL parses the whole string before running any of it: a syntax error
  // anywhere means nothing runs.
  for (const routed_statement& statement : routed.statements) {
    if (statement.kind != statement_kind::sqlite_only)
      continue;
    if (auto r = dispatcher.executor().check_grammar(statement.text, statement.parse_error); !r) {
      send_error(r.error());
      dispatcher.transaction().statement_failed();
      ready_for_query();
      return;
    }
  }
  statement_situation situation;
  situation.multi_statement = routed.statements.size() > 1;
  situation.in_batch = situation.multi_statement;
  situation.copy = this;
  bool failed = false;
  for (const routed_statement& statement : routed.statements) {
    auto outcome = statement.kind == statement_kind::sql_prepare
                       ? extended.run_sql_command(statement, situation)
                       : dispatcher.run(statement, situation);
    if (!outcome) {
      send_error(outcome.error());
      failed = true;
      break;  // PostgreSQL skips the rest of the string after an error
    }
    send_outcome(stream, *outcome);
  }
  if (auto r = dispatcher.end_batch(); !r && !failed)
    send_error(r.error());
  ready_for_query();
}

// One extended-protocol message; an error makes the session skip to Sync.
template <class Handler>
static void extended_step(connection_state& state, Handler&& handler) {
  auto r = handler();
  if (r)
    return;
  state.send_error(r.error());
  state.dispatcher.transaction().statement_failed();
  state.skipping_to_sync = true;
}

std::optional<session::frontend_bytes> session::read_frontend_message() {
  auto type = stream_.read_message_type();
  if (!type) {
    log_read_failure(type.error());
    return std::nullopt;
  }
  // PostgreSQL refuses an unknown type before it trusts the length that follows.
  auto limit = wire::frontend_message_body_limit(*type);
  if (!limit) {
    send_fatal("08P01", "invalid frontend message type " +
                            std::to_string(static_cast<unsigned char>(*type)));
    return std::nullopt;
  }
  auto body = stream_.read_message_body(*limit);
  if (!body) {
    log_read_failure(body.error());
    return std::nullopt;
  }
  return frontend_bytes{*type, std::move(*body)};
}

// As PostgreSQL: a bad length or a message cut short is logged (LOG, 08P01) and
// the connection closes without a reply; a client that just goes away is not logged.
void session::log_read_failure(const stream_error& error) {
  if (stopping_)
    return;
  switch (error.what) {
    case stream_error::kind::closed: break;
    case stream_error::kind::timed_out: spdlog::debug("{}", error.message); break;
    default: spdlog::info("{}", error.message); break;
  }
}

void session::serve(connection_state& state) {
  for (;;) {
    auto message = read_frontend_message();
    if (!message)
      return;
    if (stopping_)
      return;
    const char type = message->type;
    if (state.skipping_to_sync && type != 'S' && type != 'X')
      continue;
    auto parsed = wire::parse_frontend_message(type, message->body);
    message.reset();  // the parsed message holds its own copy
    if (!parsed) {
      log_client_error(parsed.error(), {}, {});
      stream_.write(wire::error_response(parsed.error()));
      stream_.flush();
      return;
    }
    if (auto valid = wire::check_message_encoding(*parsed); !valid) {
      state.message_failed(type, valid.error());
      continue;
    }
    const bool keep_going = std::visit(
        [&](auto& m) -> bool {
          using T = std::decay_t<decltype(m)>;
          if constexpr (std::is_same_v<T, wire::query_message>) {
            state.simple_query(m.sql);
          } else if constexpr (std::is_same_v<T, wire::parse_message>) {
            state.statement_started(m.sql);
            extended_step(state, [&] { return state.extended.parse(m); });
          } else if constexpr (std::is_same_v<T, wire::bind_message>) {
            state.statement_started(state.extended.source_text('S', m.statement_name));
            extended_step(state, [&] { return state.extended.bind(m); });
          } else if constexpr (std::is_same_v<T, wire::describe_message>) {
            state.statement_started(state.extended.source_text(m.kind, m.name));
            extended_step(state, [&] { return state.extended.describe(m); });
          } else if constexpr (std::is_same_v<T, wire::execute_message>) {
            state.statement_started(state.extended.source_text('P', m.portal_name));
            extended_step(state, [&] { return state.extended.execute(m); });
          } else if constexpr (std::is_same_v<T, wire::close_message>) {
            extended_step(state, [&] { return state.extended.close(m); });
          } else if constexpr (std::is_same_v<T, wire::sync_message>) {
            state.skipping_to_sync = false;
            if (auto r = state.extended.sync(); !r)
              state.send_error(r.error());
            state.ready_for_query();
          } else if constexpr (std::is_same_v<T, wire::flush_message>) {
            stream_.flush();
          } else if constexpr (std::is_same_v<T, wire::terminate_message>) {
            return false;
          } else {
            return state.unsupported_message(m.type);
          }
          return true;
        },
        *parsed);
    if (!keep_going || stopping_)
      return;
  }
}

void connection_state::message_failed(char type, const pg_error& error) {
  send_error(error);
  dispatcher.transaction().statement_failed();
  if (type == 'Q')
    ready_for_query();
  else
    skipping_to_sync = true;
}

bool connection_state::unsupported_message(char type) {
  switch (type) {
    case 'd':
    case 'c':
    case 'f':
      return true;  // COPY traffic outside COPY is ignored, as PostgreSQL does
    case 'F':
      send_error(make_pg_error("0A000", "function call messages are not supported"));
      ready_for_query();
      return true;
    default: {
      pg_error e = make_pg_error("08P01", "invalid frontend message type " +
                                              std::to_string(static_cast<unsigned char>(type)));
      e.severity = "FATAL";
      send_error(e);
      stream.flush();
      return false;
    }
  }
}

}  // namespace tributary
