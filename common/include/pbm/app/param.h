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
  std::string key;              // snake_case, as typed after --set
  double* value = nullptr;      // Number: lives in the scene
  double min = 0.0, max = 0.0;  // Number: accepted range, inclusive
  std::string help;             // one line, with the unit
  bool logScale = false;
  bool integer = false;
  ParamKind kind = ParamKind::Number;
  int* choice = nullptr;             // Choice: index into options, lives in the scene
  std::vector<std::string> options;  // Choice: names as typed after --set
  std::vector<std::string> labels;   // Choice: what the panel shows for each option
  bool* toggle = nullptr;            // Toggle: lives in the scene

  // The current value as `--set` would take it ("0.25", "jacobi_cg", "on").
  std::string text() const;
  // What `--set` accepts, for --list-scenes and error messages.
  std::string accepted() const;
};

// A named option of a choice parameter: the name typed after --set and the
// label the panel shows.
struct ParamOption {
  std::string name;
  std::string label;
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
