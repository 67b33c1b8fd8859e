// Exercise 06 · BlockSparseMatrixT::multiply, multiplyTranspose (CD §4.2)
//
// The two products a block-sparse matrix needs. Each is one loop over the block
// list. Zero y first (its size is `rows` for A x and `cols` for A^T x), then for
// every block b:
//   A x:    y.segment(b.i, b.ilength()) += b.data * x.segment(b.j, b.jlength())
//   A^T x:  y.segment(b.j, b.jlength()) += b.data^T * x.segment(b.i, b.ilength())
// The class is a template on the largest block shape (2 x 2 for particles,
// 1 x 6 for rigid bodies); write the bodies once, for any shape.
//
// Symbols: A (rows x cols, blocks {i, j, data}), x (Eigen::VectorXd: cols for A x, rows for A^T x),
//   y (rows, resp. cols)
// Tests: Ch06BlockSparse.* (tests/06_tinkertoys_test_solve.cpp)
//   build/bin/ch06_tests --gtest_filter='Ch06BlockSparse.*'
#include "pbm/constraints/block_sparse.h"
#include "pbm/core/exercise.h"

namespace pbm {

template <int MaxRows, int MaxCols>
void BlockSparseMatrixT<MaxRows, MaxCols>::multiply(const Eigen::VectorXd& /*x*/,
                                                    Eigen::VectorXd& /*y*/) const {
  PBM_TODO(
      "BlockSparseMatrix::multiply",
      "CD §4.2: y = 0 (size rows); for each block: y.segment(i, il) += data * x.segment(j, jl)");
}

template <int MaxRows, int MaxCols>
void BlockSparseMatrixT<MaxRows, MaxCols>::multiplyTranspose(const Eigen::VectorXd& /*x*/,
                                                             Eigen::VectorXd& /*y*/) const {
  PBM_TODO(
      "BlockSparseMatrix::multiplyTranspose",
      "CD §4.2: y = 0 (size cols); for each block: y.segment(j, jl) += data^T * x.segment(i, il)");
}

// The shapes block_sparse.h declares: keep these two lines.
template class BlockSparseMatrixT<2, 2>;
template class BlockSparseMatrixT<1, 6>;

}  // namespace pbm
