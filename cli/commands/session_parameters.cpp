// session_parameters: SET / RESET / SHOW and ParameterStatus (see the header).
//
// Values are validated the way PostgreSQL's check hooks do where Tributary has its
// own (client_encoding, DateStyle, TimeZone, role, session_authorization,
// standard_conforming_strings); every other parameter by its type, range, unit or
// listed values as PostgreSQL 15 declares them (parameter_rules.hpp,
// parameter_value_check.hpp), and stored as SHOW prints it.
#include "cli/commands/session_parameters.hpp"

#include "cli/commands/accepted_parameters.hpp"
#include "cli/commands/parameter_value_check.hpp"
#include "cli/commands/set_arguments.hpp"

#include "stages/types/datetime/time_zone_rules.hpp"

#include "stages/core/duration_units.hpp"
#include "stages/core/pg_bool.hpp"
#include "storage/sqlite_connection.hpp"

#include <algorithm>
#include <cctype>
#include <locale.h>

namespace tributary {
namespace {

// lc_messages, lc_monetary, lc_numeric, lc_time as PostgreSQL's check_locale: a
// locale the system has ('' is the server's), else 22023. Money, numbers and
// times are formatted here as in the C locale, so lc_monetary, lc_numeric and
// lc_time of another locale (whose formats PostgreSQL would use) are 0A000;
// lc_messages of any locale is kept (messages stay PostgreSQL's English).
result<std::string, pg_error> checked_locale(const std::string& key, const std::string& name,
                                             const std::string& value) {
  if (value.empty())
    return value;
  const int mask = key == "lc_messages" ? LC_MESSAGES_MASK
                   : key == "lc_monetary" ? LC_MONETARY_MASK
                   : key == "lc_numeric"  ? LC_NUMERIC_MASK
                                          : LC_TIME_MASK;
  locale_t locale = newlocale(mask, value.c_str(), static_cast<locale_t>(0));
  if (locale == static_cast<locale_t>(0))
    return fail(make_pg_error("22023", "invalid value for parameter \"" + name + "\": \"" + value + "\""));
  freelocale(locale);
  const bool c_locale = value == "C" || value == "POSIX" || value.starts_with("C.");
  if (key != "lc_messages" && !c_locale)
    return fail(make_pg_error("0A000", name + " \"" + value + "\" (a locale other than C) is not supported yet"));
  return value;
}

std::string lowercase(std::string s) {
  for (char& c : s)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string uppercase(std::string s) {
  for (char& c : s)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

pg_error invalid_value(const std::string& name, const std::string& value) {
  return make_pg_error("22023", "invalid value for parameter \"" + name + "\": \"" + value + "\"");
}

pg_error unrecognized(const std::string& name) {
  return make_pg_error("42704", "unrecognized configuration parameter \"" + name + "\"");
}

// "iso, mdy" -> "ISO, MDY"; a missing half keeps the current one.
result<std::string, pg_error> canonical_datestyle(const std::string& value, const std::string& current) {
  std::string style = current.substr(0, current.find(','));
  std::string order = current.find(", ") == std::string::npos ? "MDY" : current.substr(current.find(", ") + 2);
  std::string word;
  bool order_given = false;
  auto take = [&](std::string w) -> bool {
    w = lowercase(w);
    if (w.empty()) return true;
    if (w == "mdy" || w == "us" || w == "noneuropean" || w == "non-european" || w == "dmy" ||
        w == "euro" || w == "european" || w == "ymd")
      order_given = true;
    if (w == "iso") style = "ISO";
    else if (w == "postgres") style = "Postgres";
    else if (w == "sql") style = "SQL";
    else if (w == "german") style = "German";
    else if (w == "mdy" || w == "us" || w == "noneuropean" || w == "non-european") order = "MDY";
    else if (w == "dmy" || w == "euro" || w == "european") order = "DMY";
    else if (w == "ymd") order = "YMD";
    else return false;
    return true;
  };
  for (char c : value + ",") {
    if (c == ',' || std::isspace(static_cast<unsigned char>(c))) {
      if (!take(word)) {
        pg_error e = invalid_value("DateStyle", value);
        e.detail = "Unrecognized key word: \"" + word + "\".";
        return fail(std::move(e));
      }
      word.clear();
    } else {
      word.push_back(c);
    }
  }
  if (style == "German" && !order_given)
    order = "DMY";  // PostgreSQL: German alone implies DMY
  return style + ", " + order;
}

}  // namespace

namespace {

// Parameters PostgreSQL leaves out of SHOW ALL and pg_settings (GUC_NO_SHOW_ALL).
bool hidden_from_show_all(const std::string& key) {
  return key == "is_superuser" || key == "session_authorization" || key == "role";  // GUC_NO_SHOW_ALL
}

}  // namespace

session_parameters::session_parameters(const settings& server_settings, const std::string& user,
                                       bool superuser)
    : server_settings_(server_settings), superuser_(superuser) {
  auto add = [&](std::string name, std::string value, std::string description, bool reported,
                 bool read_only) {
    parameters_[lowercase(name)] = {name, value, value, value, std::move(description), reported, read_only};
  };
  add("application_name", "", "Sets the application name to be reported.", true, false);
  add("client_encoding", "UTF8", "Sets the client's character set encoding.", true, false);
  add("DateStyle", "ISO, MDY", "Sets the display format for date and time values.", true, false);
  add("IntervalStyle", "postgres", "Sets the display format for interval values.", true, false);
  add("TimeZone", "UTC", "Sets the time zone for displaying and interpreting time stamps.", true, false);
  add("integer_datetimes", "on", "Shows whether datetimes are integer based.", true, true);
  add("standard_conforming_strings", "on", "Causes '...' strings to treat backslashes literally.", true, false);
  add("server_version", "15.0", "Shows the server version.", true, true);
  add("server_version_num", "150000", "Shows the server version as an integer.", false, true);
  add("server_encoding", "UTF8", "Shows the server (database) character set encoding.", true, true);
  add("is_superuser", superuser ? "on" : "off", "Shows whether the current user is a superuser.", true, true);
  add("session_authorization", user, "Sets the session user name.", true, false);
  add("default_transaction_read_only", "off", "Sets the default read-only status of new transactions.", true, false);
  add("in_hot_standby", "off", "Shows whether hot standby is currently active.", true, true);
  add("search_path", "\"$user\", public", "Sets the schema search order for names that are not schema-qualified.", false, false);
  add("extra_float_digits", "1", "Sets the number of digits displayed for floating-point values.", false, false);
  add("client_min_messages", "notice", "Sets the message levels that are sent to the client.", false, false);
  add("statement_timeout", "0", "Sets the maximum allowed duration of any statement.", false, false);
  add("lock_timeout", "0", "Sets the maximum allowed duration of any wait for a lock.", false, false);
  add("idle_in_transaction_session_timeout", "0", "Sets the maximum allowed idle time between queries, when in a transaction.", false, false);
  add("default_transaction_isolation", "read committed", "Sets the transaction isolation level of each new transaction.", false, false);
  add("transaction_isolation", "read committed", "Sets the current transaction's isolation level.", false, false);
  add("transaction_read_only", "off", "Sets the current transaction's read-only status.", false, false);
  add("bytea_output", "hex", "Sets the output format for bytea.", false, false);
  add("synchronous_commit", "on", "Sets the current transaction's synchronization level.", false, false);
  add("row_security", "on", "Enable row security.", false, false);
  add("lc_messages", "C", "Sets the language in which messages are displayed.", false, false);
  add("lc_monetary", "C", "Sets the locale for formatting monetary amounts.", false, false);
  add("lc_numeric", "C", "Sets the locale for formatting numbers.", false, false);
  add("lc_time", "C", "Sets the locale for formatting date and time values.", false, false);
  add("max_identifier_length", "63", "Shows the maximum identifier length.", false, true);
  // SQLite's page (new_file_page_size): the unit of pg_relation_size and \dt+ sizes
  // here (PostgreSQL's is 8192).
  add("block_size", std::to_string(new_file_page_size), "Shows the size of a disk block.", false, true);
  add("data_checksums", "off", "Shows whether data checksums are turned on for this cluster.", false, true);
  add("debug_assertions", "off", "Shows whether the running server has assertion checks enabled.", false, true);
  // Text compares byte by byte (collation C), whatever the publisher's locale.
  add("lc_collate", "C", "Shows the collation order locale.", false, true);
  add("lc_ctype", "C", "Shows the character classification and case conversion locale.", false, true);
  add("session_replication_role", "origin", "Sets the session's behavior for triggers and rewrite rules.", false,
      false);
  add("role", "none", "Sets the current role.", false, false);
  for (const accepted_parameter& p : parameters_without_effect())
    add(p.name, p.default_value, p.description, false, false);
}

result<std::string, pg_error> session_parameters::canonical_value(const std::string& key, const std::string& given_name,
                                                                  const std::string& value) const {
  if (key == "client_encoding") {
    std::string u = uppercase(value);
    u.erase(std::remove(u.begin(), u.end(), '-'), u.end());
    if (u == "UTF8" || u == "UNICODE")
      return std::string("UTF8");
    if (u == "SQL_ASCII")
      return u;
    return fail(make_pg_error("0A000", "conversion between " + uppercase(value) + " and UTF8 is not supported"));
  }
  if (key == "lc_messages" || key == "lc_monetary" || key == "lc_numeric" || key == "lc_time")
    return checked_locale(key, given_name, value);
  if (key == "datestyle")
    return canonical_datestyle(value, parameters_.at(key).value);
  if (key == "timezone") {
    // An IANA zone (any case; shown as the database spells it), a POSIX zone
    // string, or hours east of UTC, as PostgreSQL's check_timezone accepts them.
    char* end = nullptr;
    const double hours = std::strtod(value.c_str(), &end);
    if (!value.empty() && *end == '\0') {
      if (hours > -168 && hours < 168)
        return value;
      return fail(invalid_value("TimeZone", value));
    }
    if (auto zone = find_time_zone(value))
      return zone->name();
    return fail(invalid_value("TimeZone", value));
  }
  if (key == "role") {
    if (value == "none")
      return value;
    return role_check_ ? role_check_(value) : result<std::string, pg_error>(value);
  }
  if (key == "session_authorization")
    return session_authorization_check_ ? session_authorization_check_(value) : result<std::string, pg_error>(value);
  if (key == "standard_conforming_strings") {
    auto b = parse_pg_bool(value);
    if (!b)
      return fail(make_pg_error("22023", "parameter \"" + given_name + "\" requires a Boolean value"));
    if (!*b)
      return fail(make_pg_error("0A000", "standard_conforming_strings = off is not supported"));
    return std::string("on");
  }
  // Every other parameter by its type, as PostgreSQL's parse_and_validate_value.
  if (const parameter_rule* rule = find_parameter_rule(key))
    return check_parameter_value(*rule, given_name, value);
  return value;
}

void session_parameters::store(const std::string& key, std::string value) {
  auto it = parameters_.find(key);
  if (it == parameters_.end()) {
    parameters_[key] = {key, value, "", "", "", false, false};
    return;
  }
  if (it->second.value == value)
    return;
  it->second.value = std::move(value);
  if (it->second.reported &&
      std::find(changed_reports_.begin(), changed_reports_.end(), key) == changed_reports_.end())
    changed_reports_.push_back(key);
  if (key == "default_transaction_isolation" || key == "default_transaction_read_only")
    follow_transaction_defaults();
}

void session_parameters::remember_before_change(const std::string& key, bool local) {
  if (!before_transaction_) {
    before_transaction_.emplace();
    for (const auto& [k, p] : parameters_)
      (*before_transaction_)[k] = p.value;
  }
  if (local && !local_originals_.count(key)) {
    auto it = parameters_.find(key);
    local_originals_[key] = it == parameters_.end() ? std::string() : it->second.value;
  }
}

result<ok_t, pg_error> session_parameters::set_value(const std::string& name,
                                                     std::optional<std::string> value, bool local,
                                                     bool in_transaction) {
  const std::string key = lowercase(name);
  auto it = parameters_.find(key);
  if (it == parameters_.end()) {
    if (server_settings_.known(key))
      return fail(server_setting_refusal(key));
    if (key.find('.') == std::string::npos)
      return fail(unrecognized(name));
  } else if (it->second.read_only) {
    return fail(make_pg_error("55P02", "parameter \"" + it->second.display_name + "\" cannot be changed"));
  } else if (key == "session_replication_role" && !superuser_) {
    return fail(make_pg_error("42501", "permission denied to set parameter \"" + it->second.display_name + "\""));
  }
  std::string new_value;
  if (value) {
    auto canonical = canonical_value(key, name, *value);
    if (!canonical)
      return fail(canonical.error());
    new_value = *canonical;
  } else if (it != parameters_.end()) {
    new_value = it->second.default_value;
  }
  if (in_transaction)
    remember_before_change(key, local);
  store(key, std::move(new_value));
  return ok_v;
}

// SET of a server-wide parameter, as set_config_option refuses it for a
// session: a superuser-only one needs a superuser (who may not set it either
// here: Tributary's log levels are the server's).
pg_error session_parameters::server_setting_refusal(const std::string& key) const {
  switch (settings::context_of(key)) {
    case setting_context::postmaster:
      return make_pg_error("55P02", "parameter \"" + key + "\" cannot be changed without restarting the server");
    case setting_context::superuser:
      if (!superuser_)
        return make_pg_error("42501", "permission denied to set parameter \"" + key + "\"");
      break;
    case setting_context::sighup: break;
  }
  return make_pg_error("55P02", "parameter \"" + key + "\" cannot be changed now");
}

result<std::pair<std::string, std::optional<std::string>>, pg_error> session_parameters::role_setting(
    const nlohmann::json& fields, std::string_view source) const {
  const std::string kind = fields.value("kind", std::string());
  const std::string name = fields.value("name", std::string());
  const std::string key = lowercase(name);
  std::optional<std::string> value;
  if (kind != "VAR_SET_DEFAULT" && kind != "VAR_RESET")
    value = joined_set_arguments(fields, source);
  auto known = parameters_.find(key);
  if (known == parameters_.end() && !server_settings_.known(key) && key.find('.') != std::string::npos) {
    if (!superuser_)
      return fail(make_pg_error("42501", "permission denied to set parameter \"" + name + "\""));
    return std::make_pair(name, value);
  }
  // A superuser-only server parameter: a superuser's ALTER ROLE stores it
  // (PostgreSQL's levels; a login leaves the server's level as it is).
  if (known == parameters_.end() && server_settings_.known(key) &&
      settings::context_of(key) == setting_context::superuser) {
    if (!superuser_)
      return fail(server_setting_refusal(key));
    if (value) {
      static const std::vector<std::string> levels = {"debug5", "debug4", "debug3", "debug2", "debug1", "info",
                                                      "notice", "warning", "error",  "log",    "fatal",  "panic"};
      const std::string level = lowercase(*value);
      if (std::find(levels.begin(), levels.end(), level) == levels.end()) {
        pg_error e = invalid_value(key, *value);
        e.hint = "Available values: debug5, debug4, debug3, debug2, debug1, info, notice, warning, error, log, "
                 "fatal, panic.";
        return fail(std::move(e));
      }
    }
    return std::make_pair(key, value);
  }
  session_parameters scratch = *this;  // checks as SET would, on a copy
  scratch.role_check_ = nullptr;
  scratch.session_authorization_check_ = nullptr;
  if (auto r = scratch.set_value(name, value, false, false); !r)
    return fail(r.error());
  return std::make_pair(known != parameters_.end() ? known->second.display_name : key, value);
}

bool session_parameters::may_reset_role_setting(const std::string& name) const {
  const std::string key = lowercase(name);
  return superuser_ || (key != "session_replication_role" && key.find('.') == std::string::npos);
}

result<std::string, pg_error> session_parameters::set_from_function(const std::string& name,
                                                                   std::optional<std::string> value, bool local,
                                                                   bool in_transaction) {
  const std::string key = lowercase(name);
  if (local && !in_transaction) {
    if (value) {
      auto canonical = canonical_value(key, name, *value);
      if (!canonical)
        return fail(canonical.error());
      return *canonical;
    }
    return this->value(name).value_or("");
  }
  if (auto r = set_value(name, std::move(value), local, in_transaction); !r)
    return fail(r.error());
  return this->value(name).value_or("");
}

result<ok_t, pg_error> session_parameters::apply_startup(const std::string& name, const std::string& value) {
  const std::string key = lowercase(name);
  auto it = parameters_.find(key);
  // As PostgreSQL: a name it does not know fails the connection (a custom
  // "prefix.name" is kept); a server-wide setting is left as the server has it.
  if (it == parameters_.end()) {
    if (key.find('.') != std::string::npos) {
      store(key, value);
      parameters_[key].default_value = value;
      return ok_v;
    }
    if (server_settings_.known(key) || key == "role")
      return ok_v;
    return fail(unrecognized(name));
  }
  if (it->second.read_only)
    return ok_v;
  if (key == "session_replication_role" && !superuser_)
    return fail(make_pg_error("42501", "permission denied to set parameter \"" + it->second.display_name + "\""));
  auto canonical = canonical_value(key, name, value);
  if (!canonical)
    return fail(canonical.error());
  it->second.value = *canonical;
  it->second.default_value = *canonical;  // RESET returns to the connection's value
  return ok_v;
}

result<ok_t, pg_error> session_parameters::apply(const nlohmann::json& fields, bool in_transaction,
                                                 std::vector<pg_error>& notices, std::string_view source) {
  const std::string kind = fields.value("kind", std::string());
  const std::string name = fields.value("name", std::string());
  const bool local = fields.value("is_local", false);
  if (local && !in_transaction) {
    pg_error w = make_pg_error("25P01", "SET LOCAL can only be used in transaction blocks");
    w.severity = "WARNING";
    notices.push_back(std::move(w));
    return ok_v;
  }
  if (kind == "VAR_SET_MULTI" || kind == "VAR_SET_CURRENT")
    return ok_v;  // SET TRANSACTION ...: SQLite transactions are serializable anyway
  if (kind == "VAR_RESET_ALL") {
    for (auto& [key, p] : parameters_)
      if (!p.read_only && key != "role" && key != "session_authorization")  // GUC_NO_RESET_ALL in PostgreSQL
        if (auto r = set_value(key, std::nullopt, false, in_transaction); !r)
          return r;
    return ok_v;
  }
  if (kind == "VAR_SET_DEFAULT" || kind == "VAR_RESET")
    return set_value(name, std::nullopt, local, in_transaction);
  return set_value(name, joined_set_arguments(fields, source), local, in_transaction);
}

result<command_outcome, pg_error> session_parameters::show(const nlohmann::json& fields) const {
  const std::string key = lowercase(fields.value("name", std::string()));
  command_outcome out;
  out.returns_rows = true;
  if (key == "all") {
    out.columns = {{"name", 25}, {"setting", 25}, {"description", 25}};
    // PostgreSQL's short description where it has the parameter.
    std::map<std::string, std::string> descriptions;
    for (const setting_metadata& m : pg_settings_metadata())
      descriptions[lowercase(m.name)] = m.short_desc;
    const auto described = [&](const std::string& key, const std::string& own) {
      auto it = descriptions.find(key);
      return it == descriptions.end() ? own : it->second;
    };
    std::map<std::string, text_row> rows;
    for (const auto& [k, p] : parameters_)
      if (!hidden_from_show_all(k))
        rows[k] = {p.display_name, p.value, described(k, p.description)};
    for (const auto& d : settings::definitions())
      rows[d.name] = {d.name, server_settings_.show(d.name), described(d.name, d.description)};
    for (auto& [k, row] : rows)
      out.rows.push_back(std::move(row));
    out.tag = "SHOW";
    return out;
  }
  if (auto it = parameters_.find(key); it != parameters_.end()) {
    out.columns = {{it->second.display_name, 25}};
    out.rows = {{it->second.value}};
  } else if (server_settings_.known(key)) {
    out.columns = {{key, 25}};
    out.rows = {{server_settings_.show(key)}};
  } else {
    return fail(unrecognized(fields.value("name", std::string())));
  }
  out.tag = "SHOW";
  return out;
}

std::vector<setting_state> session_parameters::listing() const {
  std::vector<setting_state> out;
  for (const auto& [k, p] : parameters_) {
    if (hidden_from_show_all(k))
      continue;
    const std::string source = p.value != p.default_value ? "session"
                               : p.value != p.boot_value  ? "client"
                                                          : "default";
    out.push_back({p.display_name, p.value, p.boot_value, p.default_value, source});
  }
  for (const auto& d : settings::definitions()) {
    const std::string value = server_settings_.show(d.name);
    std::string boot = d.default_value;
    if (d.type != setting_definition::kind::string) {
      settings defaults;
      boot = defaults.show(d.name);
    }
    out.push_back({d.name, value, boot, value, value == boot ? "default" : "configuration file"});
  }
  return out;
}

std::optional<std::string> session_parameters::value(const std::string& name) const {
  auto it = parameters_.find(lowercase(name));
  if (it == parameters_.end())
    return std::nullopt;
  return it->second.value;
}

std::vector<std::pair<std::string, std::string>> session_parameters::reported() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [k, p] : parameters_)
    if (p.reported)
      out.emplace_back(p.display_name, p.value);
  return out;
}

std::vector<std::pair<std::string, std::string>> session_parameters::take_changed_reports() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& key : changed_reports_)
    out.emplace_back(parameters_.at(key).display_name, parameters_.at(key).value);
  changed_reports_.clear();
  return out;
}

void session_parameters::transaction_ended(bool committed) {
  if (!committed && before_transaction_) {
    for (const auto& [key, value] : *before_transaction_)
      store(key, value);
  } else if (committed) {
    for (const auto& [key, value] : local_originals_)
      store(key, value);
  }
  before_transaction_.reset();
  local_originals_.clear();
  follow_transaction_defaults();
}

// Outside a transaction block transaction_isolation and transaction_read_only show
// their defaults (each statement's own transaction starts with them), as PostgreSQL's.
void session_parameters::follow_transaction_defaults() {
  for (const auto& [current, fallback] : {std::pair<const char*, const char*>{"transaction_isolation",
                                                                               "default_transaction_isolation"},
                                          {"transaction_read_only", "default_transaction_read_only"}})
    if (!local_originals_.count(current))
      if (auto it = parameters_.find(fallback); it != parameters_.end() && parameters_.count(current))
        parameters_[current].value = it->second.value;
}

int session_parameters::minimum_notice_rank() const {
  return severity_rank(parameters_.at("client_min_messages").value);
}

int session_parameters::severity_rank(const std::string& severity) {
  const std::string l = lowercase(severity);
  if (l.rfind("debug", 0) == 0)
    return 10;
  if (l == "log") return 15;
  if (l == "info") return 17;
  if (l == "notice") return 18;
  if (l == "warning") return 19;
  if (l == "error") return 20;
  if (l == "fatal") return 21;
  if (l == "panic") return 22;
  return -1;
}

}  // namespace tributary

namespace tributary {

type_settings session_parameters::type_settings_now() const {
  type_settings out;
  if (auto zone = value("timezone"))
    out.time_zone = *zone;
  if (auto digits = value("extra_float_digits"))
    out.extra_float_digits = std::atoi(digits->c_str());
  if (auto bytea = value("bytea_output"))
    out.bytea_output_hex = *bytea != "escape";
  if (auto style = value("datestyle")) {
    if (style->starts_with("SQL"))
      out.date_style = date_output_style::sql;
    else if (style->starts_with("Postgres"))
      out.date_style = date_output_style::postgres;
    else if (style->starts_with("German"))
      out.date_style = date_output_style::german;
    if (style->ends_with("DMY"))
      out.order = date_order::dmy;
    else if (style->ends_with("YMD"))
      out.order = date_order::ymd;
  }
  if (auto style = value("intervalstyle")) {
    if (*style == "postgres_verbose")
      out.intervals = interval_style::postgres_verbose;
    else if (*style == "sql_standard")
      out.intervals = interval_style::sql_standard;
    else if (*style == "iso_8601")
      out.intervals = interval_style::iso_8601;
  }
  return out;
}

void session_parameters::set_current_user_superuser(bool superuser) {
  superuser_ = superuser;
  store("is_superuser", superuser ? "on" : "off");
}

}  // namespace tributary
