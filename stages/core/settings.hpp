// settings: the server's configuration parameters (tributary.conf + -c name=value).
//
// Same shape as PostgreSQL's GUCs: `name = value` lines, `#` comments, values
// optionally in single quotes, durations with units (ms, s, min, h, d; a bare
// number is in the parameter's base unit), memory sizes with B, kB, MB, GB, TB
// (case-sensitive, as PostgreSQL's; base unit kB). Unknown names are an error with
// PostgreSQL's wording: unrecognized configuration parameter "x".
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "stages/core/result.hpp"

namespace tributary {

struct setting_definition {
  enum class kind { string, integer, duration_ms, duration_s, memory_kb };
  std::string name;
  kind type = kind::string;
  std::string default_value;
  std::string description;
  // Valid range in the base unit (s for duration_s, ms for duration_ms, kB for memory_kb).
  int64_t minimum = 0;
  int64_t maximum = INT64_MAX;
};

// When PostgreSQL lets a parameter change (its GucContext): at server start
// only, on reload, or in a session by a superuser. Tributary's own parameters
// are reload ones, as their nearest PostgreSQL kin.
enum class setting_context { postmaster, sighup, superuser };

class settings {
public:
  settings();

  static const std::vector<setting_definition>& definitions();

  // Reads tributary.conf text. Errors name the line: `syntax error in file "F" line N`.
  result<ok_t, std::string> load_text(std::string_view text, std::string_view file_name);
  // One override (from -c name=value, or SET by a superuser).
  result<ok_t, std::string> set(std::string_view name, std::string_view value);

  // The value as text, in the form SHOW prints it ("10s", "5433").
  std::string show(std::string_view name) const;
  bool known(std::string_view name) const;
  static setting_context context_of(std::string_view name);
  int64_t get_int(std::string_view name) const;
  std::chrono::milliseconds get_duration(std::string_view name) const;
  // A memory_kb parameter in bytes.
  int64_t get_bytes(std::string_view name) const { return get_int(name) * 1024; }
  std::string get_string(std::string_view name) const;

  // The text of a fresh tributary.conf listing every parameter with its default.
  static std::string default_file_text();

private:
  std::map<std::string, std::string, std::less<>> values_;  // canonical text
};

}  // namespace tributary
