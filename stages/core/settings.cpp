#include "stages/core/settings.hpp"

#include "stages/core/duration_units.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace tributary {

namespace {

using kind = setting_definition::kind;

std::string lower(std::string_view s) {
  std::string out{s};
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
    s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
    s.remove_suffix(1);
  return s;
}

const setting_definition* find_definition(std::string_view name) {
  auto key = lower(name);
  for (const auto& d : settings::definitions())
    if (d.name == key)
      return &d;
  return nullptr;
}

// A memory size in kB (PostgreSQL's units, case-sensitive; B rounds up to 1 kB).
result<int64_t, std::string> parse_memory_kb(const setting_definition& def, std::string_view text,
                                             int64_t number, std::string_view unit) {
  int64_t factor_kb = 0;
  if (unit.empty() || unit == "kB")
    factor_kb = 1;
  else if (unit == "MB")
    factor_kb = 1024;
  else if (unit == "GB")
    factor_kb = 1024 * 1024;
  else if (unit == "TB")
    factor_kb = int64_t{1024} * 1024 * 1024;
  else if (unit != "B")
    return fail("invalid value for parameter \"" + def.name + "\": \"" + std::string(text) +
                "\"\nHINT:  Valid units for this parameter are \"B\", \"kB\", \"MB\", \"GB\", and \"TB\".");
  if (number < 0 || (factor_kb > 1 && number > INT64_MAX / factor_kb))
    return fail("invalid value for parameter \"" + def.name + "\": \"" + std::string(text) + "\"");
  int64_t kb = unit == "B" ? (number + 1023) / 1024 : number * factor_kb;
  if (kb < def.minimum || kb > def.maximum)
    return fail(std::to_string(kb) + " kB is outside the valid range for parameter \"" + def.name + "\" (" +
                std::to_string(def.minimum) + " kB .. " + std::to_string(def.maximum) + " kB)");
  return kb;
}

// Parses an integer with an optional unit into the parameter's base unit.
result<int64_t, std::string> parse_number(const setting_definition& def, std::string_view text) {
  text = trim(text);
  int64_t number = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (ec != std::errc{} || end == text.data())
    return fail("invalid value for parameter \"" + def.name + "\": \"" + std::string(text) + "\"");
  if (def.type == kind::memory_kb)
    return parse_memory_kb(def, text, number,
                           trim(std::string_view(end, static_cast<size_t>(text.data() + text.size() - end))));
  auto unit = lower(trim(std::string_view(end, static_cast<size_t>(text.data() + text.size() - end))));
  if (def.type == kind::integer) {
    if (!unit.empty())
      return fail("invalid value for parameter \"" + def.name + "\": \"" + std::string(text) + "\"");
    return number;
  }
  // durations: convert to ms first
  int64_t factor_ms = 0;
  if (unit.empty())
    factor_ms = def.type == kind::duration_s ? 1000 : 1;
  else if (auto per_unit = milliseconds_per_unit(unit))
    factor_ms = *per_unit;
  else
    return fail("invalid value for parameter \"" + def.name + "\": \"" + std::string(text) +
                "\"\nHINT:  Valid units for this parameter are \"ms\", \"s\", \"min\", \"h\", and \"d\".");
  if (number < 0)
    return fail(std::to_string(number) + " is outside the valid range for parameter \"" + def.name + "\"");
  int64_t ms = number * factor_ms;
  const int64_t base = def.type == kind::duration_s ? ms / 1000 : ms;
  if (base < def.minimum || base > def.maximum)
    return fail(std::to_string(base) + (def.type == kind::duration_s ? " s" : " ms") +
                " is outside the valid range for parameter \"" + def.name + "\" (" +
                std::to_string(def.minimum) + " .. " + std::to_string(def.maximum) + ")");
  return base;
}

std::string show_value(const setting_definition& def, int64_t base) {
  if (def.type == kind::integer)
    return std::to_string(base);
  if (def.type == kind::memory_kb) {
    if (base == 0)
      return "0";  // as PostgreSQL shows a memory setting of 0 (no unit)
    for (auto [factor, unit] : {std::pair<int64_t, const char*>{int64_t{1} << 30, "TB"}, {1 << 20, "GB"}, {1 << 10, "MB"}})
      if (base != 0 && base % factor == 0)
        return std::to_string(base / factor) + unit;
    return std::to_string(base) + "kB";
  }
  int64_t ms = def.type == kind::duration_s ? base * 1000 : base;
  if (ms == 0)
    return "0";
  if (ms % 86'400'000 == 0)
    return std::to_string(ms / 86'400'000) + "d";
  if (ms % 3'600'000 == 0)
    return std::to_string(ms / 3'600'000) + "h";
  if (ms % 60'000 == 0)
    return std::to_string(ms / 60'000) + "min";
  if (ms % 1000 == 0)
    return std::to_string(ms / 1000) + "s";
  return std::to_string(ms) + "ms";
}

}  // namespace

const std::vector<setting_definition>& settings::definitions() {
  static const std::vector<setting_definition> defs = {
      {"listen_addresses", kind::string, "127.0.0.1",
       "Comma-separated IP addresses to listen on; * for all IPv4 addresses."},
      {"port", kind::integer, "5433", "TCP port the server listens on."},
      {"unix_socket_directories", kind::string, "/tmp",
       "Sets the directories where Unix-domain sockets will be created (comma list; empty: none)."},
      {"max_connections", kind::integer, "100", "Maximum number of concurrent client sessions."},
      {"authentication_timeout", kind::duration_s, "60",
       "Sets the maximum allowed time to complete client authentication.", 1, 600},
      {"ssl", kind::string, "off", "Enables SSL connections."},
      {"ssl_cert_file", kind::string, "server.crt",
       "Location of the SSL server certificate file (relative to the data directory)."},
      {"ssl_key_file", kind::string, "server.key", "Location of the SSL server private key file."},
      {"ssl_ca_file", kind::string, "",
       "Location of the SSL certificate authority file (client certificates)."},
      {"ssl_crl_file", kind::string, "", "Location of the SSL certificate revocation list file."},
      {"ssl_min_protocol_version", kind::string, "TLSv1.2", "Sets the minimum SSL/TLS protocol version to use."},
      {"wal_receiver_status_interval", kind::duration_s, "10",
       "Longest time between two status reports to the publisher."},
      {"wal_receiver_timeout", kind::duration_ms, "60000",
       "Silence from the publisher after which the connection is dropped."},
      {"wal_retrieve_retry_interval", kind::duration_ms, "5000",
       "First backoff before a failed subscription pipeline is restarted."},
      {"max_sync_workers_per_subscription", kind::integer, "2",
       "Tables copied at the same time by one subscription."},
      {"apply_group_max_transactions", kind::integer, "10000",
       "Remote transactions applied in one local transaction while catching up."},
      {"apply_group_max_delay", kind::duration_ms, "100",
       "Longest time one local apply transaction stays open while catching up."},
      {"spool_memory_limit", kind::memory_kb, "65536",
       "Memory one subscription keeps streamed in-progress transactions in before spilling them to files.",
       64, int64_t{1} << 31},
      {"replication_receive_buffer", kind::memory_kb, "48",
       "TCP receive buffer of a replication connection to a publisher on this host; 0 leaves it to the kernel.",
       0, 1048576},
      {"log_min_messages", kind::string, "info",
       "Least severe log level written: debug, info, warning, error."},
      {"log_min_error_statement", kind::string, "error",
       "Causes all statements causing an error at or above this level to be logged."},
      {"apply_durable_interval", kind::duration_ms, "50",
       "Longest time an applied transaction waits for its WAL sync (and its flush report); 0 syncs every commit."},
  };
  return defs;
}

setting_context settings::context_of(std::string_view name) {
  if (name == "listen_addresses" || name == "port" || name == "unix_socket_directories" || name == "max_connections")
    return setting_context::postmaster;
  if (name == "log_min_messages" || name == "log_min_error_statement")
    return setting_context::superuser;
  return setting_context::sighup;
}

settings::settings() {
  for (const auto& d : definitions())
    values_[d.name] = d.default_value;
}

result<ok_t, std::string> settings::set(std::string_view name, std::string_view value) {
  const auto* def = find_definition(name);
  if (!def)
    return fail("unrecognized configuration parameter \"" + std::string(name) + "\"");
  if (def->type == kind::string) {
    values_[def->name] = std::string(trim(value));
    return ok_v;
  }
  auto n = parse_number(*def, value);
  if (!n)
    return fail(n.error());
  values_[def->name] = std::to_string(*n);
  return ok_v;
}

result<ok_t, std::string> settings::load_text(std::string_view text, std::string_view file_name) {
  int line_no = 0;
  while (!text.empty()) {
    ++line_no;
    auto nl = text.find('\n');
    auto line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    // strip a comment that is not inside quotes
    bool quoted = false;
    size_t cut = line.size();
    for (size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '\'')
        quoted = !quoted;
      else if (line[i] == '#' && !quoted) {
        cut = i;
        break;
      }
    }
    line = trim(line.substr(0, cut));
    if (line.empty())
      continue;
    auto eq = line.find('=');
    size_t name_end = eq;
    if (eq == std::string_view::npos) {  // "name value" is allowed too
      name_end = line.find_first_of(" \t");
      if (name_end == std::string_view::npos)
        return fail("syntax error in file \"" + std::string(file_name) + "\" line " +
                    std::to_string(line_no) + ", near end of line");
    }
    auto name = trim(line.substr(0, name_end));
    auto value = trim(line.substr(name_end + 1));
    if (value.size() >= 2 && value.front() == '\'' && value.back() == '\'')
      value = value.substr(1, value.size() - 2);
    if (name.empty())
      return fail("syntax error in file \"" + std::string(file_name) + "\" line " +
                  std::to_string(line_no));
    if (auto r = set(name, value); !r)
      return fail(r.error() + " (file \"" + std::string(file_name) + "\" line " +
                  std::to_string(line_no) + ")");
  }
  return ok_v;
}

bool settings::known(std::string_view name) const { return find_definition(name) != nullptr; }

std::string settings::show(std::string_view name) const {
  const auto* def = find_definition(name);
  if (!def)
    return {};
  const auto& v = values_.find(def->name)->second;
  if (def->type == kind::string)
    return v;
  return show_value(*def, std::stoll(v));
}

int64_t settings::get_int(std::string_view name) const {
  const auto* def = find_definition(name);
  if (!def || def->type == kind::string)
    return 0;
  return std::stoll(values_.find(def->name)->second);
}

std::chrono::milliseconds settings::get_duration(std::string_view name) const {
  const auto* def = find_definition(name);
  if (!def)
    return {};
  auto base = get_int(name);
  return std::chrono::milliseconds(def->type == kind::duration_s ? base * 1000 : base);
}

std::string settings::get_string(std::string_view name) const {
  const auto* def = find_definition(name);
  return def ? values_.find(def->name)->second : std::string{};
}

std::string settings::default_file_text() {
  std::string out =
      "# Tributary configuration file: name = value, one per line (PostgreSQL style).\n"
      "# Durations take units: ms, s, min, h, d; memory sizes B, kB, MB, GB, TB.\n"
      "# `tributary serve -c name=value`\n"
      "# overrides a line here for one run.\n\n";
  settings defaults;
  for (const auto& d : definitions()) {
    out += "# " + d.description + "\n";
    std::string v = defaults.show(d.name);
    if (d.type == kind::string)
      v = "'" + v + "'";
    out += "#" + d.name + " = " + v + "\n\n";
  }
  return out;
}

}  // namespace tributary
