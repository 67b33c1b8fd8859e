// Tests that read a headless run's CSV back: its numbers, row by row.
#pragma once
#include <limits>
#include <sstream>
#include <string>
#include <vector>

namespace pbm_test {

// The CSV's numbers, row by row (the header dropped); an empty cell is NaN,
// "inf" reads as infinity.
inline std::vector<std::vector<double>> csvRows(const std::string& text) {
  std::vector<std::vector<double>> rows;
  std::istringstream in(text);
  std::string line, cell;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::vector<double> row;
    std::istringstream cells(line);
    while (std::getline(cells, cell, ','))
      row.push_back(cell.empty() ? std::numeric_limits<double>::quiet_NaN() : std::stod(cell));
    if (!line.empty() && line.back() == ',')
      row.push_back(std::numeric_limits<double>::quiet_NaN());
    rows.push_back(row);
  }
  return rows;
}

}  // namespace pbm_test
