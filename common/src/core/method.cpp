#include "pbm/core/method.h"

#include "pbm/core/errors.h"

namespace pbm {

const MethodInfo& findMethod(const MethodList& methods, std::string_view name) {
  for (const MethodInfo& m : methods)
    if (m.name == name) return m;
  std::string known;
  for (const MethodInfo& m : methods) known += (known.empty() ? "" : ", ") + m.name;
  throw UsageError("unknown method '" + std::string(name) + "' (methods: " + known + ")");
}

std::vector<std::string> methodNames(const MethodList& methods) {
  std::vector<std::string> names;
  names.reserve(methods.size());
  for (const MethodInfo& m : methods) names.push_back(m.name);
  return names;
}

}  // namespace pbm
