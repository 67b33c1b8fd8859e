// EXPECT_VEC_NEAR(got, want, tol): |got - want| <= tol (Euclidean norm), for
// Eigen vectors and matrices; EXPECT_VEC_REL(got, want, rel): the same with
// tol = rel |want|. A failure prints the expected and the computed value,
// their distance and tol, or their sizes when they differ; a NaN fails.
// Shared by the chapter tests.
#pragma once

#include <gtest/gtest.h>

#include <Eigen/Core>
#include <algorithm>

namespace pbm_test {

template <class Got, class Want>
::testing::AssertionResult vecNear(const char* gotExpr, const char* wantExpr, const char* tolExpr,
                                   const Got& got, const Want& want, double tol) {
  if (got.rows() != want.rows() || got.cols() != want.cols())
    return ::testing::AssertionFailure()
           << "expected " << wantExpr << " of size " << want.rows() << " x " << want.cols()
           << ", got " << gotExpr << " of size " << got.rows() << " x " << got.cols();
  const double d = (got - want).norm();
  if (d <= tol) return ::testing::AssertionSuccess();
  const Eigen::IOFormat f(Eigen::FullPrecision, Eigen::DontAlignCols, ", ", "; ", "", "", "(", ")");
  return ::testing::AssertionFailure()
         << "expected " << wantExpr << " = " << want.format(f) << "\n     got " << gotExpr << " = "
         << got.format(f) << "\n  |got - expected| = " << d << " > " << tolExpr << " = " << tol;
}

}  // namespace pbm_test

#define EXPECT_VEC_NEAR(got, want, tol) EXPECT_PRED_FORMAT3(::pbm_test::vecNear, got, want, tol)
#define ASSERT_VEC_NEAR(got, want, tol) ASSERT_PRED_FORMAT3(::pbm_test::vecNear, got, want, tol)
#define EXPECT_VEC_REL(got, want, rel) \
  EXPECT_PRED_FORMAT3(::pbm_test::vecNear, got, want, (rel)*std::max(1e-300, (want).norm()))
