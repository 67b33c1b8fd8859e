// CSV output of headless runs (README.md, "One command line for every
// chapter"): a header row with `t` first and snake_case names in SI units,
// then one row per step. NaN is written as an empty cell (a column with no
// closed form for this scene). Every write is checked: a full disk or a
// closed pipe is an OutputFailure, never a silent success. The header and
// the first row are flushed at once and the rest at least once a second, so a
// run killed half-way leaves what it had computed.
#pragma once

#include <chrono>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

namespace pbm {

// The empty cell: a scene's csvRow puts this where a column has no value for
// it (no closed form, no contact), and CsvWriter writes nothing there.
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

class CsvWriter {
 public:
  CsvWriter(std::ostream& out, const std::vector<std::string>& columns);
  // Throws std::logic_error if the row has the wrong number of values,
  // OutputFailure if the stream failed.
  void row(const std::vector<double>& values);
  // Flushes; throws OutputFailure naming the rows that did land.
  void flush();
  long long rows() const { return rows_; }

 private:
  void check();

  std::ostream& out_;
  size_t columns_;
  long long rows_ = 0;
  long long rowsFlushed_ = 0;
  std::chrono::steady_clock::time_point lastFlush_;
  std::string line_;  // the row being written (its memory kept between rows)
};

// Shortest decimal text that reads back to the same double ("%.17g" trimmed).
std::string formatNumber(double v);

}  // namespace pbm
