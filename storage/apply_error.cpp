// apply_error: see the header. Text only; no SQLite calls, no logging.
#include "storage/apply_error.hpp"

#include <charconv>

namespace tributary {

std::string apply_error::to_string() const {
  std::string out = error.message;
  if (!error.detail.empty())
    out += "\nDETAIL: " + error.detail;
  if (!error.hint.empty())
    out += "\nHINT: " + error.hint;
  if (!context.empty())
    out += "\nCONTEXT: " + context;
  return out;
}

std::string context_of(const apply_location& where) {
  std::string out = "processing remote data for replication origin \"";
  out.append(where.origin_name);
  out += "\" during message type \"";
  out.append(where.message_type);
  out += "\"";
  if (!where.relation.empty()) {
    out += " for replication target relation \"";
    out.append(where.relation);
    out += "\"";
    if (!where.column.empty()) {
      out += " column \"";
      out.append(where.column);
      out += "\"";
    }
  }
  out += " in transaction " + std::to_string(where.xid) + ", finished at " +
         where.finish_lsn.to_string();
  return out;
}

const char* message_type_of(change_kind kind) {
  switch (kind) {
    case change_kind::insert: return "INSERT";
    case change_kind::update: return "UPDATE";
    case change_kind::delete_: return "DELETE";
    case change_kind::truncate: return "TRUNCATE";
  }
  return "?";
}

apply_error error_from_sqlite(const sqlite_error& e, std::string context) {
  return apply_error{pg_error_from_sqlite(e), std::move(context), is_lock_wait_failure(e)};
}

std::string render_value(const sql_value& value) {
  struct renderer {
    std::string operator()(const sql_null&) const { return "null"; }
    std::string operator()(int64_t v) const { return std::to_string(v); }
    std::string operator()(double v) const {
      char buf[32];  // shortest text that reads back the same, as float8out
      auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
      return std::string(buf, end);
    }
    std::string operator()(const std::string& v) const { return v; }
    std::string operator()(const sql_blob& v) const {
      static constexpr char hex[] = "0123456789abcdef";
      std::string out = "\\x";
      for (unsigned char c : v.bytes) {
        out += hex[c >> 4];
        out += hex[c & 0xf];
      }
      return out;
    }
  };
  return std::visit(renderer{}, value);
}

std::string existing_key_detail(const std::vector<std::string>& names,
                                const std::vector<std::string>& values) {
  if (names.empty())
    return "Key already exists.";
  std::string cols, vals;
  for (size_t i = 0; i < names.size(); ++i) {
    cols += (i ? ", " : "") + names[i];
    vals += (i ? ", " : "") + (i < values.size() ? values[i] : std::string("?"));
  }
  return "Key (" + cols + ")=(" + vals + ") already exists.";
}

}  // namespace tributary
