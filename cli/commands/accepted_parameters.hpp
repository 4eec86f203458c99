// accepted_parameters: PostgreSQL's session parameters that Tributary accepts
// without effect (see the .cpp for the list and why).
#pragma once

#include <string>
#include <vector>

namespace tributary {

struct accepted_parameter {
  const char* name;
  const char* default_value;  // as PostgreSQL 15 shows it
  const char* description;
};

const std::vector<accepted_parameter>& parameters_without_effect();

}  // namespace tributary
