#include "pbm/app/csv.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "pbm/app/shortest_double.h"
#include "pbm/core/errors.h"

namespace pbm {

std::string formatNumber(double v) {
#if defined(PBM_NO_FLOAT_TO_CHARS)  // (cmake/PbmWeb.cmake)
  return shortestDouble(v);
#else
  char buf[64];
  // Shortest representation that reads back to the same double.
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
#endif
}

CsvWriter::CsvWriter(std::ostream& out, const std::vector<std::string>& columns)
    : out_(out), columns_(columns.size()) {
  for (size_t i = 0; i < columns.size(); ++i) out_ << (i ? "," : "") << columns[i];
  out_ << '\n';
  flush();
}

void CsvWriter::check() {
  if (out_) return;
  throw OutputFailure("writing the CSV failed (disk full or output closed?); " +
                      std::to_string(rowsFlushed_) + " rows after the header were written");
}

void CsvWriter::flush() {
  out_.flush();
  check();
  rowsFlushed_ = rows_;
  lastFlush_ = std::chrono::steady_clock::now();
}

void CsvWriter::row(const std::vector<double>& values) {
  if (values.size() != columns_)
    throw std::logic_error("CSV row has " + std::to_string(values.size()) + " values for " +
                           std::to_string(columns_) + " columns");
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out_ << ',';
    if (!std::isnan(values[i])) out_ << formatNumber(values[i]);
  }
  out_ << '\n';
  ++rows_;
  check();
  if (rows_ == 1 || std::chrono::steady_clock::now() - lastFlush_ > std::chrono::seconds(1))
    flush();
}

}  // namespace pbm
