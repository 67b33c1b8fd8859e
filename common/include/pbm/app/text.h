// printf-style formatting into a std::string, for the scenes' labels, HUD
// lines and messages. A C variadic function rather than a template so that the
// compiler checks every call's format string against its arguments
// (-Wformat): an int passed to %g is an error here, not undefined behaviour.
#pragma once

#include <string>

namespace pbm {

// The check's dialect: GCC and Clang know printf's; under MinGW `printf` means
// Microsoft's old one (no %zu, %lld), while the C++ library there formats as
// C99 does (__USE_MINGW_ANSI_STDIO), so it is `gnu_printf`; MSVC has no such
// attribute.
#if defined(__MINGW32__)
#define PBM_PRINTF_FORMAT(fmt, args) __attribute__((format(gnu_printf, fmt, args)))
#elif defined(__GNUC__)
#define PBM_PRINTF_FORMAT(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define PBM_PRINTF_FORMAT(fmt, args)
#endif

std::string format(const char* fmt, ...) PBM_PRINTF_FORMAT(1, 2);

}  // namespace pbm
