#include "pbm/app/param.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "pbm/app/csv.h"
#include "pbm/core/errors.h"

namespace pbm {

namespace {

std::string joinedOptions(const std::vector<std::string>& options) {
  std::string out;
  for (const auto& o : options) out += (out.empty() ? "" : "|") + o;
  return out;
}

}  // namespace

bool parseDecimal(const std::string& text, double& value) {
  // Decimal numbers only: strtod would also take hex ("0x1"), "inf" and "nan".
  if (text.empty()) return false;
  for (char c : text)
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' ||
          c == 'e' || c == 'E'))
      return false;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (*end != '\0' || !std::isfinite(v)) return false;
  value = v;
  return true;
}

std::string Param::text() const {
  switch (kind) {
    case ParamKind::Choice:
      return options[static_cast<size_t>(*choice)];
    case ParamKind::Toggle:
      return *toggle ? "on" : "off";
    case ParamKind::Number:
      break;
  }
  return formatNumber(*value);
}

std::string Param::accepted() const {
  switch (kind) {
    case ParamKind::Choice:
      return joinedOptions(options);
    case ParamKind::Toggle:
      return "on|off";
    case ParamKind::Number:
      break;
  }
  // An open end is printed as such: the range printed holds accepted values only.
  std::string range = minOpen ? "above " + formatNumber(min) : formatNumber(min);
  range += maxOpen ? " to below " + formatNumber(max) : " to " + formatNumber(max);
  if (integer) range += ", an integer";
  if (!rule.empty()) range += "; " + rule;
  return range;
}

Param& Param::above(double lo) {
  min = lo;
  minOpen = true;
  return *this;
}

Param& Param::needs(std::string text) {
  rule = std::move(text);
  return *this;
}

Param& ParamList::add(std::string key, double* value, double min, double max, std::string help) {
  Param p;
  p.key = std::move(key);
  p.value = value;
  p.min = min;
  p.max = max;
  p.help = std::move(help);
  params_.push_back(std::move(p));
  return params_.back();
}

Param& ParamList::choice(std::string key, int* index, std::vector<ParamOption> options,
                         std::string help) {
  Param p;
  p.key = std::move(key);
  p.help = std::move(help);
  p.kind = ParamKind::Choice;
  p.choice = index;
  for (auto& o : options) {
    p.options.push_back(std::move(o.name));
    p.labels.push_back(std::move(o.label));
    p.aliases.push_back(std::move(o.alias));
  }
  params_.push_back(std::move(p));
  return params_.back();
}

Param& ParamList::toggle(std::string key, bool* on, std::string help) {
  Param p;
  p.key = std::move(key);
  p.help = std::move(help);
  p.kind = ParamKind::Toggle;
  p.toggle = on;
  params_.push_back(std::move(p));
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
  if (p->kind == ParamKind::Choice) {
    for (size_t i = 0; i < p->options.size(); ++i)
      if (p->options[i] == text ||
          (i < p->aliases.size() && !p->aliases[i].empty() && p->aliases[i] == text)) {
        *p->choice = static_cast<int>(i);
        return;
      }
    throw UsageError("--set " + key + ": unknown option '" + text +
                     "'; accepted: " + p->accepted() + " (" + p->help + ")");
  }
  if (p->kind == ParamKind::Toggle) {
    // 1 and 0 too, so the commands of older lessons keep working.
    if (text == "on" || text == "1") {
      *p->toggle = true;
    } else if (text == "off" || text == "0") {
      *p->toggle = false;
    } else {
      throw UsageError("--set " + key + ": '" + text + "' is not on or off (" + p->help + ")");
    }
    return;
  }
  double v = 0;
  if (!parseDecimal(text, v))
    throw UsageError("--set " + key + ": '" + text + "' is not a decimal number; accepted: " +
                     p->accepted() + " (" + p->help + ")");
  const bool below = p->minOpen ? !(v > p->min) : v < p->min;
  const bool beyond = p->maxOpen ? !(v < p->max) : v > p->max;
  if (below || beyond)
    throw UsageError("--set " + key + "=" + text + " is out of range: accepted " + p->accepted() +
                     " (" + p->help + ")");
  if (p->integer && v != std::floor(v))
    throw UsageError("--set " + key + "=" + text + " is not an integer; accepted " + p->accepted() +
                     " (" + p->help + ")");
  *p->value = v;
}

}  // namespace pbm
