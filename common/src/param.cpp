#include "pbm/app/param.h"

#include <cmath>
#include <cstdlib>
#include <sstream>

#include "pbm/app/csv.h"
#include "pbm/core/errors.h"

namespace pbm {

Param& ParamList::add(std::string key, double* value, double min, double max, std::string help) {
  params_.push_back(Param{std::move(key), value, min, max, std::move(help)});
  return params_.back();
}

Param* ParamList::find(const std::string& key) {
  for (auto& p : params_)
    if (p.key == key) return &p;
  return nullptr;
}

std::string ParamList::keys() const {
  std::string out;
  for (const auto& p : params_) out += (out.empty() ? "" : ", ") + p.key;
  return out.empty() ? "(none)" : out;
}

void ParamList::set(const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw UsageError("--set expects key=value, got '" + assignment + "'; keys: " + keys());
  const std::string key = assignment.substr(0, eq);
  const std::string text = assignment.substr(eq + 1);
  Param* p = find(key);
  if (!p) throw UsageError("unknown key '" + key + "' for --set; this scene accepts: " + keys());
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(v))
    throw UsageError("--set " + key + ": '" + text + "' is not a number (" + p->help + ")");
  if (v < p->min || v > p->max)
    throw UsageError("--set " + key + "=" + text + " is out of range: accepted " +
                     formatNumber(p->min) + " to " + formatNumber(p->max) + " (" + p->help + ")");
  if (p->integer && v != std::floor(v))
    throw UsageError("--set " + key + "=" + text + ": an integer is expected (" + p->help + ")");
  *p->value = v;
}

}  // namespace pbm
