// Scene parameters: the keys of `--set key=value` and the sliders of the panel
// come from one list, so the command line and the viewer accept the same
// names and the same ranges.
#pragma once

#include <string>
#include <vector>

namespace pbm {

struct Param {
  std::string key;   // snake_case, as typed after --set
  double* value;     // lives in the scene
  double min, max;   // accepted range, inclusive
  std::string help;  // one line, with the unit
  bool logScale = false;
  bool integer = false;
};

class ParamList {
 public:
  // Registers a parameter; `value` must outlive the list (a scene member).
  Param& add(std::string key, double* value, double min, double max, std::string help);
  Param* find(const std::string& key);
  const std::vector<Param>& all() const { return params_; }
  std::vector<Param>& all() { return params_; }

  // Parses "key=value"; throws UsageError naming the accepted keys or range.
  void set(const std::string& assignment);
  // "a, b, c" for error messages.
  std::string keys() const;

 private:
  std::vector<Param> params_;
};

}  // namespace pbm
