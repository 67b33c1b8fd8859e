// separating_plane: two boxes A and B, RBII §7.1. A plane that separates them
// is searched from scratch among A's faces, B's faces and the planes through
// an edge of one parallel to an edge of the other (figure 15: 6 + 6 + 144
// candidates for two boxes); its defining feature is cached and the next
// frame first rebuilds the plane from it and checks it (figures 16-17): one
// candidate when it still separates. Without a plane the boxes interpenetrate,
// and a penetration witness (a vertex inside, or an edge through a face) is
// shown; footnote 6 is the case where there is none.
#include <Eigen/Geometry>
#include <cmath>
#include <limits>
#include <memory>
#include <numbers>
#include <optional>

#include "anchor_boxes.h"
#include "pbm/app/csv.h"
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

using pbm::kNaN;  // the CSV's empty cell (app/csv.h)
constexpr pbm::Color kA = pbm::rgba(120, 150, 200, 255);
constexpr pbm::Color kB = pbm::rgba(215, 160, 110, 255);
constexpr pbm::Color kBGrabbed = pbm::rgba(240, 200, 130, 255);
constexpr pbm::Color kSeparatingPlane = pbm::rgba(110, 220, 150, 90);
constexpr pbm::Color kFeature = pbm::rgba(250, 215, 60, 255);
constexpr pbm::Color kPenetration = pbm::rgba(255, 60, 60, 255);

Matrix3d randomRotation(SplitMix64& rng) {
  const Vector3d axis = rng.uniform3<Vector3d>(-0.5, 0.5);
  const double angle = 6.283185307179586 * rng.uniform();
  return Eigen::AngleAxisd(angle, axis.norm() > 1e-9 ? axis.normalized() : Vector3d::UnitY())
      .toRotationMatrix();
}

class SeparatingPlaneScene : public pbm::Scene {
 public:
  SeparatingPlaneScene() {
    params_.choice("preset", &preset_,
                   {{"figure15", "figure 15: the first search, B still"},
                    {"figure17", "figure 17: B turns, the cache misses"},
                    {"footnote6", "footnote 6: equal cubes sunk face to face"}},
                   "the starting set-up");
    params_.add("drop", &drop_, 0.0, 3.0, "B lowered by this, m (footnote 6: 0.001)");
    params_.add("size", &size_, 0.1, 3.0, "B's scale (footnote 6: both cubes' edge), m");
    params_.add("speed", &speed_, 0.0, 20.0, "B's spin, rad/s (figure17)");
    params_.add("seed", &seed_, 0.0, 1e9, "orientations' random seed").integer = true;
    params_.add("tol", &tol_, 1e-15, 1.0, "plane test tolerance, m").logScale = true;
    settings_.h = 0.01;
    settings_.hMin = 1e-4;
    settings_.hMax = 0.1;
    settings_.tEnd = 5.0;
  }
  std::string name() const override { return "separating_plane"; }
  std::string title() const override { return "Separating planes and their witnesses"; }
  std::string lookFor() const override {
    return "RBII §7.1: the green plane separates A (blue) from B (orange); its defining "
           "feature (a face, or an edge of each: normal e_A x e_B) is yellow. The first frame "
           "searches every candidate (up to 156 for two boxes); later frames rebuild the plane "
           "from the cached feature and test just that one (cache hit) until B has turned too "
           "far (miss, search again). Drag B into A: no plane, and the red penetration witness. "
           "footnote6: sunk face to face, there is no witness at all.";
  }

  void reset() override {
    t_ = 0.0;
    frame_ = 0;
    cache_.reset();
    hits_ = frames_ = totalCandidates_ = 0;
    SplitMix64 rng(static_cast<std::uint64_t>(seed_));
    if (preset_ == 2) {  // footnote 6: equal axis-aligned cubes, B on top, sunk by drop
      hA_ = hB_ = Vector3d::Constant(0.5 * size_);
      RA_ = RB0_ = Matrix3d::Identity();
      xB0_ = Vector3d(0.0, size_ - drop_, 0.0);
      spinAxis_ = Vector3d::UnitY();
    } else {
      hA_ = Vector3d(0.5, 0.4, 0.3);
      hB_ = size_ * Vector3d(0.4, 0.4, 0.6);
      RA_ = randomRotation(rng);
      RB0_ = randomRotation(rng);
      xB0_ = Vector3d(1.45, 0.3 - drop_, 0.1);
      spinAxis_ = rng.uniform3<Vector3d>(-0.5, 0.5);
      spinAxis_ = spinAxis_.norm() > 1e-9 ? spinAxis_.normalized() : Vector3d::UnitZ();
    }
    moved_ = Vector3d::Zero();
    evaluate();
  }

  void advance(double tLimit, pbm::Host) override {
    const double dt = std::min(settings_.h, tLimit - t_);
    ++frame_;
    t_ = dt < settings_.h ? tLimit : frame_ * settings_.h;
    evaluate();
  }
  double time() const override { return t_; }
  bool stateFinite() const override { return true; }

  std::vector<std::string> csvColumns() const override {
    return {"t", "plane_found", "cache_hit", "candidates_tested", "gap", "penetration_witness"};
  }
  // penetration_witness: 0 none, 1 a vertex of A in B, 2 a vertex of B in A,
  // 3 an edge of A through a face of B, 4 an edge of B through a face of A.
  std::vector<double> csvRow() const override {
    return {t_,
            cache_ ? 1.0 : 0.0,
            hit_ ? 1.0 : 0.0,
            static_cast<double>(candidates_),
            gap_,
            penetration_ ? 1.0 + static_cast<int>(penetration_->kind) : 0.0};
  }

  pbm::ViewKind view() const override { return pbm::ViewKind::Orbit3D; }
  pbm::OrbitView initialOrbit() const override {
    pbm::OrbitView v;
    v.target = preset_ == 2 ? Vector3d(0.0, 0.5 * size_, 0.0) : Vector3d(0.8, 0.2, 0.0);
    v.distance = preset_ == 2 ? 4.0 * size_ + 1.5 : 4.0 + 2.0 * size_;
    v.yawDeg = 20.0;
    v.pitchDeg = 24.0;
    // Moved left and up (the camera's right is (cos yaw, 0, -sin yaw)) so the
    // bodies sit right of and below the lesson text.
    const double yaw = v.yawDeg * std::numbers::pi / 180.0;
    v.target -= 0.14 * v.distance * Vector3d(std::cos(yaw), 0.0, -std::sin(yaw));
    v.target.y() += 0.08 * v.distance;
    return v;
  }

  void draw3D(pbm::Canvas3D& canvas) override {
    canvas.groundGrid(4.0, 0.5, -1.5);
    // Interpenetrating: see-through, so the witness inside shows.
    const int alpha = cache_ ? 255 : 100;
    drawPolyhedron(canvas, A_, pbm::withAlpha(kA, alpha));
    drawPolyhedron(canvas, B_, pbm::withAlpha(grabbed_ ? kBGrabbed : kB, alpha));
    canvas.text(xA(), "A", pbm::colors::kText);
    canvas.text(xB(), "B", pbm::colors::kText);
    if (cache_ && plane_) {
      drawPlane(canvas, *plane_, 0.5 * (xA() + xB()), 1.6, kSeparatingPlane);
      if (cache_->kind == pbm::Witness::FaceA) drawFace(canvas, A_, cache_->i, kFeature, 4.f);
      if (cache_->kind == pbm::Witness::FaceB) drawFace(canvas, B_, cache_->i, kFeature, 4.f);
      if (cache_->kind == pbm::Witness::EdgeEdge) {
        drawEdge(canvas, A_, cache_->i, kFeature, 5.f);
        drawEdge(canvas, B_, cache_->j, kFeature, 5.f);
      }
    }
    if (penetration_) {
      const auto& w = *penetration_;
      using K = pbm::PenetrationWitness;
      if (w.kind == K::VertexOfAInB && w.i < static_cast<int>(A_.v.size()))
        canvas.point(A_.v[w.i], kPenetration, 14.f),
            canvas.text(A_.v[w.i], "vertex of A in B", kPenetration);
      if (w.kind == K::VertexOfBInA && w.i < static_cast<int>(B_.v.size()))
        canvas.point(B_.v[w.i], kPenetration, 14.f),
            canvas.text(B_.v[w.i], "vertex of B in A", kPenetration);
      if (w.kind == K::EdgeOfAFaceOfB)
        drawEdge(canvas, A_, w.i, kPenetration, 6.f), drawFace(canvas, B_, w.j, kPenetration, 4.f);
      if (w.kind == K::EdgeOfBFaceOfA)
        drawEdge(canvas, B_, w.i, kPenetration, 6.f), drawFace(canvas, A_, w.j, kPenetration, 4.f);
    }
  }

  void hud(std::vector<std::string>& lines) const override {
    static const char* kinds[3] = {"face %d of A", "face %d of B", "edges %d of A and %d of B"};
    if (cache_)
      lines.push_back(
          "separating plane: " + pbm::format(kinds[cache_->kind], cache_->i, cache_->j) +
          (hit_ ? "   CACHE HIT" : "   cache miss: searched"));
    else
      lines.push_back("no separating plane: they interpenetrate");
    lines.push_back(
        pbm::format("candidates tested: %d this frame, %ld in all", candidates_, totalCandidates_));
    lines.push_back(pbm::format("cache hits %ld of %ld frames (%.1f%%)", hits_, frames_,
                                frames_ ? 100.0 * hits_ / frames_ : 0.0));
    lines.push_back(pbm::format("gap along the best candidate: %.6g m", gap_));
    if (penetration_) {
      static const char* pk[4] = {"vertex %d of A inside B", "vertex %d of B inside A",
                                  "edge %d of A through face %d of B",
                                  "edge %d of B through face %d of A"};
      lines.push_back("penetration witness: " +
                      pbm::format(pk[penetration_->kind], penetration_->i, penetration_->j));
    } else if (!cache_) {
      lines.push_back("penetration witness: none (footnote 6)");
    }
    lines.push_back("left-drag B to move it");
  }

  bool onPointerDown(const pbm::Pointer& p, int button) override {
    if (button != 0) return false;
    const auto s = p.hitBox(xB(), RB(), hB_);
    if (!s) return false;
    const Vector3d hit = p.at(*s);
    dragNormal_ = p.viewDirection;
    dragOffset_ = dragNormal_.dot(hit);
    grab_ = xB() - hit;
    grabbed_ = true;
    return true;
  }
  void onPointerDrag(const pbm::Pointer& p) override {
    if (!grabbed_) return;
    if (const auto a = p.onPlane(dragNormal_, dragOffset_)) moved_ = *a + grab_ - xB0_;
  }
  void onPointerUp(const pbm::Pointer&) override { grabbed_ = false; }

 private:
  Vector3d xA() const { return Vector3d::Zero(); }
  Vector3d xB() const { return xB0_ + moved_; }
  Matrix3d RB() const {
    // B turns in figure 17 only (figure 15 is the first search; footnote 6
    // is about cubes face to face).
    const double w = preset_ == 1 ? speed_ : 0.0;
    return Eigen::AngleAxisd(w * t_, spinAxis_).toRotationMatrix() * RB0_;
  }

  // The frame's work (RBII §7.1, as disjointWithCache does it, with counts).
  void evaluate() {
    A_ = pbm::boxPolyhedron(xA(), RA_, hA_);
    B_ = pbm::boxPolyhedron(xB(), RB(), hB_);
    hit_ = false;
    candidates_ = 0;
    if (cache_) {
      ++candidates_;
      const auto plane = pbm::planeFromWitness(*cache_, A_, B_);
      hit_ = plane && pbm::separates(*plane, A_, B_, tol_);
    }
    if (!hit_) {
      int tried = 0;
      cache_ = pbm::findSeparatingPlane(A_, B_, tol_, &tried);
      candidates_ += tried;
    }
    plane_.reset();
    if (cache_) plane_ = pbm::planeFromWitness(*cache_, A_, B_);
    penetration_.reset();
    if (!cache_) penetration_ = pbm::findPenetration(A_, B_);
    gap_ = candidateGap(A_, B_);
    ++frames_;
    hits_ += hit_;
    totalCandidates_ += candidates_;
  }

  int preset_ = 0;
  double drop_ = 0.001, size_ = 1.0, speed_ = 0.4, seed_ = 5, tol_ = 1e-9;
  double t_ = 0.0;
  long frame_ = 0, frames_ = 0, hits_ = 0, totalCandidates_ = 0;
  Vector3d hA_, hB_, xB0_, spinAxis_, moved_ = Vector3d::Zero();
  Matrix3d RA_, RB0_;
  pbm::ConvexPolyhedron A_, B_;
  std::optional<pbm::Witness> cache_;
  std::optional<pbm::SeparatingPlane> plane_;
  std::optional<pbm::PenetrationWitness> penetration_;
  bool hit_ = false;
  int candidates_ = 0;
  double gap_ = kNaN;
  bool grabbed_ = false;
  Vector3d dragNormal_ = Vector3d::UnitZ(), grab_ = Vector3d::Zero();
  double dragOffset_ = 0.0;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeSeparatingPlaneScene() {
  return std::make_unique<SeparatingPlaneScene>();
}

}  // namespace ch08
