// CSV output of headless runs (DESIGN.md): a header row with `t` first and
// snake_case names in SI units, then one row per step. NaN is written as an
// empty cell (a column with no closed form for this scene).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace pbm {

class CsvWriter {
 public:
  CsvWriter(std::ostream& out, const std::vector<std::string>& columns);
  // Throws std::logic_error if the row has the wrong number of values.
  void row(const std::vector<double>& values);
  long rows() const { return rows_; }

 private:
  std::ostream& out_;
  size_t columns_;
  long rows_ = 0;
};

// Shortest decimal text that reads back to the same double ("%.17g" trimmed).
std::string formatNumber(double v);

}  // namespace pbm
