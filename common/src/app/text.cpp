#include "pbm/app/text.h"

#include <cstdarg>
#include <cstdio>

namespace pbm {

std::string format(const char* fmt, ...) {
  // Measure, then write: no length limit on the result.
  va_list args;
  va_start(args, fmt);
  va_list again;
  va_copy(again, args);
  const int n = std::vsnprintf(nullptr, 0, fmt, args);
  va_end(args);
  std::string out;
  if (n > 0) {
    out.resize(static_cast<size_t>(n));
    std::vsnprintf(out.data(), out.size() + 1, fmt, again);
  }
  va_end(again);
  return out;
}

}  // namespace pbm
