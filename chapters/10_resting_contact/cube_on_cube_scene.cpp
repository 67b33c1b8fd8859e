// A cube (side s, mass M) resting on a fixed cube of the same size turned 45
// degrees about the vertical (RBII §9). No corner of either lies on the
// other's face: the two squares cross in 8 points, 8 edge/edge contacts. Three
// numbers (the lift and two tilting torques) hold the cube; 8 forces are 5
// too many, so A has rank 3 and the forces are not unique. Dantzig's method
// drives the contacts in list order; shuffling the list changes the
// individual f_i it returns, never their total, the net force and torque
// J^T f, or the accelerations a. Only those are the answer.
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <numbers>
#include <random>
#include <vector>

#include "pbm/app/text.h"
#include "pbm/resting/contact_forces.h"
#include "pbm/viewer/ui.h"
#include "resting_scene.h"
#include "scenes.h"

namespace ch10 {

namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;
using Eigen::VectorXd;

// The net contact force and torque on one body about its centre: J^T f's block.
struct Wrench {
  Vector3d force = Vector3d::Zero(), torque = Vector3d::Zero();
};

class CubeOnCubeScene : public RestingScene {
 public:
  CubeOnCubeScene() {
    params_.add("mass", &mass_, 1e-3, 1e4, "mass of the upper cube M, kg").logScale = true;
    params_.add("size", &size_, 0.05, 2.0, "side of both cubes s, m");
    params_
        .add("seed", &seed_, 0.0, 1e6,
             "order of the contact list: 0 the detector's, else a shuffle by this seed")
        .integer = true;
    newtonsPerMetre_ = 4.0;
    viewShift_ = 0.22;
    indexLabels_ = true;  // 8 full labels would overlap: the panel's table has f and a
    seeThrough_ = true;
  }
  std::string name() const override { return "cube_on_cube_45"; }
  std::string title() const override { return "A cube on a cube turned 45 degrees"; }
  std::string lookFor() const override {
    return "8 edge/edge contacts hold one cube: redundant. Press 'shuffle contact order' (key S): "
           "Dantzig's method visits the contacts in another order and returns other f_i, while "
           "sum f = M g, the net force and torque J^T f and every a_i stay the same. Totals, never "
           "individual f_i, are unique where contacts are redundant (RBII §9).";
  }

 protected:
  void build() override {
    world_.add(makeFixedBox(Vector3d::Constant(0.1), Vector3d::Zero()),
               pbm::Shape::halfSpace(Vector3d::UnitY(), 0.0));
    const Matrix3d R =
        Eigen::AngleAxisd(std::numbers::pi / 4, Vector3d::UnitY()).toRotationMatrix();
    world_.add(makeFixedBox(Vector3d::Constant(0.5 * size_), Vector3d(0, 0.5 * size_, 0), R),
               pbm::Shape::box());
    pbm::RigidBody c = pbm::makeBlock(mass_, Vector3d::Constant(size_));
    c.x = Vector3d(0.0, 1.5 * size_, 0.0);
    top_ = world_.add(c, pbm::Shape::box());
    shuffles_ = 0;
    havePrevious_ = false;
    floorExtent_ = std::max(2.0, 2.0 * size_);
  }
  void frameView() override {
    orbit_.distance = 5.8 * size_ + 1.0;
    orbit_.target = Vector3d(0.0, 1.2 * size_, 0.0);
    orbit_.yawDeg = 20.0;
    orbit_.pitchDeg = 30.0;
  }

  // The detector's list as the step (or the start) left it: a shuffle, or
  // "detector's order", while paused starts from it, not from the list the
  // last shuffle left.
  void takeStep(const pbm::MethodInfo& method, double h, pbm::CollisionStats& stats) override {
    RestingScene::takeStep(method, h, stats);
    detected_ = world_.resting;
  }
  void settle() override {
    RestingScene::settle();
    detected_ = world_.resting;
  }

  // Fisher-Yates with mt19937's standard sequence: the same order on every
  // platform for the same seed.
  void arrangeResting(std::vector<pbm::Contact>& list) override {
    list = detected_;
    const auto seed = static_cast<std::uint64_t>(seed_);
    if (seed == 0 || list.size() < 2) return;
    std::mt19937 rng(static_cast<std::mt19937::result_type>(seed));
    for (size_t i = list.size() - 1; i > 0; --i) std::swap(list[i], list[rng() % (i + 1)]);
  }

  // Around the vertical through the upper cube, by angle: each column of the
  // CSV is one place, whatever the list's order.
  std::vector<int> contactOrder() const override {
    std::vector<int> order = RestingScene::contactOrder();
    const Vector3d x = world_.bodies[top_].x;
    auto angle = [&](int i) {
      const Vector3d d = forces_.contacts[i].p - x;
      return std::atan2(d.z(), d.x());
    };
    std::stable_sort(order.begin(), order.end(), [&](int i, int j) { return angle(i) < angle(j); });
    return order;
  }

  Wrench wrenchOnTop() const {
    Wrench w;
    const pbm::RigidBody& b = world_.bodies[top_];
    for (size_t i = 0; i < forces_.contacts.size(); ++i) {
      const pbm::Contact& c = forces_.contacts[i];
      const double s = c.a == &b ? 1.0 : c.b == &b ? -1.0 : 0.0;
      const Vector3d F = s * forces_.f(i) * c.n;
      w.force += F;
      w.torque += (c.p - b.x).cross(F);
    }
    return w;
  }

  void extraHud(std::vector<std::string>& lines) const override {
    const Wrench w = wrenchOnTop();
    lines.push_back(pbm::format("order: %s (seed %d)   sum f = %.10g N, closed form M g = %.10g N",
                                seed_ == 0 ? "the detector's" : "shuffled", static_cast<int>(seed_),
                                sumF(), mass_ * g_));
    lines.push_back(pbm::format("J^T f: force (%.3g, %.10g, %.3g) N, torque (%.2e, %.2e, %.2e) N m",
                                w.force.x(), w.force.y(), w.force.z(), w.torque.x(), w.torque.y(),
                                w.torque.z()));
    // A = J M^-1 J^T with all 8 normals vertical: the lift (1 on every
    // contact, 8/M) and two tilts (6/(M s^2) sum of (s z_i)^2 = 6 (4 - 2 sqrt 2)/M;
    // the crossings sit at (+-1/2, +-(sqrt 2 - 1)/2) s and turned by 90 degrees).
    lines.push_back(pbm::format(
        "closed form: rank A = 3, eigenvalues 0 x5, 6(4 - 2 sqrt 2)/M = %.4f x2, 8/M = %.4g",
        6.0 * (4.0 - 2.0 * std::numbers::sqrt2) / mass_, 8.0 / mass_));
    if (havePrevious_) {
      const VectorXd fNow = ordered(forces_.f), aNow = ordered(forces_.a);
      const bool same = fNow.size() == previousF_.size();
      lines.push_back(
          pbm::format("after %d shuffles: max |f - f before| = %.3g N, max |a - a before| = %.1e, "
                      "|J^T f - before| = %.1e",
                      shuffles_, same ? (fNow - previousF_).cwiseAbs().maxCoeff() : kNaN,
                      same ? (aNow - previousA_).cwiseAbs().maxCoeff() : kNaN,
                      (w.force - previous_.force).norm() + (w.torque - previous_.torque).norm()));
    }
  }

  bool onKey(pbm::Key key) override {
    if (key != pbm::Key::S) return false;
    shuffle();
    return true;
  }

  void extraPanel() override {
    if (pbm::ui::button("shuffle contact order (S)")) shuffle();
    pbm::ui::sameLine();
    if (pbm::ui::button("detector's order")) {
      seed_ = 0;
      readForces();
    }
    if (!havePrevious_ || forces_.f.size() != previousF_.size()) return;
    if (!pbm::ui::collapsingHeader("before and after the shuffle", true)) return;
    const VectorXd fNow = ordered(forces_.f), aNow = ordered(forces_.a);
    if (pbm::ui::beginTable("shuffle", 5)) {
      for (const char* h : {"i", "f before", "f now", "a before", "a now"})
        pbm::ui::tableSetupColumn(h);
      pbm::ui::tableHeadersRow();
      for (int k = 0; k < fNow.size(); ++k) {
        pbm::ui::tableNextRow();
        pbm::ui::tableNextColumn();
        pbm::ui::text("%d", k);
        pbm::ui::tableNextColumn();
        pbm::ui::text("%.4f", previousF_(k));
        pbm::ui::tableNextColumn();
        pbm::ui::text("%.4f", fNow(k));
        pbm::ui::tableNextColumn();
        pbm::ui::text("%.1e", previousA_(k));
        pbm::ui::tableNextColumn();
        pbm::ui::text("%.1e", aNow(k));
      }
      pbm::ui::tableNextRow();
      pbm::ui::tableNextColumn();
      pbm::ui::textUnformatted("sum");
      pbm::ui::tableNextColumn();
      pbm::ui::text("%.6f", previousF_.sum());
      pbm::ui::tableNextColumn();
      pbm::ui::text("%.6f", fNow.sum());
      pbm::ui::endTable();
    }
  }

 private:
  // v in the geometric order of contactOrder().
  VectorXd ordered(const VectorXd& v) const {
    const std::vector<int> order = contactOrder();
    VectorXd out(order.size());
    for (size_t k = 0; k < order.size(); ++k) out(k) = v(order[k]);
    return out;
  }
  void shuffle() {
    previousF_ = ordered(forces_.f);
    previousA_ = ordered(forces_.a);
    previous_ = wrenchOnTop();
    havePrevious_ = true;
    ++shuffles_;
    seed_ = std::fmod(seed_ + 1.0, 1e6);
    if (seed_ == 0.0) seed_ = 1.0;
    readForces();
  }

  double mass_ = 1.0, size_ = 1.0, seed_ = 0.0;
  int top_ = -1, shuffles_ = 0;
  bool havePrevious_ = false;
  VectorXd previousF_, previousA_;
  Wrench previous_;
  std::vector<pbm::Contact> detected_;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeCubeOnCubeScene() {
  return std::make_unique<CubeOnCubeScene>();
}

}  // namespace ch10
