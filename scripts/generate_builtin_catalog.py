#!/usr/bin/env python3
"""Generates cli/catalog/builtin_operators_data.cpp, builtin_functions_data.cpp and
builtin_casts_data.cpp, builtin_type_descriptions_data.cpp: PostgreSQL 15's built-in operators and functions
(pg_operator and pg_proc rows of pg_catalog, with their descriptions and psql's
rendered signatures) and its built-in types' descriptions, read from a
real PostgreSQL 15 server, for the types Tributary has (read from a running
Tributary's pg_type).

  scripts/generate_builtin_catalog.py PG_PSQL_ARGS... -- TRIBUTARY_PSQL_ARGS...
  e.g. scripts/generate_builtin_catalog.py -h /tmp -p 5432 -U postgres postgres \
         -- -h 127.0.0.1 -p 5433 -U root postgres

Which rows:
  operators  every pg_catalog operator whose left, right and result types are in
             Tributary's pg_type.
  functions  every overload of a name that is (a) the code, restriction or join
             estimator of such an operator, the handler of an access method Tributary
             has (heap, btree, hash), or the support function of a function
             below; or (b) callable by a user: all of the name's pg_catalog overloads
             are functions, aggregates or windows whose argument and result types are
             in Tributary's pg_type and are none of internal, cstring or the handler
             and trigger pseudo-types (so not type input/output or planner support),
             and the name starts neither with _ nor binary_upgrade_.
  Not an extension's member (plpgsql's handlers are object_rows.cpp's).
  casts      every pg_cast row between types Tributary's pg_type has (builtin_catalog_rows.cpp
             keeps those Tributary does: type_casts.hpp).
  type descriptions  pg_description's comment of every pg_catalog type Tributary's
             pg_type has (its rows are Tributary's own; only the comments come from here).
The rows keep what psql shows (pg_get_function_arguments / _identity_arguments /
_result / _sqlbody text as PostgreSQL renders them); proargdefaults is not kept
(PostgreSQL's node trees).
"""
import subprocess
import sys

SEP, REC = "\x1f", "\x1e"


def query(args, sql):
    out = subprocess.run(["psql", "-X", "-At", "-F", SEP, "-R", REC, "-P", "null=\x01", *args, "-c", sql],
                         check=True, capture_output=True, text=True).stdout
    if out.endswith("\n"):  # psql ends its output with a newline after the last record
        out = out[:-1]
    rows = []
    for record in out.split(REC):
        if record == "":
            continue
        rows.append([None if f == "\x01" else f for f in record.split(SEP)])
    return rows


def c_string(value):
    if value is None:
        return "nullptr"
    out = '"'
    for ch in value:
        if ch == "\\":
            out += "\\\\"
        elif ch == '"':
            out += '\\"'
        elif ch == "\n":
            out += "\\n"
        elif ch == "\t":
            out += "\\t"
        else:
            out += ch
    return out + '"'


def c_char(value):
    return "'" + value + "'"


def c_bool(value):
    return "true" if value == "t" else "false"


def main():
    split = sys.argv.index("--")
    pg, tributary = sys.argv[1:split], sys.argv[split + 1:]
    types = ",".join(r[0] for r in query(tributary, "SELECT oid FROM pg_type"))
    owner = query(pg, "SELECT rolname FROM pg_roles WHERE oid = 10")[0][0]
    ok = f"(0,{types})"
    operators = query(pg, f"""
        SELECT o.oid, oprname, oprkind, oprcanmerge, oprcanhash, oprleft, oprright, oprresult, oprcom, oprnegate,
               oprcode::oid, oprrest::oid, oprjoin::oid, obj_description(o.oid, 'pg_operator')
        FROM pg_operator o WHERE oprnamespace = 11 AND oprleft IN {ok} AND oprright IN {ok} AND oprresult IN {ok}
        ORDER BY o.oid""")
    # The handlers of the access methods Tributary has (pg_type_rows.cpp's pg_am) are named too.
    handlers = {r[0] for r in query(pg, "SELECT amhandler::oid FROM pg_am WHERE amname IN ('heap', 'btree', 'hash')")}
    # The operator classes and families of btree and hash (the index methods Tributary has)
    # for its types, with their operators and support functions (named too). The classes
    # keep PostgreSQL's physical order, the order a scan of pg_opclass gives (\dAf's
    # string_agg of a family's types).
    am = "(SELECT oid FROM pg_am WHERE amname IN ('btree', 'hash'))"
    opfamilies = query(pg, f"""
        SELECT oid, opfmethod, opfname FROM pg_opfamily WHERE opfmethod IN {am} AND opfnamespace = 11 ORDER BY oid""")
    opclasses = query(pg, f"""
        SELECT oid, opcmethod, opcname, opcfamily, opcintype, opcdefault, opckeytype FROM pg_opclass
        WHERE opcmethod IN {am} AND opcnamespace = 11 AND opcintype IN {ok} ORDER BY ctid""")
    amops = query(pg, f"""
        SELECT oid, amopfamily, amoplefttype, amoprighttype, amopstrategy, amoppurpose, amopopr, amopmethod,
               amopsortfamily FROM pg_amop WHERE amopmethod IN {am} AND amoplefttype IN {ok}
          AND amoprighttype IN {ok} ORDER BY oid""")
    amprocs = query(pg, f"""
        SELECT p.oid, amprocfamily, amproclefttype, amprocrighttype, amprocnum, amproc::oid FROM pg_amproc p
        JOIN pg_opfamily f ON f.oid = amprocfamily WHERE f.opfmethod IN {am} AND amproclefttype IN {ok}
          AND amprocrighttype IN {ok} ORDER BY p.oid""")
    handlers |= {r[5] for r in amprocs}
    codes = ",".join(sorted({r[i] for r in operators for i in (10, 11, 12) if r[i] != "0"} | handlers))
    bad = "(2281,2275,32,269,325,2280,3115,3310,3838,2279)"
    functions = query(pg, f"""
        WITH callable AS (
          SELECT proname FROM pg_proc WHERE pronamespace = 11 GROUP BY proname
          HAVING bool_and(prokind IN ('f','a','w') AND prorettype IN {ok} AND prorettype NOT IN {bad}
                          AND NOT EXISTS (SELECT 1 FROM unnest(proargtypes) a
                                          WHERE a NOT IN {ok} OR a IN {bad}))
             AND proname !~ '^_' AND proname !~ '^binary_upgrade_'),
        named AS (
          SELECT proname FROM callable
          UNION SELECT proname FROM pg_proc WHERE oid IN ({codes})),
        chosen AS (
          SELECT proname FROM named
          UNION SELECT s.proname FROM pg_proc p JOIN pg_proc s ON s.oid = p.prosupport
                WHERE p.pronamespace = 11 AND p.proname IN (SELECT proname FROM named))
        SELECT p.oid, proname, prokind, provolatile, proparallel, proisstrict, proretset, proleakproof, prosecdef,
               pronargs, pronargdefaults, prorettype, proargtypes::text, provariadic, prolang, procost, prorows,
               prosupport::oid, proallargtypes::text, proargmodes::text, proargnames::text, prosrc, probin,
               proconfig::text, proacl::text,
               pg_get_function_arguments(p.oid), pg_get_function_identity_arguments(p.oid),
               pg_get_function_result(p.oid), pg_get_function_sqlbody(p.oid), obj_description(p.oid, 'pg_proc')
        FROM pg_proc p WHERE pronamespace = 11 AND proname IN (SELECT proname FROM chosen)
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 1255 AND d.objid = p.oid AND d.deptype = 'e')
        ORDER BY p.oid""")

    casts = query(pg, f"""
        SELECT oid, castsource, casttarget, castfunc, castcontext, castmethod FROM pg_cast
        WHERE castsource IN {ok} AND casttarget IN {ok} ORDER BY oid""")
    type_descriptions = query(pg, f"""
        SELECT t.oid, obj_description(t.oid, 'pg_type') FROM pg_type t
        WHERE typnamespace = 11 AND t.oid IN {ok} AND obj_description(t.oid, 'pg_type') IS NOT NULL
        ORDER BY t.oid""")

    header = ("// GENERATED by scripts/generate_builtin_catalog.py from a PostgreSQL 15.18 server; do not edit.\n"
              "// {what} (builtin_catalog.hpp says which rows and why).\n"
              "#include \"cli/catalog/builtin_catalog.hpp\"\n\nnamespace tributary {{\n\nnamespace {{\n\n")
    footer = "\n}  // namespace\n\n{accessor}\n\n}  // namespace tributary\n"
    with open("cli/catalog/builtin_operators_data.cpp", "w") as f:
        f.write(header.format(what="pg_operator's rows of pg_catalog for Tributary's types"))
        f.write("constexpr builtin_operator operators[] = {\n")
        for r in operators:
            f.write("    {" + ", ".join([r[0], c_string(r[1]), c_char(r[2]), c_bool(r[3]), c_bool(r[4]), *r[5:13],
                                         c_string(r[13])]) + "},\n")
        f.write("};\n")
        f.write(footer.replace("{accessor}", "std::span<const builtin_operator> builtin_operators() { return operators; }"))
    with open("cli/catalog/builtin_functions_data.cpp", "w") as f:
        f.write(header.format(what="pg_proc's rows of pg_catalog that psql's \\df lists and operators name"))
        f.write("constexpr builtin_function functions[] = {\n")
        for r in functions:
            acl = r[24].replace(owner, "@") if r[24] else None
            f.write("    {" + ", ".join([
                r[0], c_string(r[1]), c_char(r[2]), c_char(r[3]), c_char(r[4]), c_bool(r[5]), c_bool(r[6]),
                c_bool(r[7]), c_bool(r[8]), r[9], r[10], r[11], c_string(r[12]), r[13], r[14], r[15], r[16], r[17],
                c_string(r[18]), c_string(r[19]), c_string(r[20]), c_string(r[21]), c_string(r[22]),
                c_string(r[23]), c_string(acl), c_string(r[25]), c_string(r[26]), c_string(r[27]),
                c_string(r[28]), c_string(r[29])]) + "},\n")
        f.write("};\n")
        f.write(footer.replace("{accessor}", "std::span<const builtin_function> builtin_functions() { return functions; }"))
    with open("cli/catalog/builtin_casts_data.cpp", "w") as f:
        f.write(header.format(what="pg_cast's rows between the types Tributary's pg_type has"))
        f.write("constexpr builtin_cast casts[] = {\n")
        for r in casts:
            f.write("    {" + ", ".join([*r[0:4], c_char(r[4]), c_char(r[5])]) + "},\n")
        f.write("};\n")
        f.write(footer.replace("{accessor}", "std::span<const builtin_cast> builtin_casts() { return casts; }"))
    with open("cli/catalog/builtin_operator_classes_data.cpp", "w") as f:
        f.write(header.format(what="pg_opfamily, pg_opclass, pg_amop and pg_amproc rows of btree and hash"))
        f.write("constexpr builtin_operator_family families[] = {\n")
        for r in opfamilies:
            f.write("    {" + ", ".join([r[0], r[1], c_string(r[2])]) + "},\n")
        f.write("};\n\nconstexpr builtin_operator_class classes[] = {\n")
        for r in opclasses:
            f.write("    {" + ", ".join([r[0], r[1], c_string(r[2]), r[3], r[4], c_bool(r[5]), r[6]]) + "},\n")
        f.write("};\n\nconstexpr builtin_access_method_operator operators[] = {\n")
        for r in amops:
            f.write("    {" + ", ".join([*r[0:5], c_char(r[5]), *r[6:9]]) + "},\n")
        f.write("};\n\nconstexpr builtin_access_method_procedure procedures[] = {\n")
        for r in amprocs:
            f.write("    {" + ", ".join(r) + "},\n")
        f.write("};\n")
        f.write(footer.replace("{accessor}",
            "std::span<const builtin_operator_family> builtin_operator_families() { return families; }\n"
            "std::span<const builtin_operator_class> builtin_operator_classes() { return classes; }\n"
            "std::span<const builtin_access_method_operator> builtin_access_method_operators() { return operators; }\n"
            "std::span<const builtin_access_method_procedure> builtin_access_method_procedures() "
            "{ return procedures; }"))
    with open("cli/catalog/builtin_type_descriptions_data.cpp", "w") as f:
        f.write(header.format(what="pg_description's comments on the pg_catalog types Tributary's pg_type has"))
        f.write("constexpr builtin_type_description descriptions[] = {\n")
        for r in type_descriptions:
            f.write("    {" + r[0] + ", " + c_string(r[1]) + "},\n")
        f.write("};\n")
        f.write(footer.replace("{accessor}", "std::span<const builtin_type_description> builtin_type_descriptions() "
                                             "{ return descriptions; }"))
    print(f"{len(operators)} operators, {len(functions)} functions, {len(casts)} casts, {len(opclasses)} operator classes, {len(type_descriptions)} type descriptions")


if __name__ == "__main__":
    main()
