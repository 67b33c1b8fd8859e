// contact_points: the contacts between a resting cube and what it rests on,
// found on their separating plane (RBII §7.1) as vertex/face and edge/edge
// contacts (RBII §8): 4 vf on a slab; 2 vf + 2 ee when it overhangs the
// slab's edge; 8 ee on an equal cube turned 45 degrees.
#include <Eigen/Geometry>
#include <cmath>
#include <memory>
#include <numbers>
#include <optional>
#include <vector>

#include "pbm/app/text.h"
#include "pbm/collision/separating_plane.h"
#include "pbm/viewer/canvas3d.h"
#include "pbm/viewer/ui.h"
#include "polyhedron_view.h"
#include "scenes.h"

namespace ch08 {

namespace {

using Eigen::Matrix3d;
using Eigen::Vector3d;

constexpr pbm::Color kCube = pbm::rgba(215, 160, 110, 255);
constexpr pbm::Color kBase = pbm::rgba(120, 150, 200, 255);
constexpr pbm::Color kContactPlane = pbm::rgba(110, 220, 150, 70);
constexpr pbm::Color kVf = pbm::rgba(250, 215, 60, 255);
constexpr pbm::Color kEe = pbm::rgba(255, 90, 200, 255);

class ContactPointsScene : public pbm::Scene {
 public:
  ContactPointsScene() {
    params_.choice("preset", &preset_,
                   {{"slab", "a cube on a slab"},
                    {"overhang", "a cube overhanging the slab's edge"},
                    {"cube45", "a cube on a cube turned 45 degrees"}},
                   "what the unit cube rests on");
    params_.add("overhang", &overhang_, 0.0, 0.95,
                "overhang preset: the part of the cube's width past the slab's edge, m");
    params_.add("tol", &tol_, 1e-15, 0.1, "plane and contact tolerance, m").logScale = true;
    settings_.h = 0.01;
    settings_.hMin = 1e-4;
    settings_.hMax = 0.1;
    settings_.tEnd = 0.1;
  }
  std::string name() const override { return "contact_points"; }
  std::string title() const override { return "Contact points on the separating plane"; }
  std::string lookFor() const override {
    return "A unit cube (orange) rests on a slab or a cube (blue). Their contacts lie on the "
           "separating plane (green, RBII §7.1): vertex/face (vf, yellow) where a corner "
           "touches a face, edge/edge (ee, magenta) where two edges cross (RBII §8), each with "
           "its normal from the lower body to the cube. On the slab: 4 vf; overhanging: 2 vf + "
           "2 ee at the slab's edge; on the turned cube: 8 ee, no vertex on a face.";
  }

  void reset() override {
    t_ = 0.0;
    frame_ = 0;
    const Vector3d half(0.5, 0.5, 0.5);
    A_ = pbm::boxPolyhedron(Vector3d(0.0, 0.5, 0.0), Matrix3d::Identity(), half);
    if (preset_ == 2) {
      const Matrix3d R =
          Eigen::AngleAxisd(std::numbers::pi / 4.0, Vector3d::UnitY()).toRotationMatrix();
      B_ = pbm::boxPolyhedron(Vector3d(0.0, -0.5, 0.0), R, half);
    } else {
      // The slab: 4 x 0.5 x 3 m, its top at y = 0, its +x edge at 0.5 - overhang
      // (on the slab: at 2, well past the cube).
      const double edge = preset_ == 1 ? 0.5 - overhang_ : 2.0;
      B_ = pbm::boxPolyhedron(Vector3d(edge - 2.0, -0.25, 0.0), Matrix3d::Identity(),
                              Vector3d(2.0, 0.25, 1.5));
    }
    contacts_.clear();
    plane_.reset();
    witness_ = pbm::findSeparatingPlane(A_, B_, tol_);
    if (witness_) plane_ = pbm::planeFromWitness(*witness_, A_, B_);
    if (plane_) contacts_ = pbm::contactsOnPlane(A_, B_, *plane_, tol_);
    nVf_ = 0;
    for (const auto& c : contacts_) nVf_ += c.vf;
  }
  void advance(double tLimit, pbm::Host) override {
    const double dt = std::min(settings_.h, tLimit - t_);
    ++frame_;
    t_ = dt < settings_.h ? tLimit : frame_ * settings_.h;
  }
  double time() const override { return t_; }
  bool stateFinite() const override { return true; }

  std::vector<std::string> csvColumns() const override {
    return {"t", "n_contacts", "n_vf", "n_ee"};
  }
  std::vector<double> csvRow() const override {
    const double n = static_cast<double>(contacts_.size());
    return {t_, n, static_cast<double>(nVf_), n - nVf_};
  }

  pbm::ViewKind view() const override { return pbm::ViewKind::Orbit3D; }
  pbm::OrbitView initialOrbit() const override {
    pbm::OrbitView v;
    v.target = Vector3d(-0.4, 0.9, 0.0);  // the bodies below and right of the lesson text
    v.distance = 4.6;
    v.yawDeg = 25.0;
    v.pitchDeg = 38.0;
    return v;
  }

  void draw3D(pbm::Canvas3D& canvas) override {
    canvas.groundGrid(3.0, 0.5, -1.0);
    drawPolyhedron(canvas, B_, kBase);
    drawPolyhedron(canvas, A_, pbm::withAlpha(kCube, 110));  // see-through: the contacts under it
    if (plane_) drawPlane(canvas, *plane_, Vector3d(0.0, 0.0, 0.0), 1.3, kContactPlane);
    for (const auto& c : contacts_) {
      const pbm::Color col = c.vf ? kVf : kEe;
      canvas.point(c.p, col, 11.f);
      canvas.arrow(c.p, c.p + 0.45 * c.n, col, 2.f, 10.f);
      canvas.text(c.p, c.vf ? "vf" : "ee", col, {6.f, 4.f});
    }
  }

  void hud(std::vector<std::string>& lines) const override {
    const int n = static_cast<int>(contacts_.size());
    lines.push_back(pbm::format("contacts %d: %d vertex/face, %d edge/edge", n, nVf_, n - nVf_));
    if (!plane_) lines.push_back("no separating plane found");
    for (int k = 0; k < n && k < 8; ++k) {
      const auto& c = contacts_[k];
      lines.push_back(pbm::format("  %s  p = (%+.3f, %+.3f, %+.3f)  n = (%+.2f, %+.2f, %+.2f)",
                                  c.vf ? "vf" : "ee", c.p.x(), c.p.y(), c.p.z(), c.n.x(), c.n.y(),
                                  c.n.z()));
    }
  }

 private:
  int preset_ = 0;
  double overhang_ = 0.7, tol_ = 1e-9;
  double t_ = 0.0;
  long frame_ = 0;
  pbm::ConvexPolyhedron A_, B_;
  std::optional<pbm::Witness> witness_;
  std::optional<pbm::SeparatingPlane> plane_;
  std::vector<pbm::Contact> contacts_;
  int nVf_ = 0;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeContactPointsScene() {
  return std::make_unique<ContactPointsScene>();
}

}  // namespace ch08
