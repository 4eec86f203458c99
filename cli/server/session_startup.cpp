// session_startup: from the first packet to the first ReadyForQuery.
//
//   [SSLRequest -> 'S' + TLS handshake (ssl = on) | 'N'; GSSENCRequest -> 'N']*
//   StartupMessage
//     -> pg_hba.conf and the password exchange (client_authentication.hpp:
//        FATAL 28000 / 28P01), then role and database checks (28000 / 3D000)
//     -> AuthenticationOk, ParameterStatus*, BackendKeyData, ReadyForQuery 'I'
// A CancelRequest instead of a StartupMessage is handed to the server and the
// connection closes without a reply, as PostgreSQL does.
#include <spdlog/spdlog.h>

#include <arpa/inet.h>
#include <sqlite3.h>
#include <sys/socket.h>

#include <cstring>
#include <sstream>

#include "cli/server/client_authentication.hpp"
#include "cli/server/reload_function.hpp"
#include "cli/server/session_role_function.hpp"
#include "cli/catalog/catalog_relations.hpp"
#include "cli/catalog/temporary_schemas.hpp"
#include "cli/server/session.hpp"
#include "cli/server/session_state.hpp"
#include "cli/server/tls_context.hpp"
#include "cli/server/wire_protocol.hpp"
#include "stages/core/server_log.hpp"
#include "storage/replication_role.hpp"
#include "storage/role_catalog.hpp"
#include "storage/role_membership.hpp"
#include "storage/role_settings.hpp"
#include "storage/secret_columns.hpp"
#include "storage/sequence_functions.hpp"
#include "storage/table_access.hpp"
#include "storage/sql_functions.hpp"

namespace tributary {
namespace {

// "-c a=b --c=d" -> {(a, b), (c, d)}: the run-time parameters in a startup "options".
std::vector<std::pair<std::string, std::string>> options_parameters(const std::string& options) {
  std::vector<std::pair<std::string, std::string>> out;
  std::istringstream words(options);
  std::string word;
  bool after_c = false;
  while (words >> word) {
    std::string assignment;
    if (after_c) {
      assignment = word;
      after_c = false;
    } else if (word == "-c") {
      after_c = true;
      continue;
    } else if (word.rfind("-c", 0) == 0) {
      assignment = word.substr(2);
    } else if (word.rfind("--", 0) == 0) {
      assignment = word.substr(2);
    } else {
      continue;
    }
    auto eq = assignment.find('=');
    if (eq != std::string::npos)
      out.emplace_back(assignment.substr(0, eq), assignment.substr(eq + 1));
  }
  return out;
}

bool asks_for_replication(const wire::startup_message& startup) {
  auto r = startup.parameter("replication");
  return r && *r != "false" && *r != "off" && *r != "no" && *r != "0";
}

std::optional<ip_address> socket_address(const sockaddr_storage& ss) {
  ip_address a;
  if (ss.ss_family == AF_INET) {
    std::memcpy(a.bytes.data(), &reinterpret_cast<const sockaddr_in*>(&ss)->sin_addr, 4);
    a.length = 4;
    return a;
  }
  if (ss.ss_family == AF_INET6) {
    std::memcpy(a.bytes.data(), &reinterpret_cast<const sockaddr_in6*>(&ss)->sin6_addr, 16);
    a.length = 16;
    return a;
  }
  return std::nullopt;
}

// What pg_hba.conf matches on: the peer's and our own address, user, database.
hba_connection describe_connection(int fd, const std::string& user, const std::string& database) {
  hba_connection c;
  sockaddr_storage ss{};
  socklen_t length = sizeof ss;
  if (::getpeername(fd, reinterpret_cast<sockaddr*>(&ss), &length) == 0) {
    c.local_socket = ss.ss_family == AF_UNIX;
    c.client = socket_address(ss);
  }
  length = sizeof ss;
  if (::getsockname(fd, reinterpret_cast<sockaddr*>(&ss), &length) == 0)
    c.server = socket_address(ss);
  c.user = user;
  c.database = database;
  return c;
}

bool is_unix_socket(int fd) {
  sockaddr_storage ss{};
  socklen_t length = sizeof ss;
  return ::getsockname(fd, reinterpret_cast<sockaddr*>(&ss), &length) == 0 && ss.ss_family == AF_UNIX;
}

std::string address_text(const ip_address& a) {
  char text[INET6_ADDRSTRLEN] = {};
  ::inet_ntop(a.length == 4 ? AF_INET : AF_INET6, a.bytes.data(), text, sizeof text);
  return text;
}

}  // namespace

// global.db could not be read: the client hears why (not "role does not exist") and
// the log says it too, as PostgreSQL reports a failed catalog read.
void session::refuse_for_storage(const pg_error& error) {
  pg_error fatal = error;
  fatal.severity = "FATAL";
  log_client_error(fatal, {}, {});
  stream_.write(wire::error_response(fatal));
  stream_.flush();
}

bool session::perform_startup(std::unique_ptr<connection_state>& state) {
  // authentication_timeout covers everything up to ReadyForQuery; a client that has
  // not finished by then is dropped without a word, as PostgreSQL does.
  stream_.set_deadline(message_stream::clock::now() +
                       services_.server_settings->get_duration("authentication_timeout"));
  wire::startup_message startup;
  for (int attempt = 0;; ++attempt) {
    auto body = stream_.read_startup_packet(wire::max_startup_packet_length);
    if (!body) {
      log_read_failure(body.error());
      return false;
    }
    auto packet = wire::parse_startup_packet(*body);
    if (!packet) {
      log_client_error(packet.error(), {}, {});
      stream_.write(wire::error_response(packet.error()));
      stream_.flush();
      return false;
    }
    if (std::holds_alternative<wire::ssl_request>(*packet) ||
        std::holds_alternative<wire::gssenc_request>(*packet)) {
      if (attempt >= 2) {
        send_fatal("08P01", "unsupported frontend protocol sequence");
        return false;
      }
      // TLS when it is on (and not yet running); never GSSAPI encryption.
      // (Never over a Unix-domain socket, as PostgreSQL.)
      const bool tls = std::holds_alternative<wire::ssl_request>(*packet) && services_.tls &&
                       !stream_.tls_active() && !is_unix_socket(fd_);
      stream_.write(tls ? "S" : "N");
      stream_.flush();
      if (tls)
        if (auto r = stream_.start_tls(services_.tls->handle()); !r) {
          spdlog::info("{}", r.error().message);
          return false;
        }
      continue;
    }
    if (auto* cancel = std::get_if<wire::cancel_request>(&*packet)) {
      if (services_.cancel)
        services_.cancel(cancel->process_id, cancel->secret_key);
      return false;
    }
    startup = std::get<wire::startup_message>(std::move(*packet));
    break;
  }

  if ((startup.protocol & 0xffff) != 0 || !startup.protocol_options.empty())
    stream_.write(wire::negotiate_protocol_version(0, startup.protocol_options));
  const std::string user = startup.parameter("user").value_or("");
  if (user.empty()) {
    send_fatal("28000", "no PostgreSQL user name specified in startup packet");
    return false;
  }
  if (asks_for_replication(startup)) {
    send_fatal("0A000", "replication connections are not supported");
    return false;
  }
  std::string database = startup.parameter("database").value_or("");
  if (database.empty())
    database = user;

  // Only now does the connection count against max_connections.
  if (services_.slots) {
    slot_ = services_.slots->try_take();
    if (!slot_) {
      send_fatal("53300", "sorry, too many clients already");
      return false;
    }
  }

  data_directory& directory = *services_.directory;
  role_catalog roles{directory};
  auto found_role = roles.find(user);
  if (!found_role) {
    refuse_for_storage(found_role.error());
    return false;
  }
  if (services_.hba) {
    auto rules = services_.hba->rules();
    if (!rules) {
      send_fatal("28000", "no pg_hba.conf rules are loaded");
      return false;
    }
    authentication_request request;
    request.connection = describe_connection(fd_, user, database);
    if (*found_role) {
      auto grants = role_membership{directory}.list();
      if (!grants) {
        refuse_for_storage(grants.error());
        return false;
      }
      auto all_roles = roles.list();
      if (!all_roles) {
        refuse_for_storage(all_roles.error());
        return false;
      }
      for (int64_t oid : roles_of_member(*grants, (*found_role)->oid))
        for (const auto& r : *all_roles)
          if (r.oid == oid)
            request.connection.member_of.push_back(r.name);
    }
    request.client_host = request.connection.client ? address_text(*request.connection.client) : "[local]";
    request.connection.ssl = stream_.tls_active();
    request.certificate = stream_.tls_peer();
    request.role = *found_role;
    if (authenticate_client(stream_, *rules, request) != authentication_result::accepted)
      return false;
  }
  const auto& role = *found_role;
  if (!role) {
    send_fatal("28000", "role \"" + user + "\" does not exist");
    return false;
  }
  if (!role->can_login) {
    send_fatal("28000", "role \"" + user + "\" is not permitted to log in");
    return false;
  }
  // CONNECTION LIMIT, as InitializeSessionUserId: superusers are not limited.
  if (role->connection_limit >= 0 && !role->superuser && services_.activities) {
    int64_t sessions = 0;
    for (const auto& row : services_.activities->rows())
      sessions += row.usename == user ? 1 : 0;
    if (sessions >= role->connection_limit) {
      send_fatal("53300", "too many connections for role \"" + user + "\"");
      return false;
    }
  }
  auto in_use = directory.track_session(database);  // before the check: DROP DATABASE waits for us
  auto found_database = directory.lookup_database(database);
  if (!found_database) {
    refuse_for_storage(found_database.error());
    return false;
  }
  if (!*found_database) {
    send_fatal("3D000", "database \"" + database + "\" does not exist");
    return false;
  }
  // As CheckMyDatabase: datallowconn (everyone), then CONNECT and the
  // database's CONNECTION LIMIT (superusers are not checked; this session is
  // already counted).
  if (!(*found_database)->allow_connections) {
    send_fatal("55000", "database \"" + database + "\" is not currently accepting connections");
    return false;
  }
  if (!role->superuser) {
    auto grants = role_membership{directory}.list();
    auto all_roles = roles.list();
    if (!grants || !all_roles) {
      refuse_for_storage(!grants ? grants.error() : all_roles.error());
      return false;
    }
    const database_info& target = **found_database;
    if (!holds(database_acl_of(target), target.owner_oid,
               acting_roles(*all_roles, *grants, role->oid, target.owner_oid), privilege_connect)) {
      send_fatal("42501", "permission denied for database \"" + database + "\"",
                 "User does not have CONNECT privilege.");
      return false;
    }
    if (target.connection_limit >= 0 && directory.sessions_using(database) > target.connection_limit) {
      send_fatal("53300", "too many connections for database \"" + database + "\"");
      return false;
    }
  }
  auto connection = directory.connect(database);
  if (!connection) {
    send_fatal(connection.error());
    return false;
  }
  // A client's writes check foreign keys, as PostgreSQL's origin role does; the
  // applier and table sync keep them off (session_replication_role = replica).
  if (auto r = connection->exec("PRAGMA foreign_keys=ON"); !r) {
    send_fatal("58030", "could not enable foreign keys: " + r.error().message);
    return false;
  }
  // The functions translated queries compute with (exact numeric, casts, ...).
  register_sql_functions(connection->handle());
  // Local triggers fire as in a PostgreSQL client session (session_replication_role = origin).
  set_replication_role(connection->handle(), replication_role::origin);
  auto privileges = make_session_privileges(user, role->superuser);
  install_reload_function(connection->handle(), *privileges);
  install_session_role_function(connection->handle(), *privileges);
  // nextval() & co. check the session's privileges on sequences.
  if (int rc = install_sequence_functions(connection->handle(), privileges.get()); rc != SQLITE_OK) {
    send_fatal("XX000", "could not install the sequence functions");
    return false;
  }
  protect_secret_columns(connection->handle(), *privileges);
  if (services_.prepare_connection)
    if (auto r = services_.prepare_connection(*connection, privileges); !r) {
      send_fatal(r.error());
      return false;
    }
  session_identity who{database, user, role->superuser, process_id_, privileges};
  state = std::make_unique<connection_state>(stream_, who, std::move(*connection), std::move(in_use),
                                             services_);
  // pg_catalog's relations and functions, over the session's own connection.
  catalog_sources catalogs;
  catalogs.roles = [directory = services_.directory] {
    auto roles = role_catalog{*directory}.list();
    return roles ? std::move(*roles) : std::vector<role_record>{};
  };
  catalogs.memberships = [directory = services_.directory] {
    auto grants = role_membership{*directory}.list();
    return grants ? std::move(*grants) : std::vector<role_grant>{};
  };
  catalogs.databases = [directory = services_.directory] { return directory->databases(); };
  // The parameters live in the session state, as long as its connection.
  catalogs.settings = [parameters = &state->parameters] { return parameters->listing(); };
  catalogs.current_user = [privileges] { return privileges->current_user; };
  catalogs.role_settings = [directory = services_.directory] {
    auto rows = role_settings{*directory}.list();
    return rows ? std::move(*rows) : std::vector<role_setting_row>{};
  };
  if (auto r = install_catalog_relations(state->db, catalogs); !r) {
    send_fatal("XX000", "could not install the system catalogs: " + r.error().message);
    return false;
  }
  if (services_.temporary_schemas)  // its pg_temp_N (cli/catalog/temporary_schemas.hpp)
    if (install_temporary_schema_functions(state->db.handle(), services_.temporary_schemas, database,
                                           services_.temporary_schemas->take_number()) != SQLITE_OK) {
      send_fatal("XX000", "could not install the temporary schema functions");
      return false;
    }

  // ALTER ROLE ... SET first (storage/role_settings.hpp), the client's own
  // parameters then override them; one that no longer applies is skipped, as
  // PostgreSQL only warns about it.
  auto role_defaults = role_settings{directory}.for_login((*found_database)->oid, role->oid);
  if (!role_defaults) {
    refuse_for_storage(role_defaults.error());
    return false;
  }
  for (const auto& [name, value] : *role_defaults)
    (void)state->parameters.apply_startup(name, value);

  auto parameters = startup.parameters;
  for (auto& option : options_parameters(startup.parameter("options").value_or("")))
    parameters.push_back(std::move(option));
  for (const auto& [name, value] : parameters) {
    if (name == "user" || name == "database" || name == "options" || name == "replication")
      continue;
    if (auto r = state->parameters.apply_startup(name, value); !r) {
      send_fatal(r.error());
      return false;
    }
  }

  if (activity_) {
    activity_->connected((*found_database)->oid, database, role->oid, user, role->superuser,
                         state->parameters.value("application_name").value_or(""),
                         &state->dispatcher.lock_waiter());
    state->activity = activity_;
    if (services_.activities)
      install_backend_signal_functions(state->db.handle(), services_.activities, privileges);
  }

  stream_.write(wire::authentication_ok());
  for (const auto& [name, value] : state->parameters.reported())
    stream_.write(wire::parameter_status(name, value));
  (void)state->parameters.take_changed_reports();
  stream_.write(wire::backend_key_data(process_id_, secret_key_));
  stream_.write(wire::ready_for_query('I'));
  stream_.flush();
  stream_.set_deadline(std::nullopt);
  spdlog::debug("connection authorized: user={} database={}", user, database);
  return true;
}

}  // namespace tributary
