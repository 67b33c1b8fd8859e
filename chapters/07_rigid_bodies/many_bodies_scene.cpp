// N random boxes spinning free of torque: one RigidWorld of 13 N numbers
// (RBI §3, Bodies_to_Array), the workload of the chapter's benchmark
// BM_RigidStep. Every body keeps its own L; grab any of them.
#include <memory>
#include <random>

#include "pbm/app/text.h"
#include "pbm/rigid/rigid.h"
#include "rigid_scene.h"
#include "scenes.h"

namespace ch07 {

namespace {

using Eigen::Vector3d;

constexpr double kSpacing = 2.6;  // m between the boxes' centres

// The side of the smallest cube of boxes that holds n, counted in integers:
// ceil(cbrt(27.0)) is 4 with glibc, whose cbrt(27.0) is 3.0000000000000004,
// and 3 with Microsoft's C library, so the two laid out different grids.
int cubeSide(int n) {
  int side = 1;
  while (side * side * side < n) ++side;
  return side;
}

class ManyBodiesScene : public RigidScene {
 public:
  ManyBodiesScene() {
    params_.add("n", &n_, 1.0, 1000.0, "number of boxes").integer = true;
    settings_.tEnd = 10.0;
    frameView();
  }
  std::string name() const override { return "many_bodies"; }
  std::string title() const override { return "Many bodies: N random boxes"; }
  std::string lookFor() const override {
    return "N boxes of random size and spin, no forces: each keeps its own L while omega "
           "wanders (RBI §2.9). One RigidWorld steps all 13 N numbers at once, as the notes' "
           "Bodies_to_Array does (RBI §3). Raise n and watch the frame rate; the benchmark "
           "BM_RigidStep measures the cost per body-step.";
  }

 protected:
  void build() override {
    const int n = static_cast<int>(n_);
    const int side = cubeSide(n);
    std::mt19937 rng(7);  // the same boxes every run, so the CSV is reproducible
    std::uniform_real_distribution<double> size(0.3, 1.4), spin(-3.0, 3.0), unit(-1.0, 1.0);
    // Each number is drawn in its own statement: a call's arguments have no
    // specified order in C++ (GCC evaluates them right to left, Clang left to
    // right), and one seed must give the same boxes whatever the compiler. The
    // order below is the one the CSV was first recorded with (GCC's).
    const auto draw3 = [&rng](std::uniform_real_distribution<double>& d) {
      const double z = d(rng), y = d(rng), x = d(rng);
      return Vector3d(x, y, z);
    };
    for (int i = 0; i < n; ++i) {
      const Vector3d dims = draw3(size);
      pbm::RigidBody b = pbm::makeBlock(dims.prod() * 500.0, dims);  // 500 kg/m^3
      b.x = kSpacing * (Vector3d(i % side, (i / side) % side, i / (side * side)) -
                        Vector3d::Constant(0.5 * (side - 1)));
      const Vector3d axis = draw3(unit) + Vector3d(0.0, 0.0, 1e-3);
      const double angle = 3.0 * unit(rng);
      b.q = Eigen::Quaterniond(Eigen::AngleAxisd(angle, axis.normalized()));
      pbm::computeAuxiliary(b);
      pbm::setBodyOmega(b, draw3(spin));
      world_.add(b);
    }
  }
  void frameView() override {
    const int side = cubeSide(static_cast<int>(n_));
    const double extent = 0.5 * kSpacing * side;
    ground_ = -extent - 1.0;
    arrowScale_ = 0.25;
    orbit_.target = Vector3d::Zero();
    orbit_.distance = 4.0 * extent + 6.0;
  }
  void extraHud(std::vector<std::string>& lines) const override {
    lines.push_back(pbm::format("%.0f bodies: %.0f numbers in the state (13 each)",
                                static_cast<double>(world_.bodies.size()),
                                static_cast<double>(world_.dim())));
  }

 private:
  double n_ = 27;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeManyBodiesScene() {
  return std::make_unique<ManyBodiesScene>();
}

}  // namespace ch07
