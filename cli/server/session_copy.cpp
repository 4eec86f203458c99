// session_copy: the session's end of a COPY (copy_channel.hpp), on its socket.
// While a COPY FROM STDIN runs, the session reads the client's CopyData here
// instead of in its message loop; after an error the loop skips what is left of
// the COPY traffic (connection_state::unsupported_message), as PostgreSQL does.
#include "cli/server/session_state.hpp"
#include "cli/server/wire_protocol.hpp"

namespace tributary {

void connection_state::begin_copy_in(int16_t format, size_t columns) {
  stream.write(wire::copy_in_response(format, columns));
  stream.flush();
}

result<std::optional<std::string>, pg_error> connection_state::next_data() {
  for (;;) {
    auto type = stream.read_message_type();
    if (!type)
      return fail(make_pg_error("08P01", "unexpected EOF on client connection with an open transaction"));
    auto limit = wire::frontend_message_body_limit(*type);
    if (!limit)
      return fail(make_pg_error("08P01", "invalid frontend message type " +
                                             std::to_string(static_cast<unsigned char>(*type))));
    auto body = stream.read_message_body(*limit);
    if (!body)
      return fail(make_pg_error("08P01", "unexpected EOF on client connection with an open transaction"));
    switch (*type) {
      case 'd': return std::optional<std::string>(std::move(*body));
      case 'c': return std::optional<std::string>{};
      case 'f': {
        std::string message = body->substr(0, body->find('\0'));
        return fail(make_pg_error("57014", "COPY from stdin failed: " + message));
      }
      case 'H':
      case 'S': continue;  // PostgreSQL ignores Flush and Sync during COPY IN
      default: {
        char hex[8];
        std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(*type));
        return fail(make_pg_error("08P01", std::string("unexpected message type ") + hex +
                                               " during COPY from stdin"));
      }
    }
  }
}

void connection_state::begin_copy_out(int16_t format, size_t columns) {
  stream.write(wire::copy_out_response(format, columns));
}

void connection_state::send_data(std::string_view bytes) { stream.write(wire::copy_data(bytes)); }

void connection_state::end_copy_out() { stream.write(wire::copy_done()); }

}  // namespace tributary
