#include "pbm/app/csv.h"

#include <charconv>
#include <cmath>
#include <stdexcept>

#include "pbm/app/shortest_double.h"
#include "pbm/core/errors.h"

namespace pbm {

namespace {

// The shortest text that reads back to the same double, appended.
void appendNumber(std::string& line, double v) {
  char text[64];
#if defined(PBM_NO_FLOAT_TO_CHARS)  // (cmake/PbmWeb.cmake)
  line.append(text, static_cast<size_t>(shortestDouble(v, text)));
#else
  const auto res = std::to_chars(text, text + sizeof text, v);
  line.append(text, res.ptr);
#endif
}

}  // namespace

std::string formatNumber(double v) {
  std::string text;
  appendNumber(text, v);
  return text;
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
  // The row is put together in one buffer and written at once: a stream's
  // insertions cost per call, and a run writes millions of cells.
  line_.clear();
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) line_ += ',';
    if (!std::isnan(values[i])) appendNumber(line_, values[i]);
  }
  line_ += '\n';
  out_.write(line_.data(), static_cast<std::streamsize>(line_.size()));
  ++rows_;
  check();
  if (rows_ == 1 || std::chrono::steady_clock::now() - lastFlush_ > std::chrono::seconds(1))
    flush();
}

}  // namespace pbm
