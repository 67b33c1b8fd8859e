#include "impulse_scene.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>

#include "pbm/app/text.h"
#include "pbm/core/errors.h"
#include "pbm/rigid/methods.h"
#include "pbm/rigid/rigid.h"
#include "pbm/rigid/rigid_forces.h"
#include "pbm/scenekit/collision_world_view.h"
#include "pbm/viewer/canvas3d.h"
#include "pbm/viewer/ui.h"

namespace ch09 {

using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace {
constexpr double kPlotEvery = 0.01;  // s of simulated time between plot samples
constexpr size_t kHistory = 400;     // impulses kept for the list and the arrows
constexpr double kArrowLife = 0.4;   // s of simulated time an impulse arrow stays
constexpr pbm::Color kBodyColour = pbm::rgba(150, 162, 185, 255);
constexpr pbm::Color kBallColour = pbm::rgba(86, 156, 245, 255);
constexpr pbm::Color kFixedColour = pbm::rgba(110, 100, 90, 255);
constexpr pbm::Color kImpulseColour = pbm::rgba(255, 120, 90, 255);
const pbm::Color kAxisColours[3] = {pbm::rgba(235, 87, 87, 255), pbm::rgba(111, 207, 120, 255),
                                    pbm::rgba(86, 156, 245, 255)};
}  // namespace

pbm::RigidBody makeBall(double mass, double radius, const Vector3d& x) {
  pbm::RigidBody b;
  b.mass = mass;
  b.invMass = 1.0 / mass;
  b.Ibody = Matrix3d::Identity() * (0.4 * mass * radius * radius);
  b.IbodyInv = b.Ibody.inverse();
  b.halfExtents = Vector3d::Constant(radius);
  b.x = x;
  pbm::computeAuxiliary(b);
  return b;
}

pbm::RigidBody makeFixed(const Vector3d& x) {
  pbm::RigidBody b = pbm::makeFixedBlock(Vector3d::Constant(0.1));
  b.x = x;
  pbm::computeAuxiliary(b);
  return b;
}

ImpulseScene::ImpulseScene()
    : pPlot_("total P, kg m/s", {"px", "py", "pz"},
             {kAxisColours[0], kAxisColours[1], kAxisColours[2]}),
      lPlot_("total L about the origin, kg m^2/s", {"lx", "ly", "lz"},
             {kAxisColours[0], kAxisColours[1], kAxisColours[2]}),
      kePlot_("kinetic energy, J", {"KE"}, {pbm::colors::kRk4}) {
  // KE = sum (m v.v + w.L)/2 is never negative (L = I w, I positive definite):
  // its axis starts at 0, not at the -5 J that padding the range rounded to.
  kePlot_.yFromZero = true;
  settings_.method = "rk4";
  settings_.h = 0.01;
  settings_.hMin = 1e-4;
  settings_.hMax = 0.1;
  settings_.tEnd = 3.0;
  orbit_.distance = 6.0;
  orbit_.yawDeg = 25.0;
  orbit_.pitchDeg = 15.0;
  orbit_.target = Vector3d(0.0, 0.8, 0.0);
}

void ImpulseScene::addCollisionParams(double eps, double threshold, double g, double distTol) {
  eps_ = eps, threshold_ = threshold, g_ = g, distTol_ = distTol;
  params_.add("eps", &eps_, 0.0, 1.0, "coefficient of restitution (8-10): v_rel+ = -eps v_rel-");
  params_
      .add("threshold", &threshold_, 1e-12, 100.0,
           "|v_rel| below this is resting contact, m/s (the notes' THRESHOLD)")
      .logScale = true;
  params_
      .add("dist_tol", &distTol_, 1e-14, 1.0,
           "collision tolerance: |gap| <= dist_tol is contact, m (RBII §6)")
      .logScale = true;
  params_.add("g", &g_, 0.0, 100.0, "gravity along -y, m/s^2");
}

std::vector<std::string> ImpulseScene::methods() const {
  return pbm::methodNames(pbm::rigidMethods());
}

pbm::OrbitView ImpulseScene::initialOrbit() const {
  pbm::OrbitView v = orbit_;
  // The camera's right is (cos yaw, 0, -sin yaw) for +y up: the bodies sit
  // right of the lesson text.
  const double yaw = v.yawDeg * std::numbers::pi / 180.0;
  v.target -= viewShift_ * v.distance * Vector3d(std::cos(yaw), 0.0, -std::sin(yaw));
  return v;
}

void ImpulseScene::reset() {
  world_ = pbm::CollisionWorld();
  world_.settings.eps = eps_;
  world_.settings.threshold = threshold_;
  world_.settings.distTol = distTol_;
  build();
  frameView();
  if (world_.bodies.empty()) throw pbm::UsageError("scene '" + name() + "' built no bodies");
  if (g_ > 0.0) world_.addForce(std::make_unique<pbm::RigidGravity>(Vector3d(0.0, -g_, 0.0)));
  Eigen::VectorXd y;
  double t = 0.0;
  world_.getState(y, t);
  world_.setState(y, 0.0);
  stepper_.reset(pbm::findMethod(pbm::rigidMethods(), settings_.method), settings_.h);
  stepper_.watch(world_);
  impacts_ = 0;
  lastPasses_ = lastBisections_ = 0;
  lastStats_ = {};
  lastTrials_.clear();
  lastEventStart_ = lastEventH_ = 0.0;
  history_.clear();
  haveImpulse_ = false;
  lastRecord_ = {};
  lastImpactT_ = -1.0;
  pauseRequest_ = false;
  heldAt_ = -1.0;
  maxJ_ = 0.0;
  for (auto* p : {&pPlot_, &lPlot_, &kePlot_}) p->clear();
  lastPlotT_ = -1.0;
  afterStep(pbm::Host::Viewer);
  record(pbm::Host::Viewer);
}

void ImpulseScene::takeStep(double t0, double h) {
  pbm::CollisionStats s;
  pbm::stepWithCollisions(world_, method(), h, &s);
  account(s, t0, h);
}

void ImpulseScene::account(const pbm::CollisionStats& s, double t0, double h) {
  lastStats_ = s;
  stepper_.countEvals(s.evals);
  impacts_ += s.impacts;
  if (s.events > 0) {
    lastBisections_ = s.bisections;
    lastTrials_ = s.trialTimes;
    lastEventStart_ = t0;
    lastEventH_ = h;
  }
  if (!s.log.empty()) {
    haveImpulse_ = true;
    lastRecord_ = s.log.back();
    // The passes of the loop that applied it: its last applying pass and the
    // one after that found nothing (s.passes is the step end's loop).
    lastPasses_ = lastRecord_.pass + 1;
    // The time of the step's last impulse, not of its last bisection: an
    // arrival after it that only rests (the ball's 39th) is bisected too.
    lastImpactT_ = s.logTimes.size() == s.log.size() ? s.logTimes.back() : t0 + h;
  }
}

void ImpulseScene::advance(double tLimit, pbm::Host host) {
  const bool viewer = host == pbm::Host::Viewer;
  if (viewer && time() >= loopTime()) {
    reset();
    return;
  }
  const double t0 = time();
  Eigen::VectorXd y0;
  std::vector<pbm::Contact> resting0;
  if (viewer) {
    double t = 0.0;
    world_.getState(y0, t);
    resting0 = world_.resting;
  }
  const double h = stepper_.plan(tLimit);
  locatedByScene_.clear();
  stepper_.run([&] { takeStep(t0, h); });
  stepper_.check(world_);
  if (viewer && !lastStats_.log.empty()) {
    std::vector<ImpulseEvent> events = locatedByScene_;
    if (events.size() != lastStats_.log.size()) {
      events.clear();
      locate(y0, resting0, t0, events);
    }
    for (auto& e : events) {
      history_.push_back(e);
      maxJ_ = std::max(maxJ_, std::abs(e.rec.j));
    }
    while (history_.size() > kHistory) history_.pop_front();
    if (pauseOnCollision_) pauseRequest_ = true, heldAt_ = time();
  }
  afterStep(host);
  record(host);
}

void ImpulseScene::locate(const Eigen::VectorXd& y0, const std::vector<pbm::Contact>& resting0,
                          double t0, std::vector<ImpulseEvent>& events) {
  const pbm::CollisionStats& s = lastStats_;
  for (size_t i = 0; i < s.log.size(); ++i) {
    ImpulseEvent e;
    e.t = i < s.logTimes.size() ? s.logTimes[i] : lastImpactT_;
    e.rec = s.log[i];
    events.push_back(e);
  }
  if (s.events != 1 || s.trialTimes.empty() || y0.size() == 0) return;
  // Y(t_c) again: the same stepWorld from the step's start as the bisection's
  // last trial, with the resting list the step started with.
  Eigen::VectorXd yEnd;
  double tEnd = 0.0;
  world_.getState(yEnd, tEnd);
  const std::vector<pbm::Contact> restingEnd = world_.resting;
  const double tau = s.trialTimes.back() - t0;
  world_.setState(y0, t0);
  world_.resting = resting0;
  std::vector<pbm::Contact> cs;
  try {
    if (tau > 0.0) pbm::stepWorld(world_, method(), tau);
    cs = world_.contacts(world_.settings.distTol);
  } catch (const std::exception&) {
    cs.clear();  // only the arrows are lost
  }
  for (auto& e : events) {
    if (e.rec.contact < 0 || e.rec.contact >= static_cast<int>(cs.size())) continue;
    const pbm::Contact& c = cs[e.rec.contact];
    const bool aMoves = c.a && c.a->invMass > 0.0;
    e.located = true;
    e.p = c.p;
    e.dir = aMoves ? c.n : Vector3d(-c.n);  // +j n on a, -j n on b (8-7)
  }
  world_.setState(yEnd, tEnd);
  world_.resting = restingEnd;
}

double ImpulseScene::kineticEnergy() const {
  double e = 0.0;
  for (const auto& b : world_.bodies) e += 0.5 * b.P.dot(b.v) + 0.5 * b.omega.dot(b.L);
  return e;
}

Vector3d ImpulseScene::totalP() const {
  Vector3d p = Vector3d::Zero();
  for (const auto& b : world_.bodies) p += b.P;
  return p;
}

Vector3d ImpulseScene::totalL() const {
  Vector3d l = Vector3d::Zero();
  for (const auto& b : world_.bodies) l += b.L + b.x.cross(b.P);
  return l;
}

void ImpulseScene::record(pbm::Host host) {
  const double t = time();
  if (host == pbm::Host::Headless || t - lastPlotT_ < kPlotEvery) return;
  lastPlotT_ = t;
  const Vector3d p = totalP(), l = totalL();
  pPlot_.push(t, {p.x(), p.y(), p.z()});
  lPlot_.push(t, {l.x(), l.y(), l.z()});
  kePlot_.push(t, {kineticEnergy()});
}

std::vector<std::string> ImpulseScene::csvColumns() const {
  std::vector<std::string> c{"t",
                             "x",
                             "y",
                             "z",
                             "vx",
                             "vy",
                             "vz",
                             "omega_x",
                             "omega_y",
                             "omega_z",
                             "gap",
                             "ke",
                             "px",
                             "py",
                             "pz",
                             "lx",
                             "ly",
                             "lz",
                             "impacts",
                             "passes",
                             "last_j",
                             "last_vrel_minus",
                             "last_vrel_plus",
                             "bisections",
                             "evals"};
  extraColumns(c);
  return c;
}

std::vector<double> ImpulseScene::csvRow() const {
  const pbm::RigidBody& b = world_.bodies.at(0);
  const Vector3d p = totalP(), l = totalL();
  std::vector<double> r{time(),
                        b.x.x(),
                        b.x.y(),
                        b.x.z(),
                        b.v.x(),
                        b.v.y(),
                        b.v.z(),
                        b.omega.x(),
                        b.omega.y(),
                        b.omega.z(),
                        world_.closest().gap,
                        kineticEnergy(),
                        p.x(),
                        p.y(),
                        p.z(),
                        l.x(),
                        l.y(),
                        l.z(),
                        static_cast<double>(impacts_),
                        static_cast<double>(lastPasses_),
                        haveImpulse_ ? lastRecord_.j : kNaN,
                        haveImpulse_ ? lastRecord_.vrelMinus : kNaN,
                        haveImpulse_ ? lastRecord_.vrelPlus : kNaN,
                        static_cast<double>(lastBisections_),
                        static_cast<double>(evals())};
  extraRow(r);
  return r;
}

// ------------------------------------------------------------------ viewer

void ImpulseScene::draw3D(pbm::Canvas3D& canvas) {
  drawShapes(canvas);
  drawExtras(canvas);
  if (showArrows_) drawImpulses(canvas);
}

void ImpulseScene::drawShapes(pbm::Canvas3D& canvas) {
  pbm::WorldLook look;
  look.floorExtent = floorExtent_;
  look.gridStep = floorExtent_ > 4.0 ? 1.0 : 0.5;
  look.colour = [](size_t i) { return i == 0 ? kBallColour : kBodyColour; };
  look.pegColour = kFixedColour;
  look.markColour = kAxisColours[0];
  pbm::drawCollisionWorld(canvas, world_, look);
}

void ImpulseScene::drawImpulses(pbm::Canvas3D& canvas) {
  // Each recent impulse as an arrow that ends at its contact point, pushing
  // the moving body (outside it, so a box does not hide it); the largest
  // labelled.
  const double t = time();
  const ImpulseEvent* largest = nullptr;
  double len0 = 0.0;
  for (const auto& e : history_) {
    if (!e.located || t - e.t > kArrowLife) continue;
    const double len = maxJ_ > 0.0 ? arrowLength_ * std::abs(e.rec.j) / maxJ_ : 0.0;
    if (len < 1e-6) continue;
    canvas.arrow(e.p - len * e.dir, e.p, kImpulseColour, 3.f, 14.f);
    if (!largest || std::abs(e.rec.j) > std::abs(largest->rec.j)) largest = &e, len0 = len;
  }
  if (largest)
    canvas.text(largest->p - len0 * largest->dir, pbm::format("J = %.3g N s", largest->rec.j),
                kImpulseColour);
}

void ImpulseScene::hud(std::vector<std::string>& lines) const {
  const Vector3d p = totalP(), l = totalL();
  lines.push_back(pbm::format("method %s   impulses %ld (this step %d)   KE %.6g J",
                              stepper_.method().label.c_str(), impacts_, lastStats_.impacts,
                              kineticEnergy()));
  lines.push_back(pbm::format("P = (%.4g, %.4g, %.4g)   L = (%.4g, %.4g, %.4g)", p.x(), p.y(),
                              p.z(), l.x(), l.y(), l.z()));
  if (haveImpulse_) {
    const double ratio =
        lastRecord_.vrelMinus != 0.0 ? -lastRecord_.vrelPlus / lastRecord_.vrelMinus : kNaN;
    lines.push_back(pbm::format(
        "last impulse j = %.5g N s: v_rel- = %.5g, v_rel+ = %.5g m/s, -v+/v- = %.6f (eps %.6g)",
        lastRecord_.j, lastRecord_.vrelMinus, lastRecord_.vrelPlus, ratio, eps_));
    lines.push_back(pbm::format("last event: %d passes, %d bisection evaluations", lastPasses_,
                                lastBisections_));
  }
  extraHud(lines);
}

bool ImpulseScene::takePauseRequest() {
  const bool r = pauseRequest_;
  pauseRequest_ = false;
  return r;
}

void ImpulseScene::drawTimeline() {
  // The last bisection's trial times on [t0, t0 + h] (RBII §6, figures 13-14):
  // tick k at the k-th trial, higher for later ones, the last (t_c) red.
  pbm::ui::text("bisection of the last collision: %zu trials", lastTrials_.size());
  const pbm::Px2 at = pbm::ui::cursorScreenPos();
  const float w = pbm::ui::contentRegionAvail().x, hPx = 46.f;
  pbm::Painter& dl = pbm::ui::panelPainter();
  dl.rectFilled(at, pbm::Px2(at.x + w, at.y + hPx), pbm::rgba(34, 37, 44, 255));
  const float base = at.y + hPx - 12.f;
  dl.line(pbm::Px2(at.x + 4.f, base), pbm::Px2(at.x + w - 4.f, base), pbm::colors::kDim);
  if (lastEventH_ > 0.0 && !lastTrials_.empty()) {
    const int n = static_cast<int>(lastTrials_.size());
    for (int k = 0; k < n; ++k) {
      const double u = (lastTrials_[k] - lastEventStart_) / lastEventH_;
      const float x = at.x + 4.f + static_cast<float>(std::clamp(u, 0.0, 1.0)) * (w - 8.f);
      const float top = base - 4.f - 26.f * static_cast<float>(k + 1) / static_cast<float>(n);
      const pbm::Color c = k + 1 == n ? kImpulseColour : pbm::colors::kAdaptive;
      dl.line(pbm::Px2(x, base), pbm::Px2(x, top), c, k + 1 == n ? 2.f : 1.f);
    }
    const std::string lo = pbm::format("t0 = %.4f", lastEventStart_);
    const std::string hi = pbm::format("t0 + h = %.4f", lastEventStart_ + lastEventH_);
    dl.text(pbm::Px2(at.x + 4.f, base + 1.f), pbm::colors::kDim, lo.c_str());
    dl.text(pbm::Px2(at.x + w - 4.f - pbm::ui::textSize(hi.c_str()).x, base + 1.f),
            pbm::colors::kDim, hi.c_str());
  }
  pbm::ui::dummy(pbm::Px2(w, hPx + 2.f));
  if (lastTrials_.empty()) return;
  // An arrival slower than THRESHOLD is bisected too, then rests (RBII §8):
  // its t_c is later than the last impulse's.
  if (lastTrials_.back() > lastImpactT_ + 1e-12)
    pbm::ui::textWrapped("t_c = %.10f s (red): arrived slower than THRESHOLD, resting, no impulse",
                         lastTrials_.back());
  else
    pbm::ui::text("t_c = %.10f s (red)", lastTrials_.back());
}

void ImpulseScene::panel() {
  pbm::ui::checkbox("pause on collision", &pauseOnCollision_);
  pbm::ui::sameLine();
  pbm::ui::checkbox("impulse arrows", &showArrows_);
  // The viewer's own pause holds the run: P (or Run) goes on, O steps.
  if (pauseOnCollision_ && heldAt_ >= 0.0 && time() == heldAt_)
    pbm::ui::textColored(pbm::rgbaF(1.f, 0.6f, 0.5f, 1.f),
                         "paused at the impulse of t = %.6f s: P runs on, O steps", lastImpactT_);
  extraPanel();
  drawTimeline();
  if (pbm::ui::collapsingHeader("impulses: v_rel- and v_rel+ (8-10)")) {
    if (pbm::ui::beginTable("impulses", 5)) {
      for (const char* h : {"t, s", "pass", "j, N s", "v_rel-", "v_rel+"})
        pbm::ui::tableSetupColumn(h);
      pbm::ui::tableHeadersRow();
      int shown = 0;
      for (auto it = history_.rbegin(); it != history_.rend() && shown < 12; ++it, ++shown) {
        pbm::ui::tableNextRow();
        pbm::ui::tableNextColumn();
        pbm::ui::text("%.4f", it->t);
        pbm::ui::tableNextColumn();
        pbm::ui::text("%d", it->rec.pass);
        pbm::ui::tableNextColumn();
        pbm::ui::text("%.4g", it->rec.j);
        pbm::ui::tableNextColumn();
        pbm::ui::text("%.4g", it->rec.vrelMinus);
        pbm::ui::tableNextColumn();
        pbm::ui::text("%.4g", it->rec.vrelPlus);
      }
      pbm::ui::endTable();
    }
  }
  const pbm::Px2 sz(-1.f, 56.f);
  kePlot_.draw(sz);
  pPlot_.draw(sz);
  lPlot_.draw(sz);
}

}  // namespace ch09
