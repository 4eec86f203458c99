// wire_protocol: the bytes of PostgreSQL's frontend/backend protocol 3.0, server side.
//
// Role: pure encoding and decoding, no sockets. A session reads a length-prefixed
// packet, hands its body here, and gets a typed message back; it builds every reply
// with the encoders below and writes the bytes as they are.
//
// Inputs:  the body of a startup packet (after its int32 length) or of a typed
//          message (after its type byte and int32 length).
// Outputs: startup_packet / frontend_message values; backend messages as complete
//          byte strings (type byte, int32 length including itself, payload).
//
// Errors: a malformed body is a pg_error 08P01 (protocol_violation) naming the
// message, never a crash: every read is bounds-checked (stages/core/byte_reader).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"

namespace tributary::wire {

// Protocol constants (the "version" field of the special startup packets).
inline constexpr int32_t protocol_3_0 = 196608;          // 3 << 16
inline constexpr int32_t cancel_request_code = 80877102;
inline constexpr int32_t ssl_request_code = 80877103;
inline constexpr int32_t gssenc_request_code = 80877104;
// PostgreSQL's MAX_STARTUP_PACKET_LENGTH.
inline constexpr size_t max_startup_packet_length = 10000;
// PostgreSQL's PQ_SMALL_MESSAGE_LIMIT and PQ_LARGE_MESSAGE_LIMIT (MaxAllocSize - 1):
// the largest length field (which counts itself) a typed message may carry.
inline constexpr size_t small_message_limit = 10000;
inline constexpr size_t large_message_limit = 0x3fffffff - 1;

// ---------------------------------------------------------------- startup ---

struct ssl_request {};
struct gssenc_request {};
struct cancel_request {
  int32_t process_id = 0;
  int32_t secret_key = 0;
};
struct startup_message {
  int32_t protocol = protocol_3_0;
  // In the order the client sent them; "user" and "database" among them.
  std::vector<std::pair<std::string, std::string>> parameters;
  // Options named "_pq_.*" (protocol extensions): none is supported.
  std::vector<std::string> protocol_options;

  std::optional<std::string> parameter(std::string_view name) const;
};

using startup_packet = std::variant<ssl_request, gssenc_request, cancel_request, startup_message>;

// `body` is the packet without its leading int32 length.
result<startup_packet, pg_error> parse_startup_packet(std::string_view body);

// --------------------------------------------------------------- frontend ---

struct query_message { std::string sql; };                       // 'Q'
struct parse_message {                                           // 'P'
  std::string statement_name;
  std::string sql;
  std::vector<uint32_t> parameter_types;
};
struct bind_message {                                            // 'B'
  std::string portal_name;
  std::string statement_name;
  std::vector<int16_t> parameter_formats;       // 0, 1 (all) or one per parameter
  std::vector<std::optional<std::string>> parameters;  // nullopt = NULL
  std::vector<int16_t> result_formats;
};
struct describe_message { char kind = 'S'; std::string name; };  // 'D': 'S' or 'P'
struct execute_message { std::string portal_name; int32_t max_rows = 0; };  // 'E'
struct close_message { char kind = 'S'; std::string name; };     // 'C': 'S' or 'P'
struct sync_message {};                                          // 'S'
struct flush_message {};                                         // 'H'
struct terminate_message {};                                     // 'X'
// Anything else (FunctionCall, CopyData outside COPY, PasswordMessage ...).
struct unsupported_message { char type = 0; };

using frontend_message =
    std::variant<query_message, parse_message, bind_message, describe_message, execute_message,
                 close_message, sync_message, flush_message, terminate_message,
                 unsupported_message>;

result<frontend_message, pg_error> parse_frontend_message(char type, std::string_view body);

// The largest body (without type byte and length) a frontend message of `type` may
// have: 1 GB for Query, Parse, Bind, FunctionCall and CopyData, 10000 bytes for the
// rest, as PostgreSQL's SocketBackend. nullopt for a type PostgreSQL does not know
// after startup (FATAL 08P01 invalid frontend message type N, before the length is read).
std::optional<size_t> frontend_message_body_limit(char type);

// The strings of a message that PostgreSQL reads with pq_getmsgstring (query text,
// statement and portal names) checked as client text in UTF8 (utf8_validation):
// 22021, an ERROR of that message (not a protocol violation). Bind's parameter
// values are checked where they are decoded, with their CONTEXT.
result<ok_t, pg_error> check_message_encoding(const frontend_message& message);

// The format code that applies to parameter `index` (0-based) per the Bind rules.
int16_t parameter_format(const bind_message& bind, size_t index);

// ---------------------------------------------------------------- backend ---

struct field_description {
  std::string name;
  uint32_t table_oid = 0;
  int16_t column_number = 0;
  uint32_t type_oid = 25;
  int16_t type_size = -1;
  int32_t type_modifier = -1;
  int16_t format = 0;
};

std::string authentication_ok();
// AuthenticationCleartextPassword (R 3).
std::string authentication_cleartext_password();
// AuthenticationSASL (R 10) offering the mechanisms, SASLContinue (R 11), SASLFinal (R 12).
std::string authentication_sasl(const std::vector<std::string>& mechanisms);
std::string authentication_sasl_continue(std::string_view data);
std::string authentication_sasl_final(std::string_view data);
std::string parameter_status(std::string_view name, std::string_view value);
std::string backend_key_data(int32_t process_id, int32_t secret_key);
// status: 'I' idle, 'T' in a transaction block, 'E' in a failed block.
std::string ready_for_query(char status);
std::string row_description(const std::vector<field_description>& fields);
std::string data_row(const std::vector<std::optional<std::string>>& values);
std::string command_complete(std::string_view tag);
std::string empty_query_response();
std::string error_response(const pg_error& error);
// A NoticeResponse: severity is error.severity ("WARNING", "NOTICE", ...).
std::string notice_response(const pg_error& notice);
std::string parse_complete();
std::string bind_complete();
std::string close_complete();
std::string no_data();
std::string portal_suspended();
std::string parameter_description(const std::vector<uint32_t>& types);
// CopyInResponse ('G') / CopyOutResponse ('H'): the overall format (0 text, 1
// binary) and every column's (the same).
std::string copy_in_response(int16_t format, size_t columns);
std::string copy_out_response(int16_t format, size_t columns);
std::string copy_data(std::string_view bytes);
std::string copy_done();
std::string negotiate_protocol_version(int32_t newest_minor,
                                       const std::vector<std::string>& unrecognized_options);

// The SQLSTATE of a protocol violation.
inline constexpr std::string_view protocol_violation = "08P01";

}  // namespace tributary::wire
