// wire_protocol: encoders and decoders of protocol 3.0 messages (see the header).
//
// Decoding walks the body with a bounds-checked byte_reader; the first field that
// does not fit, or bytes left over at the end, make the whole message a protocol
// violation (08P01) that names the message. Encoding appends fields to a string
// and patches the length in at the end.
#include "cli/server/wire_protocol.hpp"

#include "stages/core/byte_reader.hpp"
#include "stages/core/utf8_validation.hpp"

namespace tributary::wire {
namespace {

pg_error violation(std::string message) {
  pg_error e = make_pg_error(std::string(protocol_violation), std::move(message));
  e.severity = "FATAL";
  return e;
}

// Reads fields of one message; remembers whether any read failed.
class field_reader {
public:
  explicit field_reader(std::string_view body) : reader_(body) {}

  bool ok() const { return ok_; }
  bool at_end() const { return reader_.at_end(); }
  size_t remaining() const { return reader_.remaining(); }

  int16_t i16() { return take(reader_.i16()); }
  uint16_t u16() { return take(reader_.u16()); }
  int32_t i32() { return take(reader_.i32()); }
  uint32_t u32() { return take(reader_.u32()); }
  uint8_t u8() { return take(reader_.u8()); }
  std::string cstring() { return std::string(take(reader_.cstring())); }
  std::string bytes(size_t n) { return std::string(take(reader_.bytes(n))); }

private:
  template <class T>
  T take(result<T, read_error> r) {
    if (!ok_ || !r.ok()) {
      ok_ = false;
      return T{};
    }
    return *r;
  }

  byte_reader reader_;
  bool ok_ = true;
};

// Completes a decoded message: all fields read and nothing left over.
template <class T>
result<frontend_message, pg_error> finish(const field_reader& in, T message, const char* name) {
  if (!in.ok() || !in.at_end())
    return fail(violation(std::string("invalid ") + name + " message format"));
  return frontend_message{std::move(message)};
}

// A count read from the wire must be non-negative and fit in what is left
// (each element takes at least `min_bytes`), so no allocation is sized from garbage.
bool plausible_count(const field_reader& in, int32_t count, size_t min_bytes) {
  return in.ok() && count >= 0 && static_cast<size_t>(count) * min_bytes <= in.remaining();
}

result<frontend_message, pg_error> parse_parse(std::string_view body) {
  field_reader in(body);
  parse_message m;
  m.statement_name = in.cstring();
  m.sql = in.cstring();
  int32_t count = in.u16();
  if (!plausible_count(in, count, 4))
    return fail(violation("invalid Parse message format"));
  for (int32_t i = 0; i < count; ++i)
    m.parameter_types.push_back(in.u32());
  return finish(in, std::move(m), "Parse");
}

result<frontend_message, pg_error> parse_bind(std::string_view body) {
  field_reader in(body);
  bind_message m;
  m.portal_name = in.cstring();
  m.statement_name = in.cstring();
  int32_t format_count = in.u16();
  if (!plausible_count(in, format_count, 2))
    return fail(violation("invalid Bind message format"));
  for (int32_t i = 0; i < format_count; ++i)
    m.parameter_formats.push_back(in.i16());
  int32_t value_count = in.u16();
  if (!plausible_count(in, value_count, 4))
    return fail(violation("invalid Bind message format"));
  for (int32_t i = 0; i < value_count && in.ok(); ++i) {
    int32_t length = in.i32();
    if (length == -1) {
      m.parameters.emplace_back(std::nullopt);
      continue;
    }
    if (length < 0 || static_cast<size_t>(length) > in.remaining())
      return fail(violation("insufficient data left in message"));
    m.parameters.emplace_back(in.bytes(static_cast<size_t>(length)));
  }
  int32_t result_count = in.u16();
  if (!plausible_count(in, result_count, 2))
    return fail(violation("invalid Bind message format"));
  for (int32_t i = 0; i < result_count; ++i)
    m.result_formats.push_back(in.i16());
  if (m.parameter_formats.size() > 1 && m.parameter_formats.size() != m.parameters.size())
    return fail(violation("bind message has " + std::to_string(m.parameter_formats.size()) +
                          " parameter formats but " + std::to_string(m.parameters.size()) +
                          " parameters"));
  return finish(in, std::move(m), "Bind");
}

template <class T>
result<frontend_message, pg_error> parse_kind_and_name(std::string_view body, const char* name) {
  field_reader in(body);
  T m;
  m.kind = static_cast<char>(in.u8());
  m.name = in.cstring();
  if (in.ok() && m.kind != 'S' && m.kind != 'P')
    return fail(violation(std::string("invalid ") + name + " message subtype " +
                          std::to_string(static_cast<unsigned char>(m.kind))));
  return finish(in, std::move(m), name);
}

// --- encoding ---

class message_builder {
public:
  explicit message_builder(char type) { out_.push_back(type); out_.append(4, '\0'); }

  message_builder& i16(int16_t v) { return be(static_cast<uint16_t>(v), 2); }
  message_builder& i32(int32_t v) { return be(static_cast<uint32_t>(v), 4); }
  message_builder& byte(char c) { out_.push_back(c); return *this; }
  message_builder& cstring(std::string_view s) {
    out_.append(s);
    out_.push_back('\0');
    return *this;
  }
  message_builder& raw(std::string_view s) { out_.append(s); return *this; }

  std::string done() {
    auto length = static_cast<uint32_t>(out_.size() - 1);
    for (int i = 0; i < 4; ++i)
      out_[1 + i] = static_cast<char>((length >> (8 * (3 - i))) & 0xff);
    return std::move(out_);
  }

private:
  message_builder& be(uint32_t v, int n) {
    for (int i = n - 1; i >= 0; --i)
      out_.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
    return *this;
  }
  std::string out_;
};

std::string error_fields(char type, const pg_error& e) {
  message_builder b(type);
  b.byte('S').cstring(e.severity).byte('V').cstring(e.severity);
  b.byte('C').cstring(e.sqlstate).byte('M').cstring(e.message);
  if (!e.detail.empty())
    b.byte('D').cstring(e.detail);
  if (!e.hint.empty())
    b.byte('H').cstring(e.hint);
  if (e.position > 0)
    b.byte('P').cstring(std::to_string(e.position));
  if (!e.context.empty())
    b.byte('W').cstring(e.context);
  b.byte('\0');
  return b.done();
}

}  // namespace

std::optional<std::string> startup_message::parameter(std::string_view name) const {
  for (const auto& [key, value] : parameters)
    if (key == name)
      return value;
  return std::nullopt;
}

result<startup_packet, pg_error> parse_startup_packet(std::string_view body) {
  field_reader in(body);
  int32_t code = in.i32();
  if (!in.ok())
    return fail(violation("invalid length of startup packet"));
  if (code == ssl_request_code || code == gssenc_request_code) {
    if (!in.at_end())
      return fail(violation("invalid length of startup packet"));
    if (code == ssl_request_code)
      return startup_packet{ssl_request{}};
    return startup_packet{gssenc_request{}};
  }
  if (code == cancel_request_code) {
    cancel_request c;
    c.process_id = in.i32();
    c.secret_key = in.i32();
    if (!in.ok() || !in.at_end())
      return fail(violation("invalid length of cancel request packet"));
    return startup_packet{c};
  }
  if ((code >> 16) != 3) {
    pg_error e = violation("unsupported frontend protocol " + std::to_string(code >> 16) + "." +
                           std::to_string(code & 0xffff) +
                           ": server supports 3.0 to 3.0");
    e.sqlstate = "0A000";
    return fail(std::move(e));
  }
  startup_message m;
  m.protocol = code;
  while (true) {
    std::string name = in.cstring();
    if (!in.ok())
      return fail(violation("invalid startup packet layout: expected terminator as last byte"));
    if (name.empty())
      break;
    std::string value = in.cstring();
    if (!in.ok())
      return fail(violation("invalid startup packet layout: expected terminator as last byte"));
    if (name.rfind("_pq_.", 0) == 0)
      m.protocol_options.push_back(name);
    else
      m.parameters.emplace_back(std::move(name), std::move(value));
  }
  if (!in.at_end())
    return fail(violation("invalid startup packet layout: expected terminator as last byte"));
  return startup_packet{std::move(m)};
}

std::optional<size_t> frontend_message_body_limit(char type) {
  switch (type) {
    case 'Q':
    case 'P':
    case 'B':
    case 'F':
    case 'd': return large_message_limit - 4;
    case 'C':
    case 'D':
    case 'E':
    case 'H':
    case 'S':
    case 'X':
    case 'c':
    case 'f': return small_message_limit - 4;
    default: return std::nullopt;
  }
}

result<ok_t, pg_error> check_message_encoding(const frontend_message& message) {
  return std::visit(
      [](const auto& m) -> result<ok_t, pg_error> {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, query_message>) {
          return check_utf8(m.sql);
        } else if constexpr (std::is_same_v<T, parse_message>) {
          if (auto r = check_utf8(m.statement_name); !r)
            return r;
          return check_utf8(m.sql);
        } else if constexpr (std::is_same_v<T, bind_message>) {
          if (auto r = check_utf8(m.portal_name); !r)
            return r;
          return check_utf8(m.statement_name);
        } else if constexpr (std::is_same_v<T, describe_message> || std::is_same_v<T, close_message>) {
          return check_utf8(m.name);
        } else if constexpr (std::is_same_v<T, execute_message>) {
          return check_utf8(m.portal_name);
        } else {
          return ok_v;
        }
      },
      message);
}

result<frontend_message, pg_error> parse_frontend_message(char type, std::string_view body) {
  switch (type) {
    case 'Q': {
      field_reader in(body);
      query_message m{in.cstring()};
      return finish(in, std::move(m), "Query");
    }
    case 'P': return parse_parse(body);
    case 'B': return parse_bind(body);
    case 'D': return parse_kind_and_name<describe_message>(body, "Describe");
    case 'C': return parse_kind_and_name<close_message>(body, "Close");
    case 'E': {
      field_reader in(body);
      execute_message m;
      m.portal_name = in.cstring();
      m.max_rows = in.i32();
      return finish(in, std::move(m), "Execute");
    }
    case 'S': return finish(field_reader(body), sync_message{}, "Sync");
    case 'H': return finish(field_reader(body), flush_message{}, "Flush");
    case 'X': return finish(field_reader(body), terminate_message{}, "Terminate");
    default: return frontend_message{unsupported_message{type}};
  }
}

int16_t parameter_format(const bind_message& bind, size_t index) {
  if (bind.parameter_formats.empty())
    return 0;
  if (bind.parameter_formats.size() == 1)
    return bind.parameter_formats[0];
  return index < bind.parameter_formats.size() ? bind.parameter_formats[index] : 0;
}

std::string authentication_ok() { return message_builder('R').i32(0).done(); }

std::string authentication_cleartext_password() { return message_builder('R').i32(3).done(); }

std::string authentication_sasl(const std::vector<std::string>& mechanisms) {
  message_builder m('R');
  m.i32(10);
  for (const auto& name : mechanisms)
    m.cstring(name);
  return m.byte('\0').done();
}

std::string authentication_sasl_continue(std::string_view data) {
  return message_builder('R').i32(11).raw(data).done();
}

std::string authentication_sasl_final(std::string_view data) {
  return message_builder('R').i32(12).raw(data).done();
}

std::string parameter_status(std::string_view name, std::string_view value) {
  return message_builder('S').cstring(name).cstring(value).done();
}

std::string backend_key_data(int32_t process_id, int32_t secret_key) {
  return message_builder('K').i32(process_id).i32(secret_key).done();
}

std::string ready_for_query(char status) { return message_builder('Z').byte(status).done(); }

std::string row_description(const std::vector<field_description>& fields) {
  message_builder b('T');
  b.i16(static_cast<int16_t>(fields.size()));
  for (const auto& f : fields) {
    b.cstring(f.name).i32(static_cast<int32_t>(f.table_oid)).i16(f.column_number);
    b.i32(static_cast<int32_t>(f.type_oid)).i16(f.type_size).i32(f.type_modifier).i16(f.format);
  }
  return b.done();
}

std::string data_row(const std::vector<std::optional<std::string>>& values) {
  message_builder b('D');
  b.i16(static_cast<int16_t>(values.size()));
  for (const auto& v : values) {
    if (!v) {
      b.i32(-1);
      continue;
    }
    b.i32(static_cast<int32_t>(v->size())).raw(*v);
  }
  return b.done();
}

std::string command_complete(std::string_view tag) {
  return message_builder('C').cstring(tag).done();
}

std::string empty_query_response() { return message_builder('I').done(); }
std::string error_response(const pg_error& error) { return error_fields('E', error); }
std::string notice_response(const pg_error& notice) { return error_fields('N', notice); }
std::string parse_complete() { return message_builder('1').done(); }
std::string bind_complete() { return message_builder('2').done(); }
std::string close_complete() { return message_builder('3').done(); }
std::string no_data() { return message_builder('n').done(); }
std::string portal_suspended() { return message_builder('s').done(); }

namespace {
std::string copy_response(char type, int16_t format, size_t columns) {
  message_builder m(type);
  m.byte(static_cast<char>(format)).i16(static_cast<int16_t>(columns));
  for (size_t i = 0; i < columns; ++i)
    m.i16(format);
  return m.done();
}
}  // namespace

std::string copy_in_response(int16_t format, size_t columns) { return copy_response('G', format, columns); }
std::string copy_out_response(int16_t format, size_t columns) { return copy_response('H', format, columns); }
std::string copy_data(std::string_view bytes) { return message_builder('d').raw(bytes).done(); }
std::string copy_done() { return message_builder('c').done(); }

std::string parameter_description(const std::vector<uint32_t>& types) {
  message_builder b('t');
  b.i16(static_cast<int16_t>(types.size()));
  for (uint32_t t : types)
    b.i32(static_cast<int32_t>(t));
  return b.done();
}

std::string negotiate_protocol_version(int32_t newest_minor,
                                       const std::vector<std::string>& unrecognized_options) {
  message_builder b('v');
  b.i32(newest_minor).i32(static_cast<int32_t>(unrecognized_options.size()));
  for (const auto& o : unrecognized_options)
    b.cstring(o);
  return b.done();
}

}  // namespace tributary::wire
