// cluster_template: initdb once per PostgreSQL installation, a copy for every publisher.
//
// Role: every integration test starts its own publisher (pg_publisher), and initdb
// costs about a second of CPU each time (bootstrap, catalogs, collations), most of a
// short test's run. The first publisher of a machine runs initdb into a template
// cluster under /tmp (the scratch directories' parent), named after the initdb binary
// (path, size, mtime), initdb's options and the cluster's user; every publisher copies
// the template (`cp -a`, as the cluster's user), which is the cluster initdb would
// have written with the same options: only the system identifier and the creation
// time are shared by the copies, and nothing here reads them.
//
// Concurrency: test processes that find no template each build one under a unique
// name and rename it into place; the first rename wins, the others remove theirs
// (rename is atomic, so a template that exists is complete).
// Stale templates: a reinstalled PostgreSQL has another size or mtime, hence another
// name; old templates stay in /tmp (~40 MB each) until it is cleaned.
// TRIBUTARY_PG_TEMPLATE=off runs initdb for every publisher, as before.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "stages/core/result.hpp"

namespace tributary::integration {

// Runs one program (argv) as the cluster's user; an error names what failed.
using cluster_tool_runner = std::function<result<ok_t, std::string>(std::vector<std::string>)>;

// Writes a new cluster into `data_dir` (which must not exist yet): a copy of the
// template for `initdb` + `initdb_options` (made first when missing), or initdb itself
// when templates are off. `run_as` is the cluster's user (empty: ourselves).
result<ok_t, std::string> create_cluster(const std::filesystem::path& initdb,
                                         const std::vector<std::string>& initdb_options,
                                         const std::filesystem::path& data_dir,
                                         const std::optional<std::string>& run_as,
                                         const cluster_tool_runner& run);

}  // namespace tributary::integration
