#include "broadphase_scene.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "anchor_boxes.h"
#include "pbm/app/csv.h"
#include "pbm/app/text.h"
#include "pbm/viewer/canvas3d.h"
#include "pbm/viewer/ui.h"

namespace ch08 {

using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace {
using pbm::kNaN;                  // the CSV's empty cell (app/csv.h)
constexpr int kMaxDrawn = 20000;  // wire boxes drawn at most (the sweep runs on all)
constexpr pbm::Color kFree = pbm::rgba(110, 190, 140, 150);
constexpr pbm::Color kOverlap = pbm::rgba(240, 70, 60, 255);
constexpr pbm::Color kContainer = pbm::rgba(120, 130, 150, 255);
constexpr pbm::Color kSwapColour = pbm::rgba(86, 156, 245, 255);
constexpr pbm::Color kTestColour = pbm::rgba(250, 215, 60, 255);
constexpr pbm::Color kBruteColour = pbm::rgba(235, 87, 87, 255);
constexpr pbm::Color kBeColour = pbm::rgba(111, 207, 120, 255);
}  // namespace

BroadphaseScene::BroadphaseScene()
    : workPlot_("work per frame (log)",
                {"exchanges", "b/e exchanges", "box tests", "brute n(n-1)/2"},
                {kSwapColour, kBeColour, kTestColour, kBruteColour}),
      pairPlot_("pairs", {"overlapping", "status changes"}, {kOverlap, kTestColour}) {
  workPlot_.logY = true;
  pairPlot_.yFromZero = true;  // counts: the axis started at -50
  settings_.h = 0.01;
  settings_.hMin = 1e-4;
  settings_.hMax = 0.1;
  settings_.tEnd = 1.0;
}

pbm::OrbitView BroadphaseScene::initialOrbit() const {
  pbm::OrbitView v;
  const double s = side();
  v.target = Vector3d::Constant(0.5 * s);
  v.distance = 2.0 * s + 4.0;
  v.yawDeg = 30.0;
  v.pitchDeg = 22.0;
  // The target moved left (the camera's right is (cos yaw, 0, -sin yaw)) so
  // the boxes sit right of the lesson text.
  const double yaw = v.yawDeg * 3.141592653589793 / 180.0;
  v.target -= 0.12 * v.distance * Vector3d(std::cos(yaw), 0.0, -std::sin(yaw));
  return v;
}

void BroadphaseScene::reset() {
  t_ = 0.0;
  frame_ = 0;
  shufflePending_ = false;
  mismatchFrames_ = 0;
  workPlot_.clear();
  pairPlot_.clear();
  build();
  sweep(pbm::Host::Viewer, true);
}

void BroadphaseScene::advance(double tLimit, pbm::Host host) {
  const double dt = std::min(settings_.h, tLimit - t_);
  if (shufflePending_) {
    teleport();
    shufflePending_ = false;
  } else {
    move(dt);
  }
  ++frame_;
  // The last frame lands on tLimit exactly (the headless run's last row).
  t_ = dt < settings_.h ? tLimit : frame_ * settings_.h;
  sweep(host, false);
}

void BroadphaseScene::sweep(pbm::Host host, bool first) {
  computeAabbs(aabb_);
  if (first)
    sweep_.init(aabb_);
  else
    sweep_.update(aabb_);
  stats_ = sweep_.stats();
  pairs_ = sweep_.overlaps();
  brutePairs_ = -1;
  if (brute_) {
    const pbm::PairList brute = brutePairs(aabb_);
    brutePairs_ = static_cast<long>(brute.size());
    if (brute != pairs_) ++mismatchFrames_;
  }
  if (host == pbm::Host::Headless) return;
  inPair_.assign(aabb_.size(), 0);
  for (const auto& [i, j] : pairs_) inPair_[i] = inPair_[j] = 1;
  if (first) return;  // init's sort is no exchange count: plot the frames after it
  const double n = static_cast<double>(aabb_.size());
  const long swaps = stats_.swaps[0] + stats_.swaps[1] + stats_.swaps[2];
  workPlot_.push(t_, {static_cast<double>(swaps), static_cast<double>(stats_.beSwaps),
                      static_cast<double>(stats_.boxTests), 0.5 * n * (n - 1.0)});
  pairPlot_.push(t_,
                 {static_cast<double>(pairs_.size()), static_cast<double>(stats_.statusChanges)});
}

std::vector<std::string> BroadphaseScene::csvColumns() const {
  return {"t",        "n",         "swaps_x",  "swaps_y",        "swaps_z",
          "be_swaps", "box_tests", "overlaps", "status_changes", "brute_pairs"};
}

std::vector<double> BroadphaseScene::csvRow() const {
  return {t_,
          static_cast<double>(aabb_.size()),
          static_cast<double>(stats_.swaps[0]),
          static_cast<double>(stats_.swaps[1]),
          static_cast<double>(stats_.swaps[2]),
          static_cast<double>(stats_.beSwaps),
          static_cast<double>(stats_.boxTests),
          static_cast<double>(pairs_.size()),
          static_cast<double>(stats_.statusChanges),
          brutePairs_ >= 0 ? static_cast<double>(brutePairs_) : kNaN};
}

void BroadphaseScene::draw3D(pbm::Canvas3D& canvas) {
  const double s = side();
  canvas.groundGrid(0.75 * s + 2.0, s > 24.0 ? 4.0 : 1.0, 0.0);
  canvas.wireBox(Vector3d::Constant(0.5 * s), Matrix3d::Identity(), Vector3d::Constant(0.5 * s),
                 kContainer, 1.5f);
  drawBodies(canvas, inPair_);
  if (!showAabbs_) return;
  const int n = std::min<int>(count(), kMaxDrawn);
  for (int i = 0; i < n && i < static_cast<int>(inPair_.size()); ++i) {
    const auto& b = aabb_[i];
    const bool red = inPair_[i];
    canvas.wireBox(0.5 * (b.lo + b.hi), Matrix3d::Identity(), 0.5 * (b.hi - b.lo),
                   red ? kOverlap : kFree, red ? 2.f : 1.f);
  }
}

void BroadphaseScene::panel() {
  if (pbm::ui::button("shuffle")) shufflePending_ = true;
  pbm::ui::sameLine();
  pbm::ui::textWrapped("teleports every box: the next frame has no coherence left");
  pbm::ui::checkbox("AABBs", &showAabbs_);
  const pbm::Px2 sz(-1.f, 90.f);
  workPlot_.draw(sz);
  pairPlot_.draw(pbm::Px2(-1.f, 70.f));
}

void BroadphaseScene::hud(std::vector<std::string>& lines) const {
  const double n = static_cast<double>(aabb_.size());
  const long swaps = stats_.swaps[0] + stats_.swaps[1] + stats_.swaps[2];
  lines.push_back(
      pbm::format("frame %ld   %d boxes   overlapping pairs %zu", frame_, count(), pairs_.size()));
  lines.push_back(pbm::format("exchanges x %ld  y %ld  z %ld  (b/e %ld)   box tests %ld",
                              stats_.swaps[0], stats_.swaps[1], stats_.swaps[2], stats_.beSwaps,
                              stats_.boxTests));
  lines.push_back(pbm::format("status changes %ld   brute force: %.0f tests (%.0fx)",
                              stats_.statusChanges, 0.5 * n * (n - 1.0),
                              swaps > 0 ? 0.5 * n * (n - 1.0) / static_cast<double>(swaps) : 0.0));
  if (brutePairs_ >= 0)
    lines.push_back(pbm::format(
        "brute force pairs %ld: %s   (frames differing so far: %ld)", brutePairs_,
        brutePairs_ == static_cast<long>(pairs_.size()) ? "equal" : "DIFFERENT", mismatchFrames_));
  if (count() > kMaxDrawn) lines.push_back(pbm::format("(the first %d AABBs drawn)", kMaxDrawn));
}

}  // namespace ch08
