// dependency_rows: the dependencies between relations that pg_dump orders its
// script by, as PostgreSQL 15 records them in pg_depend and pg_rewrite:
//
//   a sequence owned by a column (serial, OWNED BY; tributary_sequences' owner)
//       pg_depend (pg_class, seq, 0) -> (pg_class, table, attnum), deptype 'a'
//       ('i' for an identity column's sequence)
//   a DEFAULT that calls nextval('seq')
//       pg_depend (pg_attrdef, default, 0) -> (pg_class, seq, 0), deptype 'n'
//   a view: its rule _RETURN (pg_rewrite: ev_class the view, ev_type '1',
//       is_instead), which depends on the view ('i') and on every relation its
//       SELECT names ('n', read from the view's text with libpg_query)
//
// So pg_dump creates a serial's sequence before the default that uses it
// (ALTER TABLE ... SET DEFAULT after CREATE SEQUENCE ... OWNED BY) and a view
// after the tables it reads.
#pragma once

#include <vector>

#include "cli/catalog/catalog_model.hpp"
#include "cli/catalog/snapshot_table.hpp"

namespace tributary {

std::vector<snapshot_row> pg_depend_rows(sqlite_connection& db, const catalog_model& model);
std::vector<snapshot_row> pg_rewrite_rows(const catalog_model& model);

// Whether `view` reads `table` and names `column` (or *) in its SELECT: a column
// of the same name of another relation it reads counts too.
bool view_reads_column(sqlite_connection& db, const catalog_model& model, const catalog_relation& view,
                       const catalog_relation& table, const std::string& column);

// The relations `view`'s SELECT reads (their OIDs, each once), from its text.
std::vector<int64_t> relations_read_by_view(sqlite_connection& db, const catalog_model& model,
                                            const catalog_relation& view);

}  // namespace tributary
