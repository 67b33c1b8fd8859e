// The particle-and-constraint scenes of chapter 06 (Constrained Dynamics §4,
// slides "Things to try at home": double pendulum, triple pendulum, simple
// interactive tinkertoys). Each only builds its structure; TinkertoyScene
// does the rest.
#include <cmath>
#include <numbers>

#include "scenes.h"
#include "tinkertoy_scene.h"

namespace ch06 {

namespace {

using Eigen::Vector2d;

// A point at angle th from the downward vertical, distance L from `from`.
Vector2d hang(const Vector2d& from, double L, double th) {
  return from + L * Vector2d(std::sin(th), -std::cos(th));
}

// Nail + rods: a pendulum of `angles.size()` links of length L and mass m.
class PendulumScene : public TinkertoyScene {
 public:
  PendulumScene(std::string name, std::string title, std::vector<double> angles, double L)
      : name_(std::move(name)), title_(std::move(title)), angles_(std::move(angles)), L_(L) {}
  std::string name() const override { return name_; }
  std::string title() const override { return title_; }
  std::string lookFor() const override {
    if (angles_.size() == 1)
      return "One nail, one rod. The rod is blue (tension, lambda < 0): it pulls the bob with "
             "m (g cos + v^2/L). Set ks = kd = 0 (feedback off) and Euler: the rod slowly "
             "stretches (max |C| plot) - drift; with feedback it stays put.";
    if (angles_.size() == 2)
      return "Two rods, released high: chaos. Energy stays put with RK4 (plot: |E - E0| is "
             "1e-4 of E at most) because the constraint forces do no work; the lower rod turns "
             "orange (compression) when the "
             "bob whips over. Right panel: the block pattern of J and J W J^T (Fig. 3).";
    return "Three links: the matrix J W J^T is block tridiagonal; CG needs about m iterations. "
           "Drag a particle (simulate tool) with the mouse spring: the rods never stretch.";
  }
  pbm::ViewBox initialView() const override {
    const double reach = L_ * static_cast<double>(angles_.size());
    return {{0.25 * reach, -0.15 * reach}, 1.1 * reach + 0.2};
  }

 protected:
  void build() override {
    Vector2d x(0, 0);
    particle(1.0, x);
    nail(0);
    for (size_t k = 0; k < angles_.size(); ++k) {
      x = hang(x, L_, angles_[k]);
      particle(1.0, x);
      rod(static_cast<int>(k), static_cast<int>(k) + 1);
    }
    trailParticle_ = static_cast<int>(angles_.size());
  }

 private:
  std::string name_, title_;
  std::vector<double> angles_;
  double L_;
};

// Nail + N rods of total length 2, released horizontal.
class ChainScene : public TinkertoyScene {
 public:
  ChainScene() {
    // RK4 at h = 0.01 diverges at t = 5.6 s when the whipping tail of the
    // default 12-rod chain speeds up; 0.005 runs the whole 10 s clean.
    settings_.h = 0.005;
    params_.add("n", &n_, 1, 4096, "rods in the chain").integer = true;
    params_.add("mass", &mass_, 0.001, 10.0, "mass of each particle, kg").logScale = true;
  }
  std::string name() const override { return "chain"; }
  std::string title() const override { return "A chain of N rods: CG iterations grow with m"; }
  std::string lookFor() const override {
    return "N rods hung from a nail, released horizontal. Raise n: m = n + 2 rows. With solver "
           "cg or jacobi_cg the iterations per solve grow about like m (plot); the default (auto) "
           "factorises J W J^T (sparse LDLT, 0 iterations) once m > 32. Feedback off plus Euler: "
           "the chain stretches visibly (drift).";
  }
  // The nail right of the info box, room for the chain's full swing.
  pbm::ViewBox initialView() const override { return {{-0.1, -0.68}, 1.9}; }

 protected:
  void build() override {
    const int n = static_cast<int>(n_);
    const double L = 2.0 / n;
    particle(mass_, Vector2d(0, 0));
    nail(0);
    for (int k = 1; k <= n; ++k) {
      particle(mass_, Vector2d(k * L, 0));
      rod(k - 1, k);
    }
    trailParticle_ = n;
  }

 private:
  double n_ = 12, mass_ = 0.1;
};

// A square hung from a nail at one corner: 4 rods + a diagonal; optionally the
// second (redundant) diagonal, with a rest length scaled by `conflict`.
class SquareScene : public TinkertoyScene {
 public:
  SquareScene() {
    params_.toggle("redundant", &redundant_, "on: add the second diagonal (redundant)");
    params_
        .add("conflict", &conflict_, 0.5, 1.5,
             "second diagonal's rest length / its true length (1: consistent)")
        .needs("1 unless redundant=on");
  }
  std::string name() const override { return "square"; }
  std::string title() const override { return "A square: redundant and contradictory rods"; }
  std::string lookFor() const override {
    return "A rigid square on a nail. redundant = on adds the second diagonal: 8 rows (the "
           "nail's 2, six rods), rank 7, J W J^T only semidefinite, yet CG from lambda = 0 "
           "converges and the motion is the same. conflict != 1 makes the rods disagree: plain "
           "CG fails (red) and CGLS answers in the least-squares sense (amber).";
  }
  // The nail right of and below the info box: the square turns about it.
  pbm::ViewBox initialView() const override { return {{-0.7, -0.45}, 1.95}; }
  void validate() const override {
    if (conflict_ != 1.0 && !redundant_)
      throw pbm::UsageError("conflict needs redundant=on (it scales the second diagonal)");
  }

 protected:
  void build() override {
    const double s = 1.0, th = 0.5;  // side, initial tilt
    const Vector2d e(std::cos(th), std::sin(th)), f(-std::sin(th), std::cos(th));
    const Vector2d c[] = {{0, 0}, s * e, s * (e - f), -s * f};
    for (int i = 0; i < 4; ++i) particle(0.5 + 0.25 * i, c[i]);
    nail(0);
    for (int i = 0; i < 4; ++i) rod(i, (i + 1) % 4);
    rod(0, 2);
    if (redundant_) cs_.add<pbm::RodConstraint>(ps_, 1, 3, conflict_ * (c[1] - c[3]).norm());
    trailParticle_ = 2;
  }

 private:
  bool redundant_ = true;
  double conflict_ = 1.0;
};

// A pendulum whose pivot is a bead on a wire (line, or circle).
class WirePendulumScene : public TinkertoyScene {
 public:
  WirePendulumScene() {
    params_.choice("wire", &wire_, {{"line", "straight line"}, {"circle", "circle"}},
                   "the wire the bead slides on");
  }
  std::string name() const override { return "wire_pendulum"; }
  std::string title() const override { return "A pendulum hung from a bead on a wire"; }
  std::string lookFor() const override {
    return "The pivot is a bead on a wire (line or circle, §2's bead), the bob hangs from it by a "
           "rod. Every constraint type shares one solver: the wire row and the rod row are "
           "coupled through the bead (the off-diagonal block of J W J^T).";
  }
  pbm::ViewBox initialView() const override { return {{0.0, -0.6}, 1.6}; }

 protected:
  void build() override {
    const Vector2d bead = wire_ == kCircle ? Vector2d(0.0, -0.2) : Vector2d(0.0, 0.0);
    particle(1.0, bead, Vector2d(1.0, 0.0));
    if (wire_ == kCircle)
      cs_.add<pbm::CircularWireConstraint>(ps_, 0, Vector2d(0.0, 0.6), 0.8);
    else
      cs_.add<pbm::LineWireConstraint>(ps_, 0, bead, Vector2d(0, 1));
    particle(1.0, hang(bead, 1.0, 1.4));
    rod(0, 1);
    trailParticle_ = 1;
  }

 private:
  static constexpr int kCircle = 1;
  int wire_ = 0;
};

// A four-bar linkage: two nailed ground pivots, crank, coupler, rocker; a
// coupler point C rigidly attached (a triangle) traces the coupler curve.
class FourBarScene : public TinkertoyScene {
 public:
  FourBarScene() { g_ = 0.0; }
  std::string name() const override { return "four_bar"; }
  std::string title() const override { return "A four-bar linkage"; }
  std::string lookFor() const override {
    return "Ground pivots (nails), crank, coupler and rocker rods: one degree of freedom left. "
           "The coupler point traces the classic coupler curve (amber). Gravity off: the "
           "linkage keeps turning; drag it with the mouse spring.";
  }
  pbm::ViewBox initialView() const override { return {{0.3, 0.4}, 1.5}; }
  void build() override {
    const Vector2d O1(-0.8, 0), O2(1.0, 0);
    const double th = 1.1;
    const Vector2d A = O1 + 0.5 * Vector2d(std::cos(th), std::sin(th));
    // B: |B - A| = 1.6, |B - O2| = 1.0 (circle intersection, upper solution).
    const double d = (O2 - A).norm(), r1 = 1.6, r2 = 1.0;
    const double a = (r1 * r1 - r2 * r2 + d * d) / (2 * d), hgt = std::sqrt(r1 * r1 - a * a);
    const Vector2d u = (O2 - A) / d, B = A + a * u + hgt * Vector2d(-u.y(), u.x());
    const Vector2d C =
        0.5 * (A + B) + 0.7 * Vector2d(-(B - A).normalized().y(), (B - A).normalized().x());
    particle(1.0, O1);
    particle(1.0, O2);
    particle(0.5, A, 2.0 * Vector2d(-std::sin(th), std::cos(th)));  // crank turning
    particle(0.5, B);
    particle(0.2, C);
    nail(0);
    nail(1);
    rod(0, 2);
    rod(2, 3);
    rod(1, 3);
    rod(2, 4);
    rod(3, 4);
    trailParticle_ = 4;
  }
};

class SandboxScene : public TinkertoyScene {
 public:
  SandboxScene() { tool_ = Tool::Rod; }
  std::string name() const override { return "sandbox"; }
  std::string title() const override { return "Sandbox: build your own tinkertoy"; }
  std::string lookFor() const override {
    return "Pick a tool in the panel: particle (click), rod (drag particle to particle), nail, "
           "circle / line wire, delete (or right click). A constraint that is not met when made "
           "is pulled in by feedback. Degenerate pieces are refused with a message.";
  }
  // The starting nail at (-0.5, 0.5) clear of the info box.
  pbm::ViewBox initialView() const override { return {{-0.78, 0.0}, 1.8}; }
  void build() override {
    particle(1.0, Vector2d(-0.5, 0.5));
    particle(1.0, Vector2d(0.3, 0.5));
    particle(1.0, Vector2d(0.3, -0.3));
    nail(0);
    rod(0, 1);
    rod(1, 2);
  }
};

}  // namespace

std::unique_ptr<pbm::Scene> makeDoublePendulumScene() {
  return std::make_unique<PendulumScene>("double_pendulum", "Double pendulum: nail + 2 rods",
                                         std::vector<double>{2.0, 2.6}, 1.0);
}
std::unique_ptr<pbm::Scene> makePendulumScene() {
  return std::make_unique<PendulumScene>("pendulum", "Pendulum: one nail, one rod",
                                         std::vector<double>{std::numbers::pi / 2}, 1.0);
}
std::unique_ptr<pbm::Scene> makeTriplePendulumScene() {
  return std::make_unique<PendulumScene>("triple_pendulum", "Triple pendulum",
                                         std::vector<double>{1.9, 2.3, 2.7}, 0.8);
}
std::unique_ptr<pbm::Scene> makeChainScene() {
  return std::make_unique<ChainScene>();
}
std::unique_ptr<pbm::Scene> makeSquareScene() {
  return std::make_unique<SquareScene>();
}
std::unique_ptr<pbm::Scene> makeWirePendulumScene() {
  return std::make_unique<WirePendulumScene>();
}
std::unique_ptr<pbm::Scene> makeFourBarScene() {
  return std::make_unique<FourBarScene>();
}
std::unique_ptr<pbm::Scene> makeSandboxScene() {
  return std::make_unique<SandboxScene>();
}

}  // namespace ch06
