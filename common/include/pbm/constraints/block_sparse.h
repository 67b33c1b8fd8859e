// Chapter 06: block-sparse matrices (Constrained Dynamics §4.2, Fig. 3).
// A constraint's derivative with respect to one particle is a small dense
// block at (row of the constraint, column of the particle); J and Jdot are
// lists of such blocks, never dense matrices. The method needs only two
// operations on them, y = A x and y = A^T x (§4.4): those are the student
// functions (solutions/06_tinkertoys/block_sparse.cpp).
//
// The largest block shape is a template parameter, because it depends on
// what owns the columns: a 2D particle owns 2 (blocks up to 2 x 2, chapter
// 06), a rigid body 6 (a contact row is 1 x 6 per body, RBII §9, chapter 10).
// Blocks are stored inline with that bound, so a block list is one contiguous
// array, as cache-friendly as Eigen's compressed sparse storage
// (BM_MatvecRatio in chapter 06's benchmark).
#pragma once

#include <Eigen/Core>
#include <Eigen/SparseCore>
#include <stdexcept>
#include <string>
#include <vector>

namespace pbm {

// One block: rows i .. i + ilength - 1, columns j .. j + jlength - 1 of the
// global matrix, with ilength = data.rows(), jlength = data.cols() (§4.2).
template <int MaxRows, int MaxCols>
struct MatrixBlockT {
  // Column-major; Eigen insists a matrix of at most one row be declared
  // row-major, which for a single row is the same memory layout.
  static constexpr int kLayout = MaxRows == 1 && MaxCols != 1 ? Eigen::RowMajor : Eigen::ColMajor;
  using Data = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, kLayout, MaxRows, MaxCols>;
  int i = 0, j = 0;
  Data data;
  int ilength() const { return static_cast<int>(data.rows()); }
  int jlength() const { return static_cast<int>(data.cols()); }
};

template <int MaxRows, int MaxCols>
class BlockSparseMatrixT {
 public:
  using Block = MatrixBlockT<MaxRows, MaxCols>;
  static constexpr int kMaxRows = MaxRows, kMaxCols = MaxCols;

  int rows = 0, cols = 0;  // size of the global matrix
  std::vector<Block> blocks;

  void reset(int nRows, int nCols) {
    rows = nRows;
    cols = nCols;
    blocks.clear();
  }
  // Creates a zero block and returns its index in `blocks` (§4.3: a constraint
  // creates its blocks when it is added, then only writes their data).
  int createBlock(int i, int j, int ilength, int jlength) {
    if (ilength < 1 || ilength > MaxRows || jlength < 1 || jlength > MaxCols)
      throw std::invalid_argument("createBlock: blocks here are at most " +
                                  std::to_string(MaxRows) + " x " + std::to_string(MaxCols));
    blocks.push_back({i, j, Block::Data::Zero(ilength, jlength)});
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

// The shapes the workbook uses; the student file instantiates exactly these.
extern template class BlockSparseMatrixT<2, 2>;  // 2D particles (CD §4.2)
extern template class BlockSparseMatrixT<1, 6>;  // rigid-body contact rows (RBII §9)

using BlockSparseMatrix = BlockSparseMatrixT<2, 2>;
using MatrixBlock = BlockSparseMatrix::Block;
using BlockData = MatrixBlock::Data;
using RigidRowMatrix = BlockSparseMatrixT<1, 6>;

}  // namespace pbm
