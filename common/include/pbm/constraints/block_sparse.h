// Chapter 06: block-sparse matrices (Constrained Dynamics §4.2, Fig. 3).
// A constraint's derivative with respect to one particle is a small dense
// block at (row of the constraint, column of the particle); J and Jdot are
// lists of such blocks, never dense matrices. The method needs only two
// operations on them, y = A x and y = A^T x (§4.4): those are the student
// functions (solutions/06_tinkertoys/block_sparse.cpp).
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <stdexcept>
#include <vector>

namespace pbm {

// A block's entries: at most 2 x 2 in 2D (a particle owns 2 columns, no
// constraint of the catalogue has more than 2 rows). Stored inline, so the
// block list is one contiguous array, as cache-friendly as Eigen's
// compressed sparse storage (BM_MatvecRatio in the chapter's benchmark).
using BlockData = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor, 2, 2>;

// One block: rows i .. i + ilength - 1, columns j .. j + jlength - 1 of the
// global matrix, with ilength = data.rows(), jlength = data.cols() (§4.2).
struct MatrixBlock {
  int i = 0, j = 0;
  BlockData data;
  int ilength() const { return static_cast<int>(data.rows()); }
  int jlength() const { return static_cast<int>(data.cols()); }
};

class BlockSparseMatrix {
 public:
  int rows = 0, cols = 0;  // size of the global matrix
  std::vector<MatrixBlock> blocks;

  void reset(int nRows, int nCols) {
    rows = nRows;
    cols = nCols;
    blocks.clear();
  }
  // Creates a zero block and returns its index in `blocks` (§4.3: a constraint
  // creates its blocks when it is added, then only writes their data).
  int createBlock(int i, int j, int ilength, int jlength) {
    if (ilength < 1 || ilength > 2 || jlength < 1 || jlength > 2)
      throw std::invalid_argument("createBlock: blocks are at most 2 x 2 in 2D");
    blocks.push_back({i, j, BlockData::Zero(ilength, jlength)});
    return static_cast<int>(blocks.size()) - 1;
  }
  // Stored entries (explicit zeros included): the cost of one product.
  long nnz() const {
    long n = 0;
    for (const auto& b : blocks) n += static_cast<long>(b.data.size());
    return n;
  }

  // --- student functions (§4.2): both zero y first, then loop over blocks.
  // y = A x:    y.segment(i, ilength) += data * x.segment(j, jlength)
  void multiply(const Eigen::VectorXd& x, Eigen::VectorXd& y) const;
  // y = A^T x:  y.segment(j, jlength) += data^T * x.segment(i, ilength)
  void multiplyTranspose(const Eigen::VectorXd& x, Eigen::VectorXd& y) const;

  // --- conversions for tests, benchmarks and the matrix pane (not used by the solver)
  Eigen::MatrixXd toDense() const {
    Eigen::MatrixXd A = Eigen::MatrixXd::Zero(rows, cols);
    for (const auto& b : blocks) A.block(b.i, b.j, b.ilength(), b.jlength()) += b.data;
    return A;
  }
  Eigen::SparseMatrix<double> toSparse() const {
    std::vector<Eigen::Triplet<double>> t;
    t.reserve(static_cast<size_t>(nnz()));
    for (const auto& b : blocks)
      for (int r = 0; r < b.ilength(); ++r)
        for (int c = 0; c < b.jlength(); ++c) t.emplace_back(b.i + r, b.j + c, b.data(r, c));
    Eigen::SparseMatrix<double> A(rows, cols);
    A.setFromTriplets(t.begin(), t.end());
    return A;
  }
};

}  // namespace pbm
