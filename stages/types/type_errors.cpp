// type_errors: the input errors every codec reports, in PostgreSQL's words
// (declared in type_codec.hpp).
#include "stages/types/type_codec.hpp"

namespace tributary {

pg_error invalid_text_representation(std::string_view type_name, std::string_view text) {
  return make_pg_error("22P02", "invalid input syntax for type " + std::string(type_name) +
                                    ": \"" + std::string(text) + "\"");
}

pg_error numeric_value_out_of_range(std::string message) {
  return make_pg_error("22003", std::move(message));
}

pg_error invalid_binary_representation(std::string message) {
  return make_pg_error("22P03", std::move(message));
}

}  // namespace tributary
