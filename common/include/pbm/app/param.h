// Scene parameters: the keys of `--set key=value` and the controls of the panel
// come from one list, so the command line and the viewer accept the same
// names and the same ranges. Three kinds: a number in a range (a slider), a
// choice among named options (a combo box; `--set solver=jacobi_cg`), and a
// toggle (a checkbox; `--set rollback=off`).
#pragma once

#include <string>
#include <vector>

namespace pbm {

enum class ParamKind { Number, Choice, Toggle };

struct Param {
  std::string key;                        // snake_case, as typed after --set
  double* value = nullptr;                // Number: lives in the scene
  double min = 0.0, max = 0.0;            // Number: accepted range, inclusive unless open
  bool minOpen = false, maxOpen = false;  // Number: min (max) itself refused
  std::string help;                       // one line, with the unit
  bool logScale = false;
  bool integer = false;
  ParamKind kind = ParamKind::Number;
  int* choice = nullptr;             // Choice: index into options, lives in the scene
  std::vector<std::string> options;  // Choice: names as typed after --set
  std::vector<std::string> labels;   // Choice: what the panel shows for each option
  std::vector<std::string> aliases;  // Choice: an older spelling of each option, or empty
  bool* toggle = nullptr;            // Toggle: lives in the scene

  // A rule with other keys that the range cannot say ("equal to dim_y",
  // "below length/2"): the scene's validate() enforces it; --list-scenes and
  // the error messages print it beside the range, so a printed range never
  // promises a value that is always refused.
  std::string rule;

  // The current value as `--set` would take it ("0.25", "jacobi_cg", "on").
  std::string text() const;
  // What `--set` accepts, for --list-scenes and error messages:
  // "0 to 5", "above 0 to 5", "1 to 10, an integer; below n".
  std::string accepted() const;

  // For one line in a scene's constructor, after add():
  //   params_.add("width", &w_, 0.0, 5.0, "...").above(0);   // 0 itself refused
  //   params_.add("hit", &hit_, 0.0, 2.0, "...").needs("at most length/2");
  Param& above(double lo);
  Param& needs(std::string text);
};

// A decimal number ("1", "-2.5", "3e-4"): no hex, inf, nan or trailing text,
// which strtod would take. The one number syntax of the command line.
bool parseDecimal(const std::string& text, double& value);

// A named option of a choice parameter: the name typed after --set and the
// label the panel shows. An alias, if any, is an older spelling that --set
// still takes (a key that was a number: `model=2` for `model=quadratic`), so
// older commands keep working; it is not printed among the accepted values.
struct ParamOption {
  std::string name;
  std::string label;
  std::string alias = {};
};

class ParamList {
 public:
  // Registers a parameter; the value must outlive the list (a scene member).
  Param& add(std::string key, double* value, double min, double max, std::string help);
  Param& choice(std::string key, int* index, std::vector<ParamOption> options, std::string help);
  Param& toggle(std::string key, bool* on, std::string help);
  Param* find(const std::string& key);
  const std::vector<Param>& all() const { return params_; }
  std::vector<Param>& all() { return params_; }

  // Parses "key=value"; throws UsageError naming the accepted keys or values.
  void set(const std::string& assignment);
  // "a, b, c" for error messages.
  std::string keys() const;

 private:
  std::vector<Param> params_;
};

}  // namespace pbm
