// pbm::shortestDouble (the web build's CSV numbers, issue 37) against the
// standard library's own std::to_chars, on the values a CSV holds: random
// bit patterns, round decimals, integers, powers of two and ten, the
// subnormals, the signs of zero and the non-finite ones.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "pbm/app/shortest_double.h"

namespace {

#if !defined(PBM_NO_FLOAT_TO_CHARS)
std::string reference(double v) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
}
#endif

double fromBits(std::uint64_t bits) {
  double v;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

}  // namespace

// What GCC's and Clang's libraries write, for a library without one.
TEST(ShortestDouble, KnownValues) {
  const struct {
    double v;
    const char* text;
  } known[] = {{0.0, "0"},
               {-0.0, "-0"},
               {1.0, "1"},
               {0.1, "0.1"},
               {1e5, "1e+05"},
               {1e-4, "1e-04"},
               {1e-5, "1e-05"},
               {123456.0, "123456"},
               {9.81, "9.81"},
               {-2.5, "-2.5"},
               {1e21, "1e+21"},
               {5e-324, "5e-324"},
               {0x1p60, "1152921504606846976"},
               {0x1p-24, "5.960464477539063e-08"},
               {2.0 / 3.0, "0.6666666666666666"}};
  for (const auto& k : known) EXPECT_EQ(pbm::shortestDouble(k.v), k.text) << "the value " << k.text;
}

// A power of two has its lower neighbour twice as close as its upper one: its
// shortest digits may round away from it (2^-24 is 5.960464477539063e-08,
// while printf's correctly rounded 16 digits, ...062, read back as the
// double below). Every power of two, either sign, and its two neighbours.
TEST(ShortestDouble, PowersOfTwoAndTheirNeighboursAsToChars) {
#if defined(PBM_NO_FLOAT_TO_CHARS)
  GTEST_SKIP() << "this C++ library has no std::to_chars for a double to compare with "
                  "(emscripten 3.1's libc++): KnownValues checks the text instead";
#else
  for (int e = -1074; e <= 1023; ++e) {
    const double p = std::ldexp(1.0, e);
    for (double v : {p, std::nextafter(p, 0.0), std::nextafter(p, HUGE_VAL)}) {
      if (v == 0.0) continue;
      EXPECT_EQ(pbm::shortestDouble(v), reference(v)) << "2^" << e;
      EXPECT_EQ(pbm::shortestDouble(-v), reference(-v)) << "-2^" << e;
    }
  }
#endif
}

TEST(ShortestDouble, SpecialValuesAsToChars) {
#if defined(PBM_NO_FLOAT_TO_CHARS)
  GTEST_SKIP() << "this C++ library has no std::to_chars for a double to compare with "
                  "(emscripten 3.1's libc++): KnownValues checks the text instead";
#else
  const double inf = std::numeric_limits<double>::infinity();
  for (double v : {0.0,
                   -0.0,
                   inf,
                   -inf,
                   1.0,
                   -1.0,
                   0.1,
                   1e5,
                   1e-4,
                   1e-5,
                   123456.0,
                   1e21,
                   1e22,
                   5e-324,
                   std::numeric_limits<double>::max(),
                   std::numeric_limits<double>::min(),
                   9.81,
                   0.3,
                   2.0 / 3.0,
                   100.0,
                   1234567890123456789.0}) {
    EXPECT_EQ(pbm::shortestDouble(v), reference(v)) << "the value " << reference(v);
  }
  EXPECT_EQ(pbm::shortestDouble(std::numeric_limits<double>::quiet_NaN()), "nan");
#endif
}

namespace {

// The i-th of a test's sample: any finite bit pattern, a short decimal (as a
// scene's parameters are), an integer, a power of two or its neighbour.
double sampleDouble(std::mt19937_64& rng, int i) {
  std::uniform_int_distribution<int> digits(1, 17), power(-30, 30);
  double v;
  switch (i % 4) {
    case 0:
      do v = fromBits(rng());
      while (!std::isfinite(v));
      return v;
    case 1:
      return std::round(std::ldexp(static_cast<double>(rng() >> 11), -53) *
                        std::pow(10.0, digits(rng))) *
             std::pow(10.0, power(rng));
    case 2:
      return static_cast<double>(static_cast<std::int64_t>(rng() >> (rng() % 64)));
    default:
      return std::nextafter(std::ldexp(1.0, power(rng) * 30), (rng() & 1) ? 0.0 : 1e300);
  }
}

}  // namespace

TEST(ShortestDouble, ManyRandomDoublesAsToChars) {
#if defined(PBM_NO_FLOAT_TO_CHARS)
  GTEST_SKIP() << "this C++ library has no std::to_chars for a double to compare with "
                  "(emscripten 3.1's libc++): KnownValues checks the text instead";
#else
  std::mt19937_64 rng(37);
  int wrong = 0;
  for (int i = 0; i < 100000 && wrong < 5; ++i) {
    const double v = sampleDouble(rng, i);
    if (pbm::shortestDouble(v) != reference(v)) {
      ++wrong;
      ADD_FAILURE() << "case " << i << ": to_chars writes " << reference(v) << ", shortestDouble "
                    << pbm::shortestDouble(v);
    }
  }
#endif
}

// Under emscripten the digits come from JavaScript's toExponential(); the
// independent search by printf and strtod must give the same text.
TEST(ShortestDouble, JavaScriptDigitsAsTheSearch) {
#if !defined(__EMSCRIPTEN__)
  GTEST_SKIP() << "natively shortestDouble is the search itself (ManyRandomDoublesAsToChars "
                  "checks it against to_chars)";
#else
  std::mt19937_64 rng(38);
  int wrong = 0;
  for (int i = 0; i < 20000 && wrong < 5; ++i) {
    const double v = sampleDouble(rng, i);
    if (pbm::shortestDouble(v) != pbm::shortestDoubleBySearch(v)) {
      ++wrong;
      ADD_FAILURE() << "case " << i << ": the search writes " << pbm::shortestDoubleBySearch(v)
                    << ", from JavaScript's digits " << pbm::shortestDouble(v);
    }
  }
#endif
}
