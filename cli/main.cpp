// main: the `tributary` binary.
//
//   tributary serve -D DIR [-p PORT] [-c name=value]...
//       Locks DIR first (DIR/tributary.pid, storage/data_directory_lock): a second
//       server on the same directory stops there, as PostgreSQL's postmaster does:
//         FATAL:  lock file "tributary.pid" already exists
//         HINT:  Is another tributary server (PID 123) running in data directory "DIR"?
//       Then initializes DIR when it is new or empty (first role = the OS user), reads
//       DIR/tributary.conf, applies -c overrides and then -p, listens and serves
//       clients until SIGINT or SIGTERM, then closes the listeners, ends every
//       session, stops the replication pipelines (each ends its stream with
//       CopyDone), removes the lock file and exits 0. Exit 1 when DIR is locked or
//       fails, or the settings or the sockets fail.
//   tributary load --publisher CONNINFO --subscriber CONNINFO ...
//       The load-testing harness (cli/load/load_command.hpp): exit 0 PASS, 1 FAIL,
//       2 when the run could not start.
//   tributary console [-h HOST] [-p PORT] [-U USER] [-d DBNAME] [-i SECONDS] [--once | --json]
//       The live view of a running server's subscriptions and actors
//       (cli/console/console_command.hpp).
//       Not implemented yet: a message and exit status 2.
//
// Logging goes to stderr in PostgreSQL's shape:
//   2024-05-01 12:00:00.000 UTC [4242] LOG:  listening on IPv4 address "127.0.0.1", port 5433
// Signals: SIGINT, SIGTERM and SIGHUP are blocked in every thread and taken by
// sigwait() in the main thread (SIGHUP rereads pg_hba.conf, as PostgreSQL); SIGPIPE is ignored (sockets use MSG_NOSIGNAL anyway).
#include <pwd.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "actors/launcher_actor.hpp"
#include "actors/monitoring_registry.hpp"
#include "actors/pipeline_messages.hpp"
#include "actors/replication_control.hpp"
#include "caf/all.hpp"
#include "cli/catalog/monitoring_tables.hpp"
#include "cli/load/load_command.hpp"
#include "cli/server/client_authentication.hpp"
#include "cli/console/console_command.hpp"
#include "cli/server/server.hpp"
#include "cli/server/session_activity.hpp"
#include "cli/catalog/temporary_schemas.hpp"
#include "cli/server/tls_context.hpp"
#include "cli/commands/subscription_ddl.hpp"
#include "stages/core/server_log.hpp"
#include "stages/core/settings.hpp"
#include "storage/data_directory.hpp"
#include "storage/data_directory_lock.hpp"

namespace {

void setup_logging() {
  auto logger = std::make_shared<spdlog::logger>("tributary",
                                                 std::make_shared<spdlog::sinks::stderr_sink_mt>());
  logger->set_formatter(std::make_unique<tributary::server_log_formatter>());
  logger->flush_on(spdlog::level::trace);
  spdlog::set_default_logger(logger);
}

void apply_log_level(const std::string& level) {
  if (level == "debug")
    spdlog::set_level(spdlog::level::debug);
  else if (level == "warning")
    spdlog::set_level(spdlog::level::warn);
  else if (level == "error")
    spdlog::set_level(spdlog::level::err);
  else
    spdlog::set_level(spdlog::level::info);
}

std::string os_user_name() {
  const passwd* pw = getpwuid(geteuid());
  return pw != nullptr ? pw->pw_name : "postgres";
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

int fatal(const std::string& message) {
  spdlog::critical("{}", message);
  return 1;
}

int fatal(const tributary::pg_error& error) {
  if (error.hint.empty())
    return fatal(error.message);
  spdlog::critical("{}\nHINT:  {}", error.message, error.hint);
  return 1;
}

// The data directory, created when missing, and locked before anything in it
// is read or written.
tributary::result<std::unique_ptr<tributary::data_directory_lock>, tributary::pg_error> lock_data_directory(
    const std::string& directory) {
  std::error_code ec;
  std::filesystem::create_directories(directory, ec);
  if (ec)
    return tributary::fail(tributary::make_pg_error(
        "58030", "could not create directory \"" + directory + "\": " + ec.message()));
  auto root = std::filesystem::absolute(directory, ec);
  if (ec)
    return tributary::fail(tributary::make_pg_error(
        "58030", "could not resolve data directory \"" + directory + "\": " + ec.message()));
  return tributary::data_directory_lock::acquire(root.lexically_normal());
}

struct serve_options {
  std::string directory;
  int port = -1;
  std::vector<std::string> overrides;
};

tributary::result<std::shared_ptr<tributary::settings>, std::string> load_settings(
    const tributary::data_directory& directory, const serve_options& options) {
  auto config = std::make_shared<tributary::settings>();
  const auto file = directory.config_file();
  if (std::filesystem::exists(file))
    if (auto r = config->load_text(read_file(file), file.string()); !r)
      return tributary::fail(r.error());
  for (const auto& assignment : options.overrides) {
    auto eq = assignment.find('=');
    if (eq == std::string::npos)
      return tributary::fail("-c " + assignment + " requires a value");
    if (auto r = config->set(assignment.substr(0, eq), assignment.substr(eq + 1)); !r)
      return tributary::fail(r.error());
  }
  if (options.port >= 0)
    if (auto r = config->set("port", std::to_string(options.port)); !r)
      return tributary::fail(r.error());
  return config;
}

int serve(const serve_options& options) {
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGHUP);  // reload pg_hba.conf
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);  // before any thread starts
  signal(SIGPIPE, SIG_IGN);
  // Files the server creates (database files, spool, log) are the owner's alone, as
  // PostgreSQL's (umask 0077): directories 0700, files 0600.
  ::umask(S_IRWXG | S_IRWXO);

  auto lock = lock_data_directory(options.directory);
  if (!lock)
    return fatal(lock.error());
  auto directory = tributary::data_directory::open(options.directory, os_user_name());
  if (!directory)
    return fatal(directory.error());
  auto config = load_settings(**directory, options);
  if (!config)
    return fatal(config.error());
  apply_log_level((*config)->get_string("log_min_messages"));
  if (const auto level = (*config)->get_string("log_min_error_statement"); tributary::server_log_rank(level) < 0)
    return fatal("invalid value for parameter \"log_min_error_statement\": \"" + level + "\"");

  // The replication side: one actor system, one launcher for every database.
  caf::actor_system_config actor_config;
  // Few pooled actors (the blocking ones are detached): two threads on a shared
  // queue that sleep when idle, instead of work-stealing threads that poll.
  actor_config.set("scheduler.max-threads", 2);
  actor_config.set("scheduler.policy", caf::atom("sharing"));
  caf::actor_system actors{actor_config};
  auto monitoring = std::make_shared<tributary::monitoring_registry>();
  tributary::launcher_args launcher_args;
  launcher_args.directory = *directory;
  launcher_args.config = **config;
  launcher_args.registry = monitoring;
  auto launcher = actors.spawn<caf::detached>(tributary::launcher_actor, std::move(launcher_args));
  auto control = std::make_shared<tributary::replication_control>(actors, launcher);

  auto hba = std::make_shared<tributary::hba_configuration>((*directory)->hba_file());
  if (auto r = hba->load(); !r)
    return fatal(r.error().message + (r.error().context.empty() ? "" : " (" + r.error().context + ")") +
                 "\ncould not load " + hba->file().string());

  auto tls = tributary::tls_context::load(**config, (*directory)->root());
  if (!tls)
    return fatal(tls.error());

  tributary::session_services services;
  services.hba = hba;
  services.tls = *tls;
  services.directory = *directory;
  services.server_settings = *config;
  services.subscriptions = std::make_shared<tributary::subscription_ddl>(*directory, control);
  services.activities = std::make_shared<tributary::session_activity_registry>();
  services.temporary_schemas = tributary::temporary_schema_registry::create();
  tributary::activity_sources activity;
  activity.sessions = services.activities;
  activity.database_oid = [directory = *directory](const std::string& name) -> std::optional<int64_t> {
    auto found = directory->lookup_database(name);
    return found && *found ? std::optional<int64_t>((*found)->oid) : std::nullopt;
  };
  services.prepare_connection = [monitoring, activity, directory = *directory](
                                    tributary::sqlite_connection& db,
                                    const tributary::session_privileges_ptr& privileges)
      -> tributary::result<tributary::ok_t, tributary::pg_error> {
    auto seen_by_session = activity;
    seen_by_session.roles_seen_in_detail = [directory, privileges] {
      return tributary::roles_seen_in_detail(*directory, *privileges);
    };
    if (auto r = tributary::install_monitoring_tables(db, monitoring, seen_by_session); !r)
      return tributary::fail(tributary::make_pg_error("XX000", r.error().message));
    return tributary::ok_v;
  };
  tributary::server front_end(std::move(services));
  if (auto r = front_end.listen(); !r) {
    caf::anon_send_exit(launcher, caf::exit_reason::user_shutdown);
    return fatal(r.error());
  }
  if (auto r = (*lock)->set_ready(front_end.bound_port(), (*config)->get_string("listen_addresses")); !r)
    spdlog::warn("{}", r.error().message);
  spdlog::info("database system is ready to accept connections");
  caf::anon_send(launcher, tributary::start_atom::value);

  std::thread acceptor([&front_end] { front_end.run(); });
  int received = 0;
  for (;;) {
    sigwait(&stop_signals, &received);
    if (received != SIGHUP)
      break;
    spdlog::info("received SIGHUP, reloading configuration files");
    if (auto r = hba->load(); !r) {
      tributary::pg_error logged = r.error();
      logged.severity = "LOG";
      tributary::log_client_error(logged, {}, {});
      spdlog::info("{} was not reloaded", hba->file().filename().string());
    }
  }
  spdlog::info("received {} shutdown request", received == SIGTERM ? "smart" : "fast");
  if (auto r = (*lock)->set_stopping(); !r)
    spdlog::warn("{}", r.error().message);
  front_end.stop();
  acceptor.join();
  caf::anon_send_exit(launcher, caf::exit_reason::user_shutdown);
  actors.await_all_actors_done();
  spdlog::info("database system is shut down");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // SQLite counts every allocation under one process-wide mutex unless told not
  // to (before its first use); nothing here reads those counts, and the apply
  // path allocates per row in every connection's thread.
  sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
  setup_logging();
  CLI::App app{"Tributary: a standalone PostgreSQL logical-replication subscriber"};
  app.require_subcommand(1);

  serve_options options;
  auto* serve_command = app.add_subcommand("serve", "Run the server");
  serve_command->add_option("-D,--pgdata", options.directory, "Data directory")->required();
  serve_command->add_option("-p,--port", options.port, "TCP port (overrides the setting)");
  serve_command->add_option("-c", options.overrides, "Set a parameter: -c name=value")
      ->allow_extra_args(false);

  tributary::console::console_options console_options;
  auto* console_command = app.add_subcommand("console", "Live view of a running server's subscriptions and actors");
  console_command->set_help_flag("--help", "Print this help message and exit");  // -h is the host, as in psql
  console_command->add_option("-h,--host", console_options.connection.host, "Server host (libpq default, PGHOST)");
  console_command->add_option("-p,--port", console_options.connection.port, "Server port (PGPORT)");
  console_command->add_option("-U,--username", console_options.connection.user, "User name (PGUSER)");
  console_command->add_option("-d,--dbname", console_options.connection.dbname,
                              "Database to connect to first (PGDATABASE); every database is shown");
  console_command->add_option("-i,--interval", console_options.interval_seconds, "Refresh interval in seconds")
      ->capture_default_str();
  auto* once_flag = console_command->add_flag("--once", console_options.once, "Print one snapshot as text and exit");
  console_command->add_flag("--json", console_options.json, "Print one snapshot as JSON and exit")->excludes(once_flag);
  auto* load_command = app.add_subcommand(
      "load", "Drive load against a publisher, inject faults, verify that nothing was lost or duplicated");
  tributary::load::load_options load_options;
  bool load_json = false;
  tributary::load::add_load_options(*load_command, load_options, load_json);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return load_command->parsed() && code != 0 ? 2 : code;
  }
  if (console_command->parsed())
    return tributary::console::run_console(console_options);
  if (load_command->parsed())
    return tributary::load::run_load_command(load_options, load_json);
  return serve(options);
}
