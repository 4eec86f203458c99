// server_log: see the header.
#include "stages/core/server_log.hpp"

#include "stages/core/statement_secrets.hpp"

#include <spdlog/spdlog.h>

#include <array>
#include <cctype>
#include <optional>
#include <utility>

namespace tributary {

namespace {

constexpr std::array<std::string_view, 6> field_words = {"DETAIL", "HINT", "QUERY", "CONTEXT", "STATEMENT",
                                                         "LOCATION"};

// "DETAIL:  text" -> ("DETAIL", "text"); a line without a field word -> nullopt.
std::optional<std::pair<std::string_view, std::string_view>> field_line(std::string_view line) {
  for (std::string_view word : field_words) {
    if (line.size() <= word.size() || line.substr(0, word.size()) != word || line[word.size()] != ':')
      continue;
    std::string_view rest = line.substr(word.size() + 1);
    while (!rest.empty() && rest.front() == ' ')
      rest.remove_prefix(1);
    return std::pair{word, rest};
  }
  return std::nullopt;
}

std::string_view severity_word(spdlog::level::level_enum level) {
  switch (level) {
    case spdlog::level::trace:
    case spdlog::level::debug: return "DEBUG";
    case spdlog::level::warn: return "WARNING";
    case spdlog::level::err: return "ERROR";
    case spdlog::level::critical: return "FATAL";
    default: return "LOG";
  }
}

std::string lowercase(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string format_log_report(std::string_view prefix, std::string_view severity, std::string_view message) {
  std::string out;
  out.reserve(prefix.size() + severity.size() + message.size() + 8);
  out.append(prefix).append(severity).append(":  ");
  bool first = true;
  while (true) {
    const size_t end = message.find('\n');
    std::string_view line = message.substr(0, end);
    if (first) {
      out.append(line);
      first = false;
    } else if (auto field = field_line(line)) {
      out += '\n';
      out.append(prefix).append(field->first).append(":  ").append(field->second);
    } else {
      // PostgreSQL's append_with_tabs: a line break inside a field is followed by a tab.
      out += "\n\t";
      out.append(line);
    }
    if (end == std::string_view::npos)
      break;
    message.remove_prefix(end + 1);
    if (message.empty())
      break;  // a trailing newline (libpq's messages end with one) adds no line
  }
  out += '\n';
  return out;
}

std::string log_text_of(const pg_error& error) {
  std::string out = error.message;
  if (error.position > 0)
    out += " at character " + std::to_string(error.position);
  if (!error.detail.empty())
    out += "\nDETAIL:  " + error.detail;
  if (!error.hint.empty())
    out += "\nHINT:  " + error.hint;
  if (!error.context.empty())
    out += "\nCONTEXT:  " + error.context;
  return out;
}

int server_log_rank(std::string_view severity) {
  const std::string l = lowercase(severity);
  if (l.size() == 6 && l.rfind("debug", 0) == 0 && l[5] >= '1' && l[5] <= '5')
    return '5' - l[5];  // debug5 = 0 ... debug1 = 4
  if (l == "info") return 10;
  if (l == "notice") return 11;
  if (l == "warning") return 12;
  if (l == "error") return 13;
  if (l == "log") return 14;
  if (l == "fatal") return 15;
  if (l == "panic") return 16;
  return -1;
}

void log_client_error(const pg_error& error, std::string_view statement, std::string_view min_error_statement) {
  std::string text = log_text_of(error);
  const int rank = server_log_rank(error.severity);
  const int threshold = server_log_rank(min_error_statement);
  if (!statement.empty() && threshold >= 0 && rank >= threshold)
    text.append("\nSTATEMENT:  ").append(without_secrets(statement));
  const auto level = rank >= server_log_rank("fatal") ? spdlog::level::critical : spdlog::level::err;
  spdlog::log(level, "{}", text);
}

server_log_formatter::server_log_formatter()
    : prefix_(std::make_unique<spdlog::pattern_formatter>("%Y-%m-%d %H:%M:%S.%e UTC [%P] ",
                                                          spdlog::pattern_time_type::utc, "")) {}

void server_log_formatter::format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) {
  spdlog::details::log_msg bare = msg;
  bare.payload = {};
  spdlog::memory_buf_t prefix;
  prefix_->format(bare, prefix);
  const std::string text = format_log_report(std::string_view(prefix.data(), prefix.size()),
                                             severity_word(msg.level),
                                             std::string_view(msg.payload.data(), msg.payload.size()));
  dest.append(text.data(), text.data() + text.size());
}

std::unique_ptr<spdlog::formatter> server_log_formatter::clone() const {
  return std::make_unique<server_log_formatter>();
}

}  // namespace tributary
