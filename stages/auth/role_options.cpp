// role_options: see the header.
#include "stages/auth/role_options.hpp"

#include "stages/core/utc_timestamp.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/value_io.hpp"

#include "stages/auth/scram_sha256.hpp"

#include <cctype>

namespace tributary {
namespace {

pg_error redundant() { return make_pg_error("42601", "conflicting or redundant options"); }

template <class T>
result<ok_t, pg_error> set_once(std::optional<T>& slot, T value) {
  if (slot)
    return fail(redundant());
  slot = std::move(value);
  return ok_v;
}

bool bool_argument(const nlohmann::json& def) {
  auto arg = def.find("arg");
  if (arg == def.end())
    return true;
  if (arg->contains("Boolean"))
    return (*arg)["Boolean"].value("boolval", false);
  if (arg->contains("Integer"))
    return (*arg)["Integer"].value("ival", 0) != 0;
  return true;
}

std::optional<std::string> string_argument(const nlohmann::json& def) {
  auto arg = def.find("arg");
  if (arg == def.end() || !arg->contains("String"))
    return std::nullopt;
  return (*arg)["String"].value("sval", std::string());
}

// libpg_query's JSON leaves out a negative Integer's value ({"Integer": {}}), so
// CONNECTION LIMIT -2 is read again from the statement's text.
std::optional<int64_t> connection_limit_in_text(std::string_view text) {
  std::string lower(text);
  for (auto& c : lower)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto at = lower.find("connection");
  while (at != std::string::npos) {
    size_t i = at + 10;
    while (i < lower.size() && std::isspace(static_cast<unsigned char>(lower[i])))
      ++i;
    if (lower.compare(i, 5, "limit") == 0) {
      i += 5;
      while (i < lower.size() && std::isspace(static_cast<unsigned char>(lower[i])))
        ++i;
      bool negative = i < lower.size() && lower[i] == '-';
      if (negative)
        ++i;
      size_t digits = i;
      while (digits < lower.size() && std::isdigit(static_cast<unsigned char>(lower[digits])))
        ++digits;
      if (digits > i && digits - i < 12) {
        const int64_t value = std::stoll(lower.substr(i, digits - i));
        return negative ? -value : value;
      }
    }
    at = lower.find("connection", at + 1);
  }
  return std::nullopt;
}

}  // namespace

result<role_options, pg_error> parse_role_options(const nlohmann::json& options, std::string_view statement_text) {
  role_options out;
  if (!options.is_array())
    return out;
  for (const auto& item : options) {
    const nlohmann::json& def = item.contains("DefElem") ? item["DefElem"] : item;
    const std::string name = def.value("defname", std::string());
    result<ok_t, pg_error> r = ok_v;
    if (name == "superuser") r = set_once(out.superuser, bool_argument(def));
    else if (name == "createdb") r = set_once(out.create_db, bool_argument(def));
    else if (name == "createrole") r = set_once(out.create_role, bool_argument(def));
    else if (name == "inherit") r = set_once(out.inherit, bool_argument(def));
    else if (name == "canlogin") r = set_once(out.can_login, bool_argument(def));
    else if (name == "isreplication") r = set_once(out.replication, bool_argument(def));
    else if (name == "bypassrls") r = set_once(out.bypass_rls, bool_argument(def));
    else if (name == "connectionlimit") {
      int64_t limit = def.contains("arg") && def["arg"].contains("Integer") ? def["arg"]["Integer"].value("ival", 0) : 0;
      if (limit == 0)
        limit = connection_limit_in_text(statement_text).value_or(0);
      r = set_once(out.connection_limit, limit);
      if (r && limit < -1)
        return fail(make_pg_error("22023", "invalid connection limit: " + std::to_string(limit)));
    } else if (name == "password") {
      if (out.password_given)
        return fail(redundant());
      out.password_given = true;
      out.password = string_argument(def);
    } else if (name == "validUntil") {
      auto text = string_argument(def);
      r = set_once(out.valid_until, text.value_or(""));
    } else if (name == "addroleto" || name == "rolemembers" || name == "adminmembers") {
      nlohmann::json& list = name == "addroleto" ? out.in_roles : name == "rolemembers" ? out.members : out.admins;
      if (!list.empty())
        return fail(redundant());
      const nlohmann::json& arg = def.value("arg", nlohmann::json::object());
      list = arg.contains("List") ? arg["List"].value("items", nlohmann::json::array()) : arg;
      if (!list.is_array())
        list = nlohmann::json::array();
    } else if (name == "sysid") {
      return fail(make_pg_error("0A000", "SYSID is not supported by Tributary"));
    } else {
      return fail(make_pg_error("42601", "option \"" + name + "\" not recognized"));
    }
    if (!r)
      return fail(r.error());
  }
  return out;
}

result<stored_password, pg_error> password_text(const std::optional<std::string>& given) {
  stored_password out;
  if (!given)
    return out;
  if (given->empty()) {
    pg_error notice = make_pg_error("00000", "empty string is not a valid password, clearing password");
    notice.severity = "NOTICE";
    out.notice = std::move(notice);
    return out;
  }
  if (scram::is_verifier(*given)) {
    out.verifier = *given;
    return out;
  }
  // PostgreSQL keeps an MD5 hash given this way; Tributary stores only SCRAM.
  if (given->size() == 35 && given->rfind("md5", 0) == 0 &&
      given->find_first_not_of("0123456789abcdef", 3) == std::string::npos)
    return fail(make_pg_error("0A000", "MD5-encrypted passwords are not supported by Tributary",
                              {}, "Give the password itself or a SCRAM-SHA-256 verifier."));
  out.verifier = scram::make_verifier(*given);
  return out;
}

result<std::string, pg_error> valid_until_text(std::string_view given, const type_settings& session) {
  const column_type type = builtin_column_type(pg_type_oid::timestamptz);
  auto instant = parse_text_value(type, given, session);
  if (!instant)
    return fail(instant.error());
  return format_text_value(type, *instant, type_settings{}).value_or("");
}

std::optional<int64_t> valid_until_instant(const std::string& kept) {
  auto instant = parse_text_value(builtin_column_type(pg_type_oid::timestamptz), kept, type_settings{});
  if (!instant)
    return std::nullopt;
  if (const auto* micros = std::get_if<int64_t>(&*instant))
    return *micros;
  return std::nullopt;
}

bool valid_until_passed(const std::string& kept, std::chrono::system_clock::time_point now) {
  const auto until = valid_until_instant(kept);
  const auto current = valid_until_instant(utc_timestamp_text(now));
  return until && current && *until < *current;
}

}  // namespace tributary
