// extended_query: message handlers of the extended protocol (see the header).
#include "cli/server/extended_query.hpp"

#include <map>

#include "cli/server/outcome_messages.hpp"
#include "stages/types/pg_type_oids.hpp"
#include "stages/types/bind_parameter.hpp"
#include "stages/types/input_notices.hpp"
#include "stages/core/utf8_validation.hpp"

namespace tributary {
namespace {

bool aborted_and_not_an_exit(block_state state, const std::optional<routed_statement>& s) {
  if (state != block_state::failed || !s)
    return false;
  return s->kind != statement_kind::commit && s->kind != statement_kind::rollback &&
         s->kind != statement_kind::rollback_to_savepoint;
}

pg_error aborted_block() {
  return make_pg_error("25P02",
                       "current transaction is aborted, commands ignored until end of transaction block");
}

std::string statement_label(const std::string& name) {
  return name.empty() ? "unnamed prepared statement" : "prepared statement \"" + name + "\"";
}

// Types whose binary receive function reads client text (pq_getmsgtext), so their
// bytes are checked like a text parameter: text, varchar, bpchar, name.
bool received_as_client_text(uint32_t type_oid) {
  namespace oids = pg_type_oid;
  return type_oid == oids::text || type_oid == oids::varchar || type_oid == oids::bpchar ||
         type_oid == oids::name;
}

// PostgreSQL's CONTEXT of an error in one Bind parameter (0-based index).
std::string parameter_context(const std::string& portal_name, size_t index) {
  const std::string number = "$" + std::to_string(index + 1);
  if (portal_name.empty())
    return "unnamed portal parameter " + number;
  return "portal \"" + portal_name + "\" parameter " + number;
}

}  // namespace

result<extended_query::prepared_statement, pg_error> extended_query::prepare(
    const std::string& sql, const std::vector<uint32_t>& declared_types) {
  routed_query routed = route_query(sql);
  if (routed.statements.size() > 1)
    return fail(make_pg_error("42601", "cannot insert multiple commands into a prepared statement"));
  prepared_statement p;
  p.source_text = sql;
  int parameter_count = 0;
  std::map<int, uint32_t> inferred;  // $n -> the type the statement gives it
  bool inferred_all = false;          // a $n not in `inferred` has no type PostgreSQL finds
  if (!routed.statements.empty()) {
    routed_statement& s = routed.statements.front();
    if (aborted_and_not_an_exit(dispatcher_.transaction().state(), s))
      return fail(aborted_block());
    if (s.kind == statement_kind::sqlite || s.kind == statement_kind::sqlite_only ||
        s.kind == statement_kind::insert) {
      auto shape = dispatcher_.describe(s, declared_types);
      if (!shape)
        return fail(shape.error());
      p.columns = std::move(shape->columns);
      p.returns_rows = !p.columns.empty();
      parameter_count = shape->parameter_count;
      inferred = std::move(shape->parameter_types);
      inferred_all = shape->parameter_types_known;
    } else if (s.kind == statement_kind::show) {
      auto shown = parameters_.show(s.fields());
      if (!shown)
        return fail(shown.error());
      p.columns = shown->columns;
      p.returns_rows = true;
    } else if (s.kind == statement_kind::sql_prepare && s.node_type() == "FetchStmt" &&
               !s.fields().value("ismove", false)) {
      // FETCH answers with the rows of its cursor
      auto cursor = cursors_.find(s.fields().value("portalname", std::string()));
      if (cursor != cursors_.end()) {
        p.columns = cursor->second.outcome ? cursor->second.outcome->columns : cursor->second.described;
        p.returns_rows = true;
      }
    } else if (s.kind == statement_kind::sql_prepare && s.node_type() == "ExecuteStmt") {
      // EXECUTE answers with the rows of the statement it runs
      auto named = statements_.find(s.fields().value("name", std::string()));
      if (named != statements_.end() && named->second->returns_rows) {
        p.columns = named->second->columns;
        p.returns_rows = true;
      }
    }
    p.statement = std::move(s);
  }
  const size_t count = std::max(declared_types.size(), static_cast<size_t>(parameter_count));
  for (size_t i = 0; i < count; ++i) {
    uint32_t t = i < declared_types.size() ? declared_types[i] : 0;
    if (t == 0 || t == pg_type_oid::unknown) {  // unspecified: as the statement uses it, else text
      if (auto it = inferred.find(static_cast<int>(i + 1)); it != inferred.end())
        t = it->second;
      else if (inferred_all)
        return fail(make_pg_error("42P18", "could not determine data type of parameter $" +
                                               std::to_string(i + 1)));
    }
    p.parameter_types.push_back(t == 0 || t == pg_type_oid::unknown ? pg_type_oid::text : t);
  }
  return p;
}

result<ok_t, pg_error> extended_query::parse(const wire::parse_message& message) {
  if (!message.statement_name.empty() && statements_.count(message.statement_name))
    return fail(make_pg_error("42P05", "prepared statement \"" + message.statement_name +
                                           "\" already exists"));
  auto prepared = prepare(message.sql, message.parameter_types);
  if (!prepared)
    return fail(prepared.error());
  statements_[message.statement_name] =
      std::make_shared<const prepared_statement>(std::move(*prepared));
  out_.write(wire::parse_complete());
  return ok_v;
}

result<std::vector<sql_value>, pg_error> extended_query::decode_parameters(
    const wire::bind_message& message, const prepared_statement& statement) {
  std::vector<sql_value> values;
  for (size_t i = 0; i < message.parameters.size(); ++i) {
    const auto& raw = message.parameters[i];
    if (!raw) {
      values.emplace_back(sql_null{});
      continue;
    }
    const bool text_format = wire::parameter_format(message, i) == 0;
    if (text_format || received_as_client_text(statement.parameter_types[i]))
      if (auto valid = check_utf8(*raw); !valid) {
        pg_error e = valid.error();
        e.context = parameter_context(message.portal_name, i);
        return fail(std::move(e));
      }
    if (text_format) {
      // The type's input reads the text at Bind: its NOTICEs (a tsquery without lexemes).
      for (pg_error& notice : text_input_notices(dispatcher_.value_type_of(statement.parameter_types[i]), *raw))
        dispatcher_.emit_notice(std::move(notice));
      values.emplace_back(*raw);
    } else {
      auto decoded = read_binary_parameter(dispatcher_.value_type_of(statement.parameter_types[i]), *raw,
                                           i + 1, parameters_.type_settings_now());
      if (!decoded)
        return fail(decoded.error());
      values.push_back(std::move(*decoded));
    }
    // A value of a domain's array type is tested by the domain at Bind, as PostgreSQL's.
    if (auto checked = dispatcher_.check_domain_array_parameter(statement.parameter_types[i], values.back());
        !checked) {
      pg_error e = checked.error();
      e.context = parameter_context(message.portal_name, i);
      return fail(std::move(e));
    }
  }
  return values;
}

result<ok_t, pg_error> extended_query::bind(const wire::bind_message& message) {
  auto it = statements_.find(message.statement_name);
  if (it == statements_.end())
    return fail(make_pg_error("26000", statement_label(message.statement_name) + " does not exist"));
  const prepared_statement& statement = *it->second;
  if (aborted_and_not_an_exit(dispatcher_.transaction().state(), statement.statement))
    return fail(aborted_block());
  if (message.parameters.size() != statement.parameter_types.size())
    return fail(make_pg_error(
        "08P01", "bind message supplies " + std::to_string(message.parameters.size()) +
                     " parameters, but " + statement_label(message.statement_name) + " requires " +
                     std::to_string(statement.parameter_types.size())));
  for (int16_t format : message.result_formats)
    if (format != 0 && format != 1)
      return fail(make_pg_error("22023", "unsupported format code: " + std::to_string(format)));
  if (!message.portal_name.empty() && portals_.count(message.portal_name))
    return fail(make_pg_error("42P03", "portal \"" + message.portal_name + "\" already exists"));
  auto values = decode_parameters(message, statement);
  if (!values)
    return fail(values.error());
  portal p;
  p.statement = it->second;
  p.parameters = std::move(*values);
  p.result_formats = message.result_formats;
  portals_[message.portal_name] = std::move(p);
  out_.write(wire::bind_complete());
  return ok_v;
}

result<ok_t, pg_error> extended_query::run_portal(portal& p) {
  statement_situation situation;
  situation.in_batch = true;
  situation.parameters = p.parameters;
  situation.result_formats = p.result_formats;
  situation.parameter_types = p.statement->parameter_types;
  auto outcome = p.statement->statement->kind == statement_kind::sql_prepare
                     ? run_sql_command(*p.statement->statement, situation)
                     : dispatcher_.run(*p.statement->statement, situation);
  if (!outcome)
    return fail(outcome.error());
  // Outcomes made outside the query executor (SHOW) are text columns, whose
  // binary form is the same bytes.
  for (size_t c = 0; c < outcome->columns.size(); ++c) {
    result_column& column = outcome->columns[c];
    const int16_t wanted = p.result_formats.empty()      ? 0
                           : p.result_formats.size() == 1 ? p.result_formats[0]
                           : c < p.result_formats.size()  ? p.result_formats[c]
                                                           : 0;
    if (wanted != column.format && column.type_oid == pg_type_oid::text)
      column.format = wanted;
  }
  p.outcome = std::move(*outcome);
  return ok_v;
}

result<ok_t, pg_error> extended_query::describe(const wire::describe_message& message) {
  if (message.kind == 'S') {
    auto it = statements_.find(message.name);
    if (it == statements_.end())
      return fail(make_pg_error("26000", statement_label(message.name) + " does not exist"));
    out_.write(wire::parameter_description(it->second->parameter_types));
    if (it->second->returns_rows)
      send_row_description(out_, it->second->columns);
    else
      out_.write(wire::no_data());
    return ok_v;
  }
  auto it = portals_.find(message.name);
  if (it == portals_.end())
    return fail(make_pg_error("34000", "portal \"" + message.name + "\" does not exist"));
  portal& p = it->second;
  if (!p.statement->returns_rows) {
    out_.write(wire::no_data());
    return ok_v;
  }
  if (!p.outcome)
    if (auto r = run_portal(p); !r)
      return r;
  send_row_description(out_, p.outcome->columns);
  return ok_v;
}

result<ok_t, pg_error> extended_query::execute(const wire::execute_message& message) {
  auto it = portals_.find(message.portal_name);
  if (it == portals_.end())
    return fail(make_pg_error("34000", "portal \"" + message.portal_name + "\" does not exist"));
  portal& p = it->second;
  if (!p.statement->statement) {
    out_.write(wire::empty_query_response());
    return ok_v;
  }
  if (!p.outcome)
    if (auto r = run_portal(p); !r)
      return r;
  const command_outcome& outcome = *p.outcome;
  size_t end = outcome.rows.size();
  if (message.max_rows > 0)
    end = std::min(end, p.rows_sent + static_cast<size_t>(message.max_rows));
  send_data_rows(out_, outcome, p.rows_sent, end);
  p.rows_sent = end;
  if (p.rows_sent < outcome.rows.size())
    out_.write(wire::portal_suspended());
  else
    out_.write(wire::command_complete(outcome.tag));
  return ok_v;
}

result<ok_t, pg_error> extended_query::close(const wire::close_message& message) {
  if (message.kind == 'S')
    statements_.erase(message.name);
  else
    portals_.erase(message.name);
  out_.write(wire::close_complete());
  return ok_v;
}

result<ok_t, pg_error> extended_query::sync() {
  auto r = dispatcher_.end_batch();
  if (dispatcher_.transaction().state() == block_state::idle)
    portals_.clear();  // portals live only as long as their transaction
  return r;
}

std::string extended_query::source_text(char kind, const std::string& name) const {
  if (kind == 'P') {
    auto it = portals_.find(name);
    return it == portals_.end() || !it->second.statement ? std::string{} : it->second.statement->source_text;
  }
  auto it = statements_.find(name);
  return it == statements_.end() ? std::string{} : it->second->source_text;
}

}  // namespace tributary
