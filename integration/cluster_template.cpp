// cluster_template: initdb once per installation, copies for publishers. See the .hpp.
#include "integration/cluster_template.hpp"

#include <cstdlib>
#include <sstream>
#include <system_error>

#include "integration/test_host.hpp"

namespace tributary::integration {
namespace {

bool templates_enabled() {
  const char* setting = std::getenv("TRIBUTARY_PG_TEMPLATE");
  return setting == nullptr || std::string(setting) != "off";
}

// The template's name: everything that decides what initdb writes.
std::string template_name(const std::filesystem::path& initdb,
                          const std::vector<std::string>& initdb_options,
                          const std::optional<std::string>& run_as) {
  std::error_code ec;
  std::ostringstream identity;
  identity << initdb.string() << '\n' << std::filesystem::file_size(initdb, ec) << '\n';
  identity << std::filesystem::last_write_time(initdb, ec).time_since_epoch().count() << '\n';
  identity << run_as.value_or("") << '\n';
  for (const auto& option : initdb_options) identity << option << '\n';
  std::ostringstream name;
  name << "tributary-pg-template-" << std::hex << std::hash<std::string>{}(identity.str());
  return name.str();
}

bool is_cluster(const std::filesystem::path& dir) {
  std::error_code ec;
  return std::filesystem::exists(dir / "data" / "PG_VERSION", ec);
}

std::vector<std::string> initdb_command(const std::filesystem::path& initdb,
                                        const std::vector<std::string>& initdb_options,
                                        const std::filesystem::path& data_dir) {
  std::vector<std::string> argv{initdb.string(), "-D", data_dir.string()};
  argv.insert(argv.end(), initdb_options.begin(), initdb_options.end());
  return argv;
}

// The template's directory (holding data/), built by this process when missing.
result<std::filesystem::path, std::string> find_or_build_template(
    const std::filesystem::path& initdb, const std::vector<std::string>& initdb_options,
    const std::optional<std::string>& run_as, const cluster_tool_runner& run) {
  auto building = scratch_directory::create("tributary-pg-template-build");
  if (!building) return fail("template: " + building.error());
  auto final_dir = building->path().parent_path() / template_name(initdb, initdb_options, run_as);
  if (is_cluster(final_dir)) return final_dir;
  if (run_as) {
    auto given = give_to_user(building->path(), *run_as);
    if (!given) return fail("template: " + given.error());
  }
  auto made = run(initdb_command(initdb, initdb_options, building->path() / "data"));
  if (!made) return fail("template: " + made.error());
  std::error_code ec;
  std::filesystem::rename(building->path(), final_dir, ec);
  // Lost the race: another process's template is in place (ours goes with `building`).
  if (is_cluster(final_dir)) return final_dir;
  return fail("template: cannot rename " + building->path().string() + " to " +
              final_dir.string() + ": " + ec.message());
}

}  // namespace

result<ok_t, std::string> create_cluster(const std::filesystem::path& initdb,
                                         const std::vector<std::string>& initdb_options,
                                         const std::filesystem::path& data_dir,
                                         const std::optional<std::string>& run_as,
                                         const cluster_tool_runner& run) {
  if (templates_enabled()) {
    auto found = find_or_build_template(initdb, initdb_options, run_as, run);
    if (found) {
      auto copied = run({"/bin/cp", "-a", (*found / "data").string(), data_dir.string()});
      if (copied) return ok_v;
      std::error_code ec;
      std::filesystem::remove_all(data_dir, ec);  // a partial copy; initdb wants no directory
    }
    // A template that cannot be made or copied leaves initdb, which reports for itself.
  }
  return run(initdb_command(initdb, initdb_options, data_dir));
}

}  // namespace tributary::integration
