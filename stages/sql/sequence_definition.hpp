// sequence_definition: PostgreSQL's sequences as pure rules — the options of
// CREATE SEQUENCE / ALTER SEQUENCE / GENERATED ... AS IDENTITY (...) read and
// checked as PostgreSQL's init_params() checks them, and the arithmetic of
// nextval() and setval() (sequence.c). No storage here: storage/sequence_catalog
// keeps the parameters and state, storage/sequence_functions calls these.
//
//   read_sequence_options  DefElem list -> new parameters and state. `existing`
//                          null: CREATE (defaults: bigint, INCREMENT 1, MINVALUE 1
//                          or the type's minimum when descending, START at the
//                          end it starts from, CACHE 1, NO CYCLE); otherwise ALTER
//                          (unchanged options kept; a new AS type resets a MAXVALUE
//                          / MINVALUE that was the old type's bound).
//                          Errors: 42601 conflicting or redundant options, 22023
//                          INCREMENT must not be zero / sequence type must be
//                          smallint, integer, or bigint / MAXVALUE (n) is out of
//                          range for sequence data type integer / MINVALUE (a) must
//                          be less than MAXVALUE (b) / START value (n) cannot be
//                          less than MINVALUE (m) / RESTART value ... / CACHE (n)
//                          must be greater than zero, 22003 / 22P02 for a number
//                          bigint cannot hold, 42601 invalid OWNED BY option.
//   next_sequence_value    nextval's step: 2200H nextval: reached maximum value of
//                          sequence "s" (n) (or minimum), or the cycle's restart.
//   check_setval           22003 setval: value n is out of bounds for sequence "s" (a..b)
//   sequence_relation_name nextval('s')'s argument as a relation name: unquoted
//                          parts folded to lower case, "quoted" kept, public.s -> s,
//                          sales.s -> the local name "sales.s".
//   serial_sequence_name   PostgreSQL's name for a column's sequence: t_id_seq,
//                          shortened to 63 bytes as ChooseRelationName does.
//
// Numbers are read back from the statement text (`source`): libpg_query's JSON
// loses integers that are not positive (parse_tree.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "stages/core/pg_error.hpp"
#include "stages/core/result.hpp"
#include "stages/types/column_type.hpp"

namespace tributary {

struct sequence_parameters {
  oid_t type = 20;  // int2, int4 or int8
  int64_t start = 1;
  int64_t increment = 1;
  int64_t maximum = INT64_MAX;
  int64_t minimum = 1;
  int64_t cache = 1;
  bool cycle = false;
};

struct sequence_state {
  int64_t last_value = 1;
  bool is_called = false;
};

struct sequence_options {
  sequence_parameters parameters;
  sequence_state state;
  bool state_changed = false;  // RESTART, or a new sequence
  // OWNED BY: {"none"}, or {table, column} / {schema, table, column}; empty: not given.
  std::vector<std::string> owned_by;
  std::string sequence_name;  // SEQUENCE NAME of an identity's options ("" none)
};

// `options` is the statement's "options" list; `for_identity` allows SEQUENCE NAME;
// `default_type` is the type a new sequence without AS gets (a serial or identity
// column's type).
result<sequence_options, pg_error> read_sequence_options(const nlohmann::json& options,
                                                         std::string_view source,
                                                         const sequence_parameters* existing,
                                                         const sequence_state* existing_state,
                                                         bool for_identity = false,
                                                         oid_t default_type = 20);

// The value nextval() returns; `state` becomes the sequence's new state.
result<int64_t, pg_error> next_sequence_value(const sequence_parameters& parameters,
                                              sequence_state& state, const std::string& name);

result<ok_t, pg_error> check_setval(const sequence_parameters& parameters, int64_t value,
                                    const std::string& name);

// nextval('...')'s text -> the local relation name; 42602 invalid name syntax.
result<std::string, pg_error> sequence_relation_name(std::string_view text);

std::string serial_sequence_name(const std::string& table, const std::string& column);

// "smallint", "integer", "bigint".
std::string sequence_type_name(oid_t type);

}  // namespace tributary
