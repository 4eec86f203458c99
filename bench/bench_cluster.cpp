// bench_cluster: publisher + server for the benchmarks. See bench_cluster.hpp.
#include "bench/bench_cluster.hpp"

#include <gtest/gtest.h>

namespace tributary::bench {

std::vector<std::string> bench_publisher_settings() {
  // The fixture already sets wal_level=logical, fsync=off and full_page_writes=off:
  // the publisher's own durability is not what is measured, only how fast its
  // changes can be taken and applied. Autovacuum would compete for the two cores in
  // the middle of a measurement, so it is off; no checkpoint falls into a run.
  return {"shared_buffers = 256MB", "max_wal_size = 8GB", "checkpoint_timeout = 30min",
          "autovacuum = off", "max_connections = 50"};
}

bool fixture_failed() { return ::testing::Test::HasFailure(); }

bench_cluster::bench_cluster(std::vector<std::string> publisher_configuration)
    : publisher_(integration::pg_publisher_options{{}, std::move(publisher_configuration)}),
      server_(integration::tributary_server_options{}) {}

done_result bench_cluster::start() {
  publisher_.start();
  if (fixture_failed()) return fail(std::string("the PostgreSQL publisher did not start (see above)"));
  server_.start();
  if (fixture_failed()) return fail(std::string("tributary serve did not start (see above)"));
  publisher_session_ = integration::connect_with(publisher_.conninfo());
  if (PQstatus(publisher_session_.get()) != CONNECTION_OK)
    return fail("cannot connect to the publisher: " + std::string(PQerrorMessage(publisher_session_.get())));
  local_session_ = integration::connect_with(server_.conninfo());
  if (PQstatus(local_session_.get()) != CONNECTION_OK)
    return fail("cannot connect to tributary: " + std::string(PQerrorMessage(local_session_.get())));
  // NOTICEs (slot created, ...) are expected and would only clutter the figures.
  PQsetNoticeProcessor(local_session_.get(), [](void*, const char*) {}, nullptr);
  PQsetNoticeProcessor(publisher_session_.get(), [](void*, const char*) {}, nullptr);
  return ok_v;
}

done_result bench_cluster::exec_on(PGconn* connection, const std::string& sql) {
  auto r = integration::exec(connection, sql);
  if (!integration::succeeded(r.get())) return fail(sql + "\n  -> " + PQresultErrorMessage(r.get()));
  return ok_v;
}

text_result bench_cluster::value_of(PGconn* connection, const std::string& sql) {
  auto r = integration::exec(connection, sql);
  if (PQresultStatus(r.get()) != PGRES_TUPLES_OK) return fail(sql + "\n  -> " + PQresultErrorMessage(r.get()));
  if (PQntuples(r.get()) < 1) return fail(sql + "\n  -> no row");
  return std::string(PQgetisnull(r.get(), 0, 0) ? "<null>" : PQgetvalue(r.get(), 0, 0));
}

done_result bench_cluster::publisher_exec(const std::string& sql) { return exec_on(publisher_session_.get(), sql); }
text_result bench_cluster::publisher_value(const std::string& sql) { return value_of(publisher_session_.get(), sql); }
done_result bench_cluster::local_exec(const std::string& sql) { return exec_on(local_session_.get(), sql); }
text_result bench_cluster::local_value(const std::string& sql) { return value_of(local_session_.get(), sql); }

text_result bench_cluster::publisher_version() {
  auto version = publisher_value("SHOW server_version");
  if (!version) return version;
  return "PostgreSQL " + *version;
}

result<lsn, std::string> bench_cluster::publisher_wal_position() {
  auto text = publisher_value("SELECT pg_current_wal_lsn()");
  if (!text) return fail(text.error());
  auto parsed = lsn::parse(*text);
  if (!parsed) return fail("unreadable LSN " + *text);
  return *parsed;
}

done_result bench_cluster::run_publisher_tool(const std::string& tool, const std::vector<std::string>& arguments,
                                              const std::string& log_file, std::chrono::seconds timeout) {
  integration::process_options options;
  options.argv = {(publisher_.bin_dir() / tool).string(), "-h", "127.0.0.1", "-p",
                  std::to_string(publisher_.port()), "-U", "postgres"};
  options.argv.insert(options.argv.end(), arguments.begin(), arguments.end());
  options.argv.push_back("postgres");
  options.environment = {"LC_ALL=C", "PGTZ=UTC"};
  options.log_file = log_file;
  auto status = integration::run_to_completion(options, timeout);
  if (!status) return fail(status.error());
  if (!status->succeeded()) return fail(tool + " failed (" + status->describe() + "), output in " + log_file);
  return ok_v;
}

}  // namespace tributary::bench
