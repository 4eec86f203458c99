#include "actors/pipeline_errors.hpp"

namespace tributary {

std::string to_string(pipeline_errc code) {
  switch (code) {
    case pipeline_errc::none: return "none";
    case pipeline_errc::connection_failed: return "connection_failed";
    case pipeline_errc::protocol_violation: return "protocol_violation";
    case pipeline_errc::apply_failed: return "apply_failed";
    case pipeline_errc::catalog_failed: return "catalog_failed";
    case pipeline_errc::sync_failed: return "sync_failed";
  }
  return "unknown";
}

std::string pipeline_error_message(const caf::error& e) {
  if (e.category() == caf::atom("pipeline") && !e.context().empty() &&
      e.context().match_element<std::string>(0))
    return e.context().get_as<std::string>(0);
  return caf::to_string(e);
}

}  // namespace tributary
