// role_graph: see the header.
#include "stages/auth/role_graph.hpp"

#include <algorithm>

namespace tributary {

std::vector<int64_t> roles_of_member(const std::vector<role_grant>& grants, int64_t member) {
  std::vector<int64_t> found{member};
  // Breadth first over "member -> roles it was granted"; `found` doubles as the queue.
  for (size_t next = 0; next < found.size(); ++next)
    for (const auto& g : grants)
      if (g.member == found[next] && std::find(found.begin(), found.end(), g.role) == found.end())
        found.push_back(g.role);
  return found;
}

std::vector<int64_t> roles_with_privileges_of(const std::vector<role_grant>& grants, int64_t member,
                                              const std::function<bool(int64_t)>& inherits) {
  std::vector<int64_t> found{member};
  for (size_t next = 0; next < found.size(); ++next) {
    if (!inherits(found[next]))
      continue;
    for (const auto& g : grants)
      if (g.member == found[next] && std::find(found.begin(), found.end(), g.role) == found.end())
        found.push_back(g.role);
  }
  return found;
}

bool is_member_of(const std::vector<role_grant>& grants, int64_t member, int64_t role) {
  const auto roles = roles_of_member(grants, member);
  return std::find(roles.begin(), roles.end(), role) != roles.end();
}

bool is_admin_of(const std::vector<role_grant>& grants, int64_t member, int64_t role) {
  for (int64_t r : roles_of_member(grants, member))
    for (const auto& g : grants)
      if (g.member == r && g.role == role && g.admin_option)
        return true;
  return false;
}

}  // namespace tributary
