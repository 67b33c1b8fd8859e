// intervals_1d: figure 18 of RBII §7.2.1 set moving. n intervals [b_i, e_i]
// drift on a line; their 2n endpoints are kept in one list from frame to
// frame and re-sorted by insertion sort (RBII §7.2.2). Every exchange is
// flashed; a b passing below an e starts an overlap (the pair enters the
// table), an e passing below a b ends one (it leaves): no other work. A
// sweep line runs along the axis to show the active list of the first-frame
// sweep (figure 18).
#include <algorithm>
#include <cmath>
#include <memory>
#include <set>
#include <unordered_set>

#include "anchor_boxes.h"
#include "pbm/app/text.h"
#include "pbm/collision/broadphase.h"
#include "pbm/viewer/canvas3d.h"
#include "pbm/viewer/plot.h"
#include "pbm/viewer/ui.h"
#include "scenes.h"

namespace ch08 {

namespace {

using Eigen::Vector3d;

constexpr int kRows = 24;         // interval bars stacked in at most this many rows
constexpr double kRowGap = 0.35;  // m between rows
constexpr int kFlashFrames = 24;  // an exchange stays lit this many frames
constexpr int kLabelled = 40;     // endpoints labelled b_i / e_i up to this n
constexpr pbm::Color kBegin = pbm::rgba(111, 207, 120, 255);
constexpr pbm::Color kEnd = pbm::rgba(245, 160, 70, 255);
constexpr pbm::Color kBar = pbm::rgba(150, 162, 185, 255);
constexpr pbm::Color kBarHit = pbm::rgba(240, 70, 60, 255);
constexpr pbm::Color kActive = pbm::rgba(250, 215, 60, 255);
constexpr pbm::Color kBeFlash = pbm::rgba(255, 90, 200, 255);
constexpr pbm::Color kSameFlash = pbm::rgba(86, 156, 245, 255);

// The pair (i, j) as one table key, the smaller index in the high half.
std::uint64_t pairKey(int i, int j) {
  const auto lo = static_cast<std::uint64_t>(std::min(i, j));
  const auto hi = static_cast<std::uint64_t>(std::max(i, j));
  return lo << 32 | hi;
}

class Intervals1DScene : public pbm::Scene {
 public:
  Intervals1DScene()
      : plot_("per frame", {"exchanges", "b/e exchanges", "status changes"},
              {kSameFlash, kBeFlash, kActive}) {
    plot_.yFromZero = true;  // counts, never negative
    params_.add("n", &n_, 1.0, 1000.0, "number of intervals").integer = true;
    params_.add("speed", &speed_, 0.0, 100.0, "largest speed, m/s");
    params_.add("width", &width_, 0.01, 10.0, "mean interval length, m");
    params_.add("seed", &seed_, 0.0, 1e9, "random seed").integer = true;
    params_.add("sweep_speed", &sweepSpeed_, 0.0, 20.0, "speed of the sweep line, m/s (viewer)");
    settings_.h = 0.01;
    settings_.hMin = 1e-4;
    settings_.hMax = 0.1;
    settings_.tEnd = 2.0;
  }
  std::string name() const override { return "intervals_1d"; }
  std::string title() const override { return "Intervals on a line: sort, sweep, insertion sort"; }
  std::string lookFor() const override {
    return "Figure 18 (RBII §7.2.1): the yellow sweep line passes the sorted endpoints; at a b "
           "the interval meets every interval on the active list (yellow), at an e it leaves. "
           "Then coherence (§7.2.2): the endpoint list is kept and re-sorted by insertion sort. "
           "Each exchange flashes: magenta when a b passes an e (an overlap starts or ends), "
           "blue for b/b and e/e (nothing changes). Red bars overlap another.";
  }

  void reset() override {
    const int n = static_cast<int>(n_);
    SplitMix64 rng(static_cast<std::uint64_t>(seed_));
    L_ = std::max(10.0, 0.8 * n * width_);
    c_.resize(n), r_.resize(n), v_.resize(n);
    for (int i = 0; i < n; ++i) {
      c_[i] = L_ * rng.uniform();
      r_[i] = 0.5 * width_ * (0.5 + rng.uniform());
      v_[i] = speed_ * (2.0 * rng.uniform() - 1.0);
    }
    t_ = 0.0;
    frame_ = 0;
    list_.clear();
    for (int i = 0; i < n; ++i)
      list_.push_back({c_[i] - r_[i], i, false}), list_.push_back({c_[i] + r_[i], i, true});
    // The first frame: sort from scratch and sweep (RBII §7.2.1).
    std::sort(list_.begin(), list_.end(), [](const pbm::Endpoint& a, const pbm::Endpoint& b) {
      return a.value < b.value || (a.value == b.value && !a.isEnd && b.isEnd);
    });
    table_.clear();  // first: a sweep that throws (exercise not done) leaves no stale pairs
    const pbm::PairList first = pbm::sweepAndPrune1D(intervals());
    for (const auto& [i, j] : first) table_.insert(pairKey(i, j));
    sweepPairs_ = static_cast<long>(first.size());
    swaps_ = beSwaps_ = statusChanges_ = 0;
    flashes_.clear();
    plot_.clear();
    count();
  }

  void advance(double tLimit, pbm::Host host) override {
    const double dt = std::min(settings_.h, tLimit - t_);
    for (size_t i = 0; i < c_.size(); ++i) {
      c_[i] += v_[i] * dt;
      if (c_[i] < 0.0) c_[i] = -c_[i], v_[i] = -v_[i];
      if (c_[i] > L_) c_[i] = 2.0 * L_ - c_[i], v_[i] = -v_[i];
    }
    ++frame_;
    t_ = dt < settings_.h ? tLimit : frame_ * settings_.h;
    for (auto& p : list_) p.value = p.isEnd ? c_[p.box] + r_[p.box] : c_[p.box] - r_[p.box];
    const auto before = table_;
    beSwaps_ = 0;
    const bool viewer = host == pbm::Host::Viewer;
    swaps_ = pbm::insertionSortEndpoints(
        list_, [&](const pbm::Endpoint& moved, const pbm::Endpoint& passed) {
          if (viewer)
            flashes_.push_back({moved.box, moved.isEnd, passed.box, passed.isEnd, frame_});
          if (moved.isEnd == passed.isEnd) return;  // b/b or e/e: no status change
          ++beSwaps_;
          const auto k = pairKey(moved.box, passed.box);
          if (!moved.isEnd)
            table_.insert(k);  // b_i now below e_j: they start to overlap
          else
            table_.erase(k);  // e_i now below b_j: they stop
        });
    // Status changes: pairs in one table and not the other (a pair that
    // starts and stops within a frame exchanged twice and did not change).
    statusChanges_ = 0;
    for (auto k : table_) statusChanges_ += !before.count(k);
    for (auto k : before) statusChanges_ += !table_.count(k);
    if (viewer) {
      sweepPairs_ = static_cast<long>(pbm::sweepAndPrune1D(intervals()).size());
      std::erase_if(flashes_, [&](const Flash& f) { return frame_ - f.frame >= kFlashFrames; });
      plot_.push(t_, {static_cast<double>(swaps_), static_cast<double>(beSwaps_),
                      static_cast<double>(statusChanges_)});
    }
    count();
  }
  double time() const override { return t_; }
  bool stateFinite() const override { return true; }

  std::vector<std::string> csvColumns() const override {
    return {"t", "n", "swaps", "be_swaps", "status_changes", "overlaps", "brute_pairs"};
  }
  std::vector<double> csvRow() const override {
    return {t_,
            static_cast<double>(c_.size()),
            static_cast<double>(swaps_),
            static_cast<double>(beSwaps_),
            static_cast<double>(statusChanges_),
            static_cast<double>(table_.size()),
            static_cast<double>(brute_)};
  }

  pbm::ViewKind view() const override { return pbm::ViewKind::Orbit3D; }
  pbm::OrbitView initialOrbit() const override {
    pbm::OrbitView v;
    const int rows = std::min<int>(static_cast<int>(n_), kRows);
    const double L = std::max(10.0, 0.8 * n_ * width_);
    // The axis low in the window, the bars above it and below the lesson text.
    v.target = Vector3d(0.5 * L, 0.5 * kRowGap * rows + 0.2 * L - 0.3, 0.0);
    v.distance = 1.35 * L + 2.0;
    v.yawDeg = 0.0;
    v.pitchDeg = 0.0;
    return v;
  }

  void draw3D(pbm::Canvas3D& canvas) override {
    const int n = static_cast<int>(c_.size());
    canvas.line(Vector3d(-0.5, 0, 0), Vector3d(L_ + 0.5, 0, 0), pbm::colors::kAxis, 1.5f);
    // The sweep line of figure 18, and the active list where it stands.
    const double x = sweepX();
    canvas.line(Vector3d(x, -0.4, 0), Vector3d(x, kRowGap * (std::min(n, kRows) + 1), 0), kActive,
                2.f);
    std::vector<char> hit(n, 0);
    for (auto k : table_)
      if (static_cast<int>(k >> 32) < n && static_cast<int>(k & 0xffffffffu) < n)
        hit[k >> 32] = hit[k & 0xffffffffu] = 1;
    for (int i = 0; i < n; ++i) {
      const double y = kRowGap * (1 + i % kRows);
      const bool active = c_[i] - r_[i] <= x && x <= c_[i] + r_[i];
      canvas.line(Vector3d(c_[i] - r_[i], y, 0), Vector3d(c_[i] + r_[i], y, 0),
                  active   ? kActive
                  : hit[i] ? kBarHit
                           : kBar,
                  active || hit[i] ? 5.f : 4.f);
      if (n <= kLabelled)
        canvas.text(Vector3d(c_[i] + r_[i], y, 0), pbm::format("%d", i), pbm::colors::kDim,
                    {4.f, -8.f});
    }
    // The endpoint list as ticks on the axis, b green and e orange.
    for (size_t k = 0; k < list_.size(); ++k) {
      const auto& p = list_[k];
      const pbm::Color c = p.isEnd ? kEnd : kBegin;
      canvas.line(Vector3d(p.value, -0.15, 0), Vector3d(p.value, 0.15, 0), c, 2.f);
      if (n <= kLabelled)
        canvas.text(Vector3d(p.value, -0.15, 0), pbm::format("%c%d", p.isEnd ? 'e' : 'b', p.box), c,
                    {-6.f, 4.f});
    }
    // Exchanges of the last frames, fading.
    for (const auto& f : flashes_) {
      const int age = static_cast<int>(frame_ - f.frame);
      const int alpha = 255 - 200 * age / kFlashFrames;
      const pbm::Color c = pbm::withAlpha(f.movedEnd != f.passedEnd ? kBeFlash : kSameFlash, alpha);
      const double a = value(f.moved, f.movedEnd), b = value(f.passed, f.passedEnd);
      canvas.line(Vector3d(a, -0.35, 0), Vector3d(a, 0.35, 0), c, 4.f);
      canvas.line(Vector3d(b, -0.35, 0), Vector3d(b, 0.35, 0), c, 4.f);
      canvas.line(Vector3d(a, -0.35, 0), Vector3d(b, -0.35, 0), c, 2.f);
    }
  }

  void panel() override { plot_.draw(pbm::Px2(-1.f, 90.f)); }

  void hud(std::vector<std::string>& lines) const override {
    lines.push_back(
        pbm::format("frame %ld   %zu intervals, %zu endpoints", frame_, c_.size(), list_.size()));
    lines.push_back(pbm::format("exchanges %ld (b/e %ld)   status changes %ld", swaps_, beSwaps_,
                                statusChanges_));
    lines.push_back(pbm::format("overlaps: table %zu   sweep %ld   brute force %ld%s",
                                table_.size(), sweepPairs_, brute_,
                                static_cast<long>(table_.size()) == brute_ ? "" : "  DIFFERENT"));
    const double x = sweepX();
    std::string active;
    int shown = 0;
    for (const auto& p : list_) {  // in list order: the active list as the sweep builds it
      if (p.isEnd || p.value > x || c_[p.box] + r_[p.box] < x) continue;
      if (++shown > 16) {
        active += " ...";
        break;
      }
      active += pbm::format(" %d", p.box);
    }
    lines.push_back(pbm::format("sweep line at %.2f m, active list:", x) +
                    (active.empty() ? std::string(" (empty)") : active));
  }

 private:
  struct Flash {
    int moved;
    bool movedEnd;
    int passed;
    bool passedEnd;
    long frame;
  };
  std::vector<pbm::Interval> intervals() const {
    std::vector<pbm::Interval> out(c_.size());
    for (size_t i = 0; i < c_.size(); ++i) out[i] = {c_[i] - r_[i], c_[i] + r_[i]};
    return out;
  }
  double value(int i, bool end) const { return end ? c_[i] + r_[i] : c_[i] - r_[i]; }
  // The sweep line runs across the axis and back, a little past both ends.
  double sweepX() const {
    const double span = L_ + 2.0;
    if (sweepSpeed_ <= 0.0 || span <= 0.0) return -1.0;
    const double s = std::fmod(sweepSpeed_ * t_ + 2.0, 2.0 * span);  // from x = 1
    return -1.0 + (s < span ? s : 2.0 * span - s);
  }
  // The O(n^2) count, every frame (intervals are few).
  void count() {
    brute_ = 0;
    const size_t n = c_.size();
    for (size_t i = 0; i < n; ++i)
      for (size_t j = i + 1; j < n; ++j)
        brute_ += c_[i] - r_[i] <= c_[j] + r_[j] && c_[j] - r_[j] <= c_[i] + r_[i];
  }

  double n_ = 12, speed_ = 1.0, width_ = 0.7, seed_ = 3, sweepSpeed_ = 1.5;
  double L_ = 10.0, t_ = 0.0;
  long frame_ = 0;
  std::vector<double> c_, r_, v_;
  std::vector<pbm::Endpoint> list_;
  std::unordered_set<std::uint64_t> table_;
  long swaps_ = 0, beSwaps_ = 0, statusChanges_ = 0, sweepPairs_ = 0, brute_ = 0;
  std::vector<Flash> flashes_;
  pbm::TimePlot plot_;
};

}  // namespace

std::unique_ptr<pbm::Scene> makeIntervals1DScene() {
  return std::make_unique<Intervals1DScene>();
}

}  // namespace ch08
