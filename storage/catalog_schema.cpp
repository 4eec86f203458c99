// Migrations of the per-database replication catalog. Each entry is applied once,
// in order, inside one transaction together with the new version number; a file
// written by a newer Tributary (higher version) is refused rather than guessed at.
#include "storage/catalog_schema.hpp"

#include <string>
#include <vector>

namespace tributary {

namespace {

// Booleans are declared `bool` and hold 0/1, so the front end shows them as
// PostgreSQL's bool; LSNs are "X/Y" text; text[] columns hold the array's
// text form ("{a,b}").
const std::vector<std::string>& migrations() {
  static const std::vector<std::string> steps = {
      // 1: the replication catalog
      R"sql(
CREATE TABLE pg_subscription (
  oid                 integer PRIMARY KEY,
  subdbid             integer NOT NULL,
  subskiplsn          text    NOT NULL DEFAULT '0/0',
  subname             text    NOT NULL UNIQUE,
  subowner            integer NOT NULL,
  subenabled          bool    NOT NULL,
  subbinary           bool    NOT NULL DEFAULT 0,
  substream           text    NOT NULL DEFAULT 'p',
  subtwophasestate    text    NOT NULL DEFAULT 'd',
  subdisableonerr     bool    NOT NULL DEFAULT 0,
  subpasswordrequired bool    NOT NULL DEFAULT 1,
  subrunasowner       bool    NOT NULL DEFAULT 0,
  subfailover         bool    NOT NULL DEFAULT 0,
  subconninfo         text    NOT NULL,
  subslotname         text,
  subsynccommit       text    NOT NULL DEFAULT 'off',
  subpublications     text    NOT NULL,
  suborigin           text    NOT NULL DEFAULT 'any'
);
CREATE TABLE pg_subscription_rel (
  srsubid      integer NOT NULL REFERENCES pg_subscription(oid),
  srrelid      integer NOT NULL,
  srsubstate   text    NOT NULL CHECK (srsubstate IN ('i', 'r')),
  srsublsn     text,
  srschemaname text    NOT NULL,
  srrelname    text    NOT NULL,
  PRIMARY KEY (srsubid, srschemaname, srrelname)
);
CREATE TABLE pg_replication_origin (
  roident integer PRIMARY KEY,
  roname  text NOT NULL UNIQUE
);
CREATE TABLE pg_replication_origin_status (
  local_id    integer PRIMARY KEY REFERENCES pg_replication_origin(roident),
  external_id text NOT NULL,
  remote_lsn  text NOT NULL DEFAULT '0/0',
  local_lsn   text NOT NULL DEFAULT '0/0'
);
)sql",
      // 2: the column type catalog (column_type_catalog.hpp). Tables created before
      // it have no rows here; their types are read from SQLite's declared types.
      R"sql(
CREATE TABLE tributary_columns (
  relname     text    NOT NULL COLLATE NOCASE,
  attnum      integer NOT NULL,
  attname     text    NOT NULL COLLATE NOCASE,
  atttypid    integer NOT NULL,
  atttypmod   integer NOT NULL,
  attndims    integer NOT NULL,
  typname     text    NOT NULL,
  attnotnull  bool    NOT NULL,
  attdefault  text,
  attidentity text    NOT NULL DEFAULT '',
  PRIMARY KEY (relname, attname)
) WITHOUT ROWID;
)sql",
      // 3: schemas other than public (namespace_catalog.hpp); their tables are
      // the SQLite tables named "<schema>.<table>".
      R"sql(
CREATE TABLE tributary_namespaces (
  nspname  text NOT NULL PRIMARY KEY,
  nspowner text NOT NULL
) WITHOUT ROWID;
)sql",
      // 4: users' enums and domains (user_type_catalog.hpp); a domain column
      // records its domain. OIDs start at 16384, as PostgreSQL's user objects,
      // and are never given out twice (AUTOINCREMENT).
      R"sql(
CREATE TABLE tributary_types (
  oid           integer PRIMARY KEY AUTOINCREMENT,
  nspname       text    NOT NULL,
  typname       text    NOT NULL,
  typtype       text    NOT NULL CHECK (typtype IN ('e', 'd')),
  typbasetype   integer NOT NULL DEFAULT 0,
  typtypmod     integer NOT NULL DEFAULT -1,
  typndims      integer NOT NULL DEFAULT 0,
  basetypname   text    NOT NULL DEFAULT '',
  typnotnull    bool    NOT NULL DEFAULT 0,
  typdefault    text,
  typdefaultbin text,
  UNIQUE (nspname, typname)
);
CREATE TABLE tributary_enum_labels (
  enumtypid     integer NOT NULL,
  enumsortorder real    NOT NULL,
  enumlabel     text    NOT NULL,
  PRIMARY KEY (enumtypid, enumlabel)
) WITHOUT ROWID;
ALTER TABLE tributary_columns ADD COLUMN attdomain text NOT NULL DEFAULT '';
)sql",
      // 5: sequences (sequence_catalog.hpp): parameters and state in one row;
      // serial and identity columns own theirs (owned_table, owned_column).
      R"sql(
CREATE TABLE tributary_sequences (
  seqname      text    NOT NULL PRIMARY KEY COLLATE NOCASE,
  seqtypid     integer NOT NULL,
  seqstart     integer NOT NULL,
  seqincrement integer NOT NULL,
  seqmax       integer NOT NULL,
  seqmin       integer NOT NULL,
  seqcache     integer NOT NULL,
  seqcycle     bool    NOT NULL,
  last_value   integer NOT NULL,
  is_called    bool    NOT NULL,
  owned_table  text    NOT NULL DEFAULT '',
  owned_column text    NOT NULL DEFAULT ''
) WITHOUT ROWID;
)sql",
      // 6: domains' CHECK constraints (user_type_catalog.hpp): the expression's
      // parse tree and the statement text its locations point into.
      R"sql(
CREATE TABLE tributary_domain_constraints (
  contypid      integer NOT NULL,
  conname       text    NOT NULL,
  conbin        text    NOT NULL,
  consrc        text    NOT NULL,
  convalidated  bool    NOT NULL DEFAULT 1,
  PRIMARY KEY (contypid, conname)
) WITHOUT ROWID;
)sql",
      // 7: tables' owners and privileges (relation_acl_catalog.hpp); relacl
      // NULL is acldefault (the owner holds every privilege).
      R"sql(
CREATE TABLE tributary_relation_acl (
  relname  text    NOT NULL PRIMARY KEY COLLATE NOCASE,
  relowner integer NOT NULL,
  relacl   text
) WITHOUT ROWID;
)sql",
      // 8: COMMENT ON a relation or a column (description_catalog.hpp): the
      // relation's SQLite name, the column's name ('' for the relation).
      R"sql(
CREATE TABLE tributary_descriptions (
  relname      text NOT NULL,
  attname      text NOT NULL,
  description  text NOT NULL,
  PRIMARY KEY (relname, attname)
) WITHOUT ROWID;
)sql",
      // 9: tables' CHECK constraints as written (check_catalog.hpp): the
      // expression's parse tree and the statement text its locations point into.
      R"sql(
CREATE TABLE tributary_check_constraints (
  relname  text NOT NULL COLLATE NOCASE,
  conname  text NOT NULL,
  conbin   text NOT NULL,
  consrc   text NOT NULL,
  PRIMARY KEY (relname, conname)
) WITHOUT ROWID;
)sql",
      // 10: schemas' privileges (namespace_catalog.hpp): one row per schema,
      // public included, whose ACL was changed by GRANT / REVOKE.
      R"sql(
CREATE TABLE tributary_namespace_acl (
  nspname  text NOT NULL PRIMARY KEY,
  nspacl   text NOT NULL
) WITHOUT ROWID;
)sql",
      // 11: column privileges (column_acl_catalog.hpp): one row per column
      // whose ACL was changed by GRANT / REVOKE (pg_attribute.attacl).
      R"sql(
CREATE TABLE tributary_column_acl (
  relname  text NOT NULL COLLATE NOCASE,
  attname  text NOT NULL,
  attacl   text NOT NULL,
  PRIMARY KEY (relname, attname)
) WITHOUT ROWID;
)sql",
      // 12: a user type's array type (pg_type.typarray, user_type_catalog.hpp): a
      // domain made from now on has the OID just below its own, as PostgreSQL
      // allocates it; a type made before keeps the enums' rule (its OID + 2^30).
      R"sql(
ALTER TABLE tributary_types ADD COLUMN typarray integer NOT NULL DEFAULT 0;
UPDATE tributary_types SET typarray = oid + 1073741824;
)sql",
      // 13: an enum label's OID (pg_enum.oid, user_type_catalog.hpp), handed out
      // by the types' counter as PostgreSQL's (even and in order for CREATE TYPE);
      // a label made before has none (pg_enum shows a hash). An enum made from now
      // on has its array type just below it, as a domain since 12.
      // A table's place in creation order once ALTER TABLE rebuilt it (its
      // sqlite_schema row is then new; table_rebuild.hpp): the rowid of the row it
      // had before its first rebuild.
      R"sql(
ALTER TABLE tributary_enum_labels ADD COLUMN oid integer;
CREATE TABLE tributary_relation_order (
  relname  text    NOT NULL PRIMARY KEY COLLATE NOCASE,
  relorder integer NOT NULL
) WITHOUT ROWID;
)sql",
      // 14: the user types made before 12 (domains) or 13 (enums) are numbered as
      // the ones made since: each array type that had the old rule's OID (its
      // type's + 2^30) takes the next OID of the types' counter, in the order the
      // types were made, and the columns (atttypid) and domains (typbasetype) of
      // that array type follow it; each label made before 13 (no OID: pg_enum
      // showed a hash) takes the next even one, type by type in sort order (as
      // PostgreSQL's CREATE TYPE gives even OIDs in sort order). Nothing
      // else keeps these numbers: enum values are stored as their labels, the
      // enums' collations are named by the enum's own OID (unchanged), and
      // pg_cast() in stored SQL reads a user type's OID as "not built in" whatever
      // its number.
      R"sql(
CREATE TEMP TABLE tributary_array_renumbering AS
  SELECT typarray AS old_oid,
         (SELECT seq FROM sqlite_sequence WHERE name = 'tributary_types') +
           row_number() OVER (ORDER BY oid) AS new_oid
  FROM tributary_types WHERE typarray >= 1073741824;
UPDATE tributary_columns
  SET atttypid = (SELECT new_oid FROM tributary_array_renumbering WHERE old_oid = atttypid)
  WHERE atttypid IN (SELECT old_oid FROM tributary_array_renumbering);
UPDATE tributary_types
  SET typbasetype = (SELECT new_oid FROM tributary_array_renumbering WHERE old_oid = typbasetype)
  WHERE typbasetype IN (SELECT old_oid FROM tributary_array_renumbering);
UPDATE tributary_types
  SET typarray = (SELECT new_oid FROM tributary_array_renumbering WHERE old_oid = typarray)
  WHERE typarray IN (SELECT old_oid FROM tributary_array_renumbering);
UPDATE sqlite_sequence SET seq = seq + (SELECT count(*) FROM tributary_array_renumbering)
  WHERE name = 'tributary_types';
DROP TABLE tributary_array_renumbering;
CREATE TEMP TABLE tributary_label_numbering AS
  SELECT enumtypid, enumlabel,
         (SELECT seq + seq % 2 FROM sqlite_sequence WHERE name = 'tributary_types') +
           2 * row_number() OVER (ORDER BY enumtypid, enumsortorder) AS new_oid
  FROM tributary_enum_labels WHERE oid IS NULL;
UPDATE tributary_enum_labels
  SET oid = (SELECT new_oid FROM tributary_label_numbering n
             WHERE n.enumtypid = tributary_enum_labels.enumtypid AND n.enumlabel = tributary_enum_labels.enumlabel)
  WHERE oid IS NULL;
UPDATE sqlite_sequence SET seq = (SELECT max(new_oid) FROM tributary_label_numbering)
  WHERE name = 'tributary_types' AND EXISTS (SELECT 1 FROM tributary_label_numbering);
DROP TABLE tributary_label_numbering;
)sql",
      // 15: what PostgreSQL prints of an index on expressions or with a WHERE
      // (index_definition_catalog.hpp), by the index's SQLite name.
      R"sql(
CREATE TABLE tributary_index_definitions (
  indexname  text NOT NULL PRIMARY KEY COLLATE NOCASE,
  keys              text NOT NULL,
  predicate         text NOT NULL,
  pretty_keys       text NOT NULL,
  pretty_predicate  text NOT NULL
) WITHOUT ROWID;
)sql",
      // 16: composite types of their own (CREATE TYPE t AS (a int, b text)): typtype
      // 'c'; their attributes are tributary_columns rows under the type's local name,
      // as a table's columns (user_type_catalog.hpp). SQLite cannot change a CHECK:
      // the table is made again, its OID counter kept.
      R"sql(
CREATE TABLE tributary_types_16 (
  oid           integer PRIMARY KEY AUTOINCREMENT,
  nspname       text    NOT NULL,
  typname       text    NOT NULL,
  typtype       text    NOT NULL CHECK (typtype IN ('e', 'd', 'c')),
  typbasetype   integer NOT NULL DEFAULT 0,
  typtypmod     integer NOT NULL DEFAULT -1,
  typndims      integer NOT NULL DEFAULT 0,
  basetypname   text    NOT NULL DEFAULT '',
  typnotnull    bool    NOT NULL DEFAULT 0,
  typdefault    text,
  typdefaultbin text,
  typarray      integer NOT NULL DEFAULT 0,
  UNIQUE (nspname, typname)
);
INSERT INTO tributary_types_16 (oid, nspname, typname, typtype, typbasetype, typtypmod, typndims, basetypname,
                                typnotnull, typdefault, typdefaultbin, typarray)
  SELECT oid, nspname, typname, typtype, typbasetype, typtypmod, typndims, basetypname, typnotnull, typdefault,
         typdefaultbin, typarray FROM tributary_types;
DELETE FROM sqlite_sequence WHERE name = 'tributary_types_16';
INSERT INTO sqlite_sequence (name, seq) SELECT 'tributary_types_16', seq FROM sqlite_sequence WHERE name = 'tributary_types';
DROP TABLE tributary_types;
ALTER TABLE tributary_types_16 RENAME TO tributary_types;
)sql",
  };
  return steps;
}

}  // namespace

result<ok_t, sqlite_error> migrate_catalog(sqlite_connection& db) {
  static_assert(catalog_schema_version == 16, "add the migration step above");
  // Fast path without a write lock: the file is already current.
  if (auto q = db.prepare("SELECT max(version) FROM tributary_schema_version"); q) {
    if (auto s = q->step(); s && *s == sqlite_statement::step_result::row &&
                            q->column_int(0) == catalog_schema_version)
      return ok_v;
  }
  if (auto r = db.exec("BEGIN IMMEDIATE"); !r)
    return r;
  auto rollback_with = [&](sqlite_error e) -> result<ok_t, sqlite_error> {
    (void)db.exec("ROLLBACK");
    return fail(std::move(e));
  };
  if (auto r = db.exec("CREATE TABLE IF NOT EXISTS tributary_schema_version (version integer NOT NULL)");
      !r)
    return rollback_with(r.error());
  auto read = db.prepare("SELECT max(version) FROM tributary_schema_version");
  if (!read)
    return rollback_with(read.error());
  int current = 0;
  if (auto s = read->step(); !s)
    return rollback_with(s.error());
  else if (*s == sqlite_statement::step_result::row && !read->column_is_null(0))
    current = static_cast<int>(read->column_int(0));
  read->reset();
  const auto& steps = migrations();
  if (current > static_cast<int>(steps.size()))
    return rollback_with(sqlite_error{0, "database file has catalog version " +
                                             std::to_string(current) +
                                             ", newer than this server supports (" +
                                             std::to_string(steps.size()) + ")"});
  for (int v = current; v < static_cast<int>(steps.size()); ++v) {
    if (auto r = db.exec(steps[static_cast<size_t>(v)]); !r)
      return rollback_with(r.error());
    if (auto r = db.exec("INSERT INTO tributary_schema_version VALUES (" + std::to_string(v + 1) + ")");
        !r)
      return rollback_with(r.error());
  }
  return db.exec("COMMIT");
}

}  // namespace tributary
