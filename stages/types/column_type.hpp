// column_type: a column's PostgreSQL type, as the column type catalog records it
// and as every value conversion of the type layer takes it.
//
// Built-in types are named by their pg_type OID (arrays by the array type's OID,
// e.g. 1007 for int4[]) and a typmod in PostgreSQL's encoding (-1: none;
// varchar(n)/bpchar(n): n + 4; numeric(p,s): ((p << 16) | (s & 0x7FF)) + 4;
// bit(n)/varbit(n): n; time/timestamp(p): p). A type Tributary does not know
// (an extension's, a user's) keeps OID 0 and the name it was declared with; its
// values are kept as PostgreSQL's text output, never altered.
//
// A named composite type (a table's row type, CREATE TYPE pair AS (...)) keeps
// OID 0 and its name, with its fields (record_fields) when the catalog read them;
// an array of one (pair[]) its name ("pair[]") and the composite type
// (record_element).
//
// A user's enum has the OID Tributary gave it (16384 and up), its name, and its
// labels (enum_labels, read from the database file with the column); a domain is
// never a column_type: its columns have the domain's base type
// (column_definition::domain names the domain).
//
// An array of a user's enum (mood[]) has its own OID, the enum's pg_type.typarray
// (enum_definition::array_oid): the OID just below the enum's, as PostgreSQL
// allocates _mood, or for an enum made before that rule the enum's OID plus
// enum_array_oid_base (never given to anything else: catalog OIDs stay below it);
// the name format_type prints ("mood[]") and the enum's labels: each element is
// checked against them.
//
// An array of a user's domain (price[], price over numeric(12,2)) holds the base
// type's array (oid 1231 numeric[], the domain's typmod), numeric[]'s values, codecs
// and operators; an array of a domain over an array (il[]) is domain_over_array.hpp's.
// Clients see the domain's array type, as PostgreSQL's: `domain_array` names it (its
// OID in RowDescription, pg_attribute; the domain's OID as array_send's element type).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "stages/pgoutput/pgoutput_messages.hpp"

namespace tributary {

struct enum_definition;  // stages/types/user/enum_type.hpp
struct column_type;

// The OID of the array type of a user enum made before PostgreSQL's numbering
// (catalog_schema.cpp, migration 13) is the enum's OID plus this.
constexpr oid_t enum_array_oid_base = 0x40000000;

// A field of an anonymous record (type record, OID 2249) a query computes, such
// as the (x, n) rows of information_schema._pg_expandarray: its name and type.
// A field of a named composite type whose type is not built in (another composite
// type, an array of one, an enum) carries that type whole (`type`, with its own
// fields or labels); a built-in field's type is builtin_column_type(oid, typmod).
struct record_field {
  std::string name;
  oid_t oid = 0;
  int32_t typmod = -1;
  std::shared_ptr<const column_type> type;  // a field of a user's type; nullptr: built in
};

// The domain's array type of a column_type that is an array of a domain.
struct domain_array_type {
  oid_t array_oid = 0;   // pg_type.oid of _price
  oid_t domain_oid = 0;  // its typelem: the domain
  std::string domain_name;  // as format_type prints it ("price", "sales.price")
};

struct column_type {
  oid_t oid = 0;
  int32_t typmod = -1;
  std::string name;  // declared name of a type that is not built in ("" otherwise)
  std::shared_ptr<const enum_definition> enum_labels;  // a user's enum: its labels
  // A record (OID 2249) a query computes: its fields, in order (its values are
  // record_out's text, e.g. "(3,1)").
  std::shared_ptr<const std::vector<record_field>> record_fields;
  // An array of a user's domain: the domain's array type (see above).
  std::shared_ptr<const domain_array_type> domain_array;
  // An array of a named composite type (pair[]): the composite type, with its
  // record_fields (its values are array_out's text of record_out's texts).
  std::shared_ptr<const column_type> record_element;

  bool known() const { return oid != 0; }
  // A user's enum or an array of one (both carry the enum's labels).
  bool is_enum() const { return enum_labels != nullptr; }
  // (Its OID is not the enum's; defined in user/enum_type.cpp.)
  bool is_enum_array() const;
  // The OID and typmod clients see (RowDescription): a domain's array type's, else
  // the type's own.
  oid_t client_oid() const { return domain_array ? domain_array->array_oid : oid; }
  int32_t client_typmod() const { return domain_array ? -1 : typmod; }
  // The same type (an enum's label snapshot does not take part).
  friend bool operator==(const column_type& a, const column_type& b) {
    return a.oid == b.oid && a.typmod == b.typmod && a.name == b.name;
  }
};

inline column_type builtin_column_type(oid_t oid, int32_t typmod = -1) {
  return column_type{oid, typmod, {}, nullptr, nullptr};
}

// The type of a named composite type's field: its own (a user's type) or the built-in one.
inline column_type record_field_type(const record_field& field) {
  return field.type ? *field.type : builtin_column_type(field.oid, field.typmod);
}

}  // namespace tributary
