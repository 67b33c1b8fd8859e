// Chapter 10's panel sections about the LCP itself (RBII §9; Baraff 1994 §4):
// the matrix A as a heat map with its eigenvalues and rank, and Dantzig's
// method one pivot at a time. Widgets (pbm::ui), drawn inside the scene's panel.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "pbm/resting/lcp.h"

namespace ch10 {

// A as coloured cells (orange positive, blue negative, by |A_ij| / max |A_ij|;
// hover for the value), then its eigenvalues and rank. A symmetric A (RBII
// App. D: A = J M^-1 J^T) gets SelfAdjointEigenSolver's real spectrum: all
// >= 0, the zeros counting the redundant contacts. An asymmetric one (the
// notes' routine verbatim) gets the general eigenvalues and max |A - A^T|.
void matrixPanel(const Eigen::MatrixXd& A);

// Dantzig's method on one LCP, recorded pivot by pivot through
// LcpOptions::onPivot and replayed: the sets C (clamped, a = 0), NC (not
// clamped, f = 0) and the untreated ones, f, a, the step's direction
// (Delta f, Delta a), its length s and the index j that blocked it.
class DantzigStepThrough {
 public:
  // Records the solve of (A, b) at time t, unless the user is stepping
  // through an earlier one (then only "restart here" records).
  void follow(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, double t);
  void panel();

 private:
  void record(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, double t);
  Eigen::MatrixXd A_;
  Eigen::VectorXd b_;
  double t_ = -1.0;
  std::vector<pbm::LcpPivot> steps_;
  pbm::LcpResult result_;
  int shown_ = 0;  // 0: the start (f = 0, a = b); k: after pivot k
  bool frozen_ = false, restart_ = false;
};

}  // namespace ch10
