// pipeline_errc: why an actor of a subscription's pipeline stopped. The actor
// quits with caf::make_error(code, message); the supervisor logs the message,
// counts the error and restarts the pipeline after a backoff (or disables the
// subscription with disable_on_error).
#pragma once

#include <cstdint>
#include <string>

#include "caf/all.hpp"

namespace tributary {

enum class pipeline_errc : uint8_t {
  none = 0,
  connection_failed = 1,   // could not connect / stream broke / timeout
  protocol_violation = 2,  // malformed or out-of-order message
  apply_failed = 3,        // a conflict or a local error while applying
  catalog_failed = 4,      // the catalog could not be read or written
  sync_failed = 5,         // an initial table copy failed
};

std::string to_string(pipeline_errc code);

}  // namespace tributary

CAF_ERROR_CODE_ENUM(tributary::pipeline_errc, "pipeline")

namespace tributary {

inline caf::error make_pipeline_error(pipeline_errc code, std::string message) {
  return caf::make_error(code, std::move(message));
}

// The human-readable message carried by a pipeline error (or CAF's rendering).
std::string pipeline_error_message(const caf::error& e);

}  // namespace tributary
