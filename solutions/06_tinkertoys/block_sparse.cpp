// Constrained Dynamics §4.2: the two products a block-sparse matrix needs.
// Each is one loop over the block list; cost O(nnz), whatever the shape of
// the structure. Zero y first: blocks only ever add into it.
//
// The blocks are tiny (1 x 2, 2 x 2; 1 x 6 for rigid bodies), so plain loops
// beat Eigen's general dynamic-size product, which would also build a
// temporary per block unless told .noalias() (the benchmark BM_MatvecRatio
// measures the difference). The 1 x 2 row of a rod or a wire is by far the
// most common block in 2D, so it gets its own branch.
#include "pbm/constraints/block_sparse.h"

namespace pbm {

template <int MaxRows, int MaxCols>
void BlockSparseMatrixT<MaxRows, MaxCols>::multiply(const Eigen::VectorXd& x,
                                                    Eigen::VectorXd& y) const {
  y.setZero(rows);
  for (const auto& b : blocks) {
    const double* a = b.data.data();  // column-major
    const int il = b.ilength(), jl = b.jlength();
    if (il == 1 && jl == 2) {  // a rod's or a wire's row: the common case in 2D
      y[b.i] += a[0] * x[b.j] + a[1] * x[b.j + 1];
      continue;
    }
    for (int c = 0; c < jl; ++c) {
      const double xc = x[b.j + c];
      for (int r = 0; r < il; ++r) y[b.i + r] += a[c * il + r] * xc;
    }
  }
}

template <int MaxRows, int MaxCols>
void BlockSparseMatrixT<MaxRows, MaxCols>::multiplyTranspose(const Eigen::VectorXd& x,
                                                             Eigen::VectorXd& y) const {
  y.setZero(cols);
  for (const auto& b : blocks) {
    const double* a = b.data.data();
    const int il = b.ilength(), jl = b.jlength();
    if (il == 1 && jl == 2) {
      y[b.j] += a[0] * x[b.i];
      y[b.j + 1] += a[1] * x[b.i];
      continue;
    }
    for (int c = 0; c < jl; ++c) {
      double s = 0.0;
      for (int r = 0; r < il; ++r) s += a[c * il + r] * x[b.i + r];
      y[b.j + c] += s;
    }
  }
}

// The shapes block_sparse.h declares.
template class BlockSparseMatrixT<2, 2>;
template class BlockSparseMatrixT<1, 6>;

}  // namespace pbm
