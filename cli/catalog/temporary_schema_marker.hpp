// temporary_schema_marker: the table in SQLite's temp schema that records that
// the session made its temporary schema. PostgreSQL creates pg_temp_N and
// pg_toast_temp_N with a session's first temporary object and keeps them (in
// pg_namespace) after the object is dropped; Tributary lists its pg_temp_3 while
// this table exists (made with the session's first temporary view, rolled back
// with it, gone with the session).
#pragma once

namespace tributary {

inline constexpr const char* temporary_schema_marker = "tributary_temporary_schema";

}  // namespace tributary
