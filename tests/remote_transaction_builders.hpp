// remote_transaction_builders: remote transactions as the assembler hands them
// to the applier, built by hand for the tests of the apply path (the apply sink,
// the applier actor): relations, tuple values, row changes, transactions.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "stages/pipeline/remote_transaction.hpp"
#include "kept_bytes.hpp"

namespace tributary {

inline constexpr oid_t int4 = 23;
inline constexpr oid_t text_type = 25;

struct column_spec {
  std::string name;
  oid_t type = int4;
  bool key = false;
};

inline relation_ptr relation(std::string table, std::vector<column_spec> columns, char identity = 'd') {
  auto r = std::make_shared<relation_info>();
  r->relation_oid = 16385;
  r->schema_name = "public";
  r->table_name = std::move(table);
  r->replica_identity = identity;
  for (auto& c : columns)
    r->columns.push_back(relation_column{c.key, c.name, c.type, -1});
  return r;
}

inline tuple_value v(std::string s) { return kept_value(tuple_value::kind::text, std::move(s)); }
inline tuple_value null() { return tuple_value{tuple_value::kind::null}; }
inline tuple_value toast() { return tuple_value{tuple_value::kind::unchanged_toast}; }

inline row_change ins(relation_ptr r, tuple_data row) {
  row_change c;
  c.kind = change_kind::insert;
  c.relation = std::move(r);
  c.new_tuple = std::move(row);
  return c;
}
inline row_change upd(relation_ptr r, char old_kind, tuple_data old_row, tuple_data new_row) {
  row_change c;
  c.kind = change_kind::update;
  c.relation = std::move(r);
  c.old_kind = old_kind;
  c.old_tuple = std::move(old_row);
  c.new_tuple = std::move(new_row);
  return c;
}
inline row_change del(relation_ptr r, char old_kind, tuple_data old_row) {
  row_change c;
  c.kind = change_kind::delete_;
  c.relation = std::move(r);
  c.old_kind = old_kind;
  c.old_tuple = std::move(old_row);
  return c;
}
inline row_change trunc(std::vector<relation_ptr> rs, uint8_t options) {
  row_change c;
  c.kind = change_kind::truncate;
  c.relation = rs.front();
  c.truncated = std::move(rs);
  c.truncate_options = options;
  return c;
}

inline remote_transaction_ptr txn(std::vector<row_change> changes, xid_t xid = 740,
                           uint64_t final_lsn = 0x14C0378) {
  auto t = std::make_shared<remote_transaction>();
  t->xid = xid;
  t->final_lsn = lsn{final_lsn};
  t->end_lsn = lsn{final_lsn + 0x30};
  t->changes = std::move(changes);
  return t;
}

}  // namespace tributary
