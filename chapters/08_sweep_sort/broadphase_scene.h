// The common part of chapter 08's two box scenes (boxes_3d, coherent_boxes):
// n boxes move a frame at a time; their AABBs go through the coherent 3D
// sweep-and-sort (RBII §7.2.2: three endpoint lists kept from frame to frame,
// insertion sort, the pair table changed only at exchanges); the AABBs are
// drawn as wire boxes, red when in an overlapping pair; the per-frame
// exchanges and box tests are plotted against the n(n-1)/2 tests of brute
// force; with `brute` on, every frame is checked against the O(n^2) oracle.
// "shuffle" teleports every box: the next frame has no coherence left and
// insertion sort pays O(n^2) (RBII §7.2.2).
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "pbm/app/scene.h"
#include "pbm/collision/broadphase.h"
#include "pbm/viewer/plot.h"

namespace ch08 {

class BroadphaseScene : public pbm::Scene {
 public:
  BroadphaseScene();

  void reset() override;
  void advance(double tLimit, pbm::Host host) override;
  double time() const override { return t_; }
  bool stateFinite() const override { return true; }  // positions stay in the box
  int stepsPerFrame() const override { return 1; }

  std::vector<std::string> csvColumns() const override;
  std::vector<double> csvRow() const override;

  pbm::ViewKind view() const override { return pbm::ViewKind::Orbit3D; }
  pbm::OrbitView initialOrbit() const override;
  void draw3D(pbm::Canvas3D& canvas) override;
  void panel() override;
  void hud(std::vector<std::string>& lines) const override;

 protected:
  // Builds the boxes from the parameters (t = 0).
  virtual void build() = 0;
  // One frame of motion, dt seconds.
  virtual void move(double dt) = 0;
  // Every box teleported to a fresh random place.
  virtual void teleport() = 0;
  // The AABBs of the boxes as they are now.
  virtual void computeAabbs(std::vector<pbm::AABB>& out) const = 0;
  // The solids inside the AABBs (boxes_3d's tumbling boxes); none by default.
  virtual void drawBodies(pbm::Canvas3D&, const std::vector<char>& /*inPair*/) {}
  // The container: the cube [0, side]^3.
  virtual double side() const = 0;

  int count() const { return static_cast<int>(aabb_.size()); }

  double n_ = 200;
  bool brute_ = true;
  bool showAabbs_ = true;

 private:
  void sweep(pbm::Host host, bool first);

  double t_ = 0.0;
  long frame_ = 0;
  bool shufflePending_ = false;
  std::vector<pbm::AABB> aabb_;
  pbm::CoherentSweep3D sweep_;
  pbm::CoherentSweep3D::Stats stats_;
  pbm::PairList pairs_;
  long brutePairs_ = -1;  // -1: not computed this frame
  long mismatchFrames_ = 0;
  std::vector<char> inPair_;  // per box: in some overlapping pair
  pbm::TimePlot workPlot_, pairPlot_;
};

}  // namespace ch08
