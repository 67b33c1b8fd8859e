// Chapter 08: bounding boxes, sweep-and-sort and separating planes (RBII §7).
// A placeholder scene until the chapter's scenes arrive: a few fixed boxes
// with their axis-aligned bounding boxes, overlapping pairs in red.
#include <Eigen/Geometry>
#include <cmath>
#include <memory>

#include "pbm/app/chapter.h"
#include "pbm/collision/broadphase.h"
#include "pbm/viewer/canvas3d.h"

namespace {

class BoxesScene : public pbm::Scene {
 public:
  BoxesScene() {
    settings_.h = 0.01;
    settings_.tEnd = 1.0;
  }
  std::string name() const override { return "boxes_3d"; }
  std::string title() const override { return "Boxes and their bounding boxes"; }
  std::string lookFor() const override {
    return "Each box's axis-aligned bounding box (RBII §7.2): red where two bounding boxes "
           "overlap.";
  }
  void reset() override {
    t_ = 0.0;
    x_.clear();
    R_.clear();
    half_.clear();
    for (int i = 0; i < 5; ++i) {
      x_.emplace_back(1.3 * (i - 2), 0.6 + 0.15 * i, 0.3 * std::sin(i));
      R_.push_back(Eigen::AngleAxisd(0.4 * i, Eigen::Vector3d(1.0, 2.0, 0.5 * i).normalized())
                       .toRotationMatrix());
      half_.emplace_back(0.5, 0.3 + 0.05 * i, 0.4);
    }
    aabbs_.clear();
    for (std::size_t i = 0; i < x_.size(); ++i)
      aabbs_.push_back(pbm::boxAabb(x_[i], R_[i], half_[i]));
  }
  void advance(double tLimit, pbm::Host) override { t_ = std::min(tLimit, t_ + settings_.h); }
  double time() const override { return t_; }
  bool stateFinite() const override { return true; }
  std::vector<std::string> csvColumns() const override { return {"t", "overlaps"}; }
  std::vector<double> csvRow() const override { return {t_, double(overlapping().size())}; }
  pbm::ViewKind view() const override { return pbm::ViewKind::Orbit3D; }
  pbm::OrbitView initialOrbit() const override {
    pbm::OrbitView o;
    o.target = Eigen::Vector3d(0.0, 0.8, 0.0);
    o.distance = 8.0;
    return o;
  }
  void draw3D(pbm::Canvas3D& canvas) override {
    canvas.groundGrid(4.0, 1.0);
    std::vector<bool> hit(x_.size(), false);
    for (const auto& [i, j] : overlapping()) hit[i] = hit[j] = true;
    for (std::size_t i = 0; i < x_.size(); ++i) {
      canvas.box(x_[i], R_[i], half_[i], pbm::categorical(int(i)));
      const pbm::AABB& a = aabbs_[i];
      canvas.wireBox(0.5 * (a.lo + a.hi), Eigen::Matrix3d::Identity(), 0.5 * (a.hi - a.lo),
                     hit[i] ? pbm::colors::kWarning : pbm::colors::kDim, 1.5f);
    }
  }

 private:
  pbm::PairList overlapping() const {
    pbm::PairList pairs;
    for (int i = 0; i < int(aabbs_.size()); ++i)
      for (int j = i + 1; j < int(aabbs_.size()); ++j)
        if (pbm::aabbOverlap(aabbs_[i], aabbs_[j])) pairs.emplace_back(i, j);
    return pairs;
  }
  double t_ = 0.0;
  std::vector<Eigen::Vector3d> x_, half_;
  std::vector<Eigen::Matrix3d> R_;
  std::vector<pbm::AABB> aabbs_;
};

}  // namespace

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch08_sweep_sort",
      "Sweep-and-sort and separating planes (RBII §7)",
      {[] { return std::unique_ptr<pbm::Scene>(std::make_unique<BoxesScene>()); }},
  };
  return pbm::runChapter(argc, argv, chapter);
}
