#include "rigid_scene.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <numbers>

#include "pbm/app/csv.h"
#include "pbm/app/text.h"
#include "pbm/core/errors.h"
#include "pbm/rigid/rigid.h"
#include "pbm/rigid/torque_free.h"
#include "pbm/viewer/canvas3d.h"
#include "pbm/viewer/ui.h"

namespace ch07 {

using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace {
using pbm::kNaN;                     // the CSV's empty cell (app/csv.h)
constexpr double kPlotEvery = 0.02;  // s of simulated time between plot samples
constexpr size_t kPolhodePoints = 6000;
// How many frames any chapter-07 scene has drawn: a scene drawn last has
// drawnFrame_ equal to it (initialOrbit, below).
long framesDrawn = 0;

double sevenDigits(double v) {
  if (v == 0.0 || !std::isfinite(v)) return v;
  const double unit = std::pow(10.0, std::floor(std::log10(std::abs(v))) - 6.0);
  return std::round(v / unit) * unit;
}
constexpr pbm::Color kOmegaColour = pbm::rgba(250, 215, 60, 255);  // yellow
constexpr pbm::Color kLColour = pbm::rgba(225, 85, 225, 255);      // magenta
constexpr pbm::Color kBoxColour = pbm::rgba(150, 162, 185, 255);
constexpr pbm::Color kGrabbedColour = pbm::rgba(235, 190, 120, 255);
const pbm::Color kAxisColours[3] = {pbm::rgba(235, 87, 87, 255), pbm::rgba(111, 207, 120, 255),
                                    pbm::rgba(86, 156, 245, 255)};
}  // namespace

BodyReadout readBody(const pbm::RigidBody& b) {
  BodyReadout r;
  r.x = b.x;
  r.q = b.q;
  r.R = b.R;
  r.P = b.P;
  r.L = b.L;
  r.omega = b.omega;
  r.omegaBody = b.R.transpose() * b.omega;
  // 1/2 M v.v = 1/2 P.v and 1/2 omega^T I omega = 1/2 omega.L (App. C (C-3)).
  r.eLin = 0.5 * b.P.dot(b.v);
  r.eRot = 0.5 * b.omega.dot(b.L);
  r.qNormErr = b.q.norm() - 1.0;
  r.orthErr = (b.R.transpose() * b.R - Matrix3d::Identity()).norm();
  return r;
}

void CrossingTimer::push(double t, double v) {
  if (started && lastV > 0.0 && v <= 0.0) {
    const double tc = lastT + (t - lastT) * lastV / (lastV - v);
    if (lastCrossing >= 0.0) period = tc - lastCrossing;
    lastCrossing = tc;
    ++crossings;
  }
  lastT = t, lastV = v, started = true;
}

RigidScene::RigidScene()
    : energyPlot_("energy, J", {"kinetic", "E"}, {pbm::colors::kRk4, pbm::colors::kExact}),
      driftPlot_("|E - E0| / E0 (log)", {"dE/E0"}, {pbm::colors::kAdaptive}),
      lPlot_("|L| of body 0, kg m^2/s", {"|L|"}, {kLColour}),
      normPlot_("|q| - 1 and ||R^T R - 1|| (log)", {"| |q|-1 |", "orth"},
                {pbm::colors::kMidpoint, pbm::colors::kEuler}),
      omegaPlot_("body-frame omega of body 0, rad/s", {"x", "y", "z"},
                 {kAxisColours[0], kAxisColours[1], kAxisColours[2]}) {
  settings_.method = "rk4";
  settings_.h = 0.01;
  settings_.hMin = 1e-4;
  settings_.hMax = 0.2;
  settings_.tEnd = 20.0;
  driftPlot_.logY = true;
  normPlot_.logY = true;
  orbit_.distance = 12.0;
  orbit_.yawDeg = 35.0;
  orbit_.pitchDeg = 22.0;
}

void RigidScene::addBlockParams(const Vector3d& dims, double mass, const Vector3d& omegaBody) {
  dims_ = dims, mass_ = mass, omegaBody0_ = omegaBody;
  params_.add("dim_x", &dims_.x(), 0.01, 100.0, "block side along body x, m");
  params_.add("dim_y", &dims_.y(), 0.01, 100.0, "block side along body y, m");
  params_.add("dim_z", &dims_.z(), 0.01, 100.0, "block side along body z, m");
  params_.add("mass", &mass_, 1e-3, 1e4, "block mass, kg").logScale = true;
  params_.add("omega_x", &omegaBody0_.x(), -50.0, 50.0, "initial body-frame omega x, rad/s");
  params_.add("omega_y", &omegaBody0_.y(), -50.0, 50.0, "initial body-frame omega y, rad/s");
  params_.add("omega_z", &omegaBody0_.z(), -50.0, 50.0, "initial body-frame omega z, rad/s");
}

pbm::RigidBody RigidScene::blockFromParams(const Vector3d& x0) const {
  pbm::RigidBody b = pbm::makeBlock(mass_, dims_);
  b.x = x0;
  pbm::setBodyOmega(b, omegaBody0_);  // L = R Ibody omega_b (RBI §2.9)
  return b;
}

double RigidScene::totalEnergy() const {
  double e = potentialEnergy();
  for (const auto& b : world_.bodies) e += 0.5 * b.P.dot(b.v) + 0.5 * b.omega.dot(b.L);
  return e;
}

pbm::OrbitView RigidScene::initialOrbit() const {
  pbm::OrbitView v = orbit_;
  // The camera's right is (cos yaw, 0, -sin yaw) for +y up (camera3d.cpp);
  // 0.15 distance is about 160 pixels at the target.
  const double yaw = v.yawDeg * std::numbers::pi / 180.0;
  v.target -= viewShift_ * v.distance * Vector3d(std::cos(yaw), 0.0, -std::sin(yaw));
  // Fit view frames the bodies where they are: the target moves with their
  // centre. Only while this scene is the one on screen: the shell also fits
  // when a scene is chosen again, before its reset, when its world still
  // holds the bodies of its last run.
  if (!world_.bodies.empty() && drawnFrame_ == framesDrawn) v.target += centre() - centre0_;
  return v;
}

Vector3d RigidScene::centre() const {
  Vector3d c = Vector3d::Zero();
  for (const auto& b : world_.bodies) c += b.x;
  return c / static_cast<double>(world_.bodies.size());
}

void RigidScene::reset() {
  world_.bodies.clear();
  world_.forces.clear();
  world_.renormalizeAfterStep = true;
  mouse_ = nullptr;
  build();
  frameView();
  if (world_.bodies.empty()) throw pbm::UsageError("scene '" + name() + "' built no bodies");
  Eigen::VectorXd y;
  double t = 0.0;
  world_.getState(y, t);
  world_.setState(y, 0.0);  // the world's clock back to 0 with the new bodies
  // Idle until a pick: body -1 adds nothing (rigid_forces.h).
  mouse_ = world_.addForce(std::make_unique<pbm::AnchorSpring>(
      -1, Vector3d::Zero(), Vector3d::Zero(), mouseKs_, mouseKd_));
  stepper_.reset(pbm::findMethod(methods_, settings_.method), settings_.h);
  stepper_.watch(world_);
  const BodyReadout b = focus();
  E0_ = totalEnergy();
  L0_ = b.L;
  centre0_ = centre();
  flipAxis_ = pbm::intermediateAxis(world_.bodies.at(0).Ibody.diagonal());
  flips_.reset();
  for (auto* p : {&energyPlot_, &driftPlot_, &lPlot_, &normPlot_, &omegaPlot_}) p->clear();
  lastPlotT_ = -1.0;
  driftSeen_ = normSeen_ = false;
  polhode_.clear();
  afterStep(pbm::Host::Viewer);
  record(pbm::Host::Viewer);
}

void RigidScene::advance(double tLimit, pbm::Host host) {
  if (host == pbm::Host::Viewer && time() >= loopTime()) reset();
  if (mouse_) mouse_->ks = mouseKs_, mouse_->kd = mouseKd_;
  beforeStep();
  stepper_.advance(world_, tLimit);
  afterStep(host);
  record(host);
}

void RigidScene::record(pbm::Host host) {
  const BodyReadout b = focus();
  const double t = time();
  if (timesFlips()) flips_.push(t, b.omegaBody[flipAxis_]);
  if (host == pbm::Host::Headless || t - lastPlotT_ < kPlotEvery) return;
  lastPlotT_ = t;
  const double e = totalEnergy();
  // 7 digits: the dE/E0 plot shows the rest; more would make the energy
  // plot's axis zoom into round-off.
  energyPlot_.push(t, {sevenDigits(e - potentialEnergy()), sevenDigits(e)});
  const double drift = E0_ != 0.0 ? std::abs(e - E0_) / std::abs(E0_) : kNaN;
  driftPlot_.push(t, {drift});
  driftSeen_ = driftSeen_ || drift > 0.0;
  lPlot_.push(t, {b.L.norm()});
  normPlot_.push(t, {std::abs(b.qNormErr), b.orthErr});
  normSeen_ = normSeen_ || std::abs(b.qNormErr) > 0.0 || b.orthErr > 0.0;
  omegaPlot_.push(t, {b.omegaBody.x(), b.omegaBody.y(), b.omegaBody.z()});
  polhode_.push_back(b.omegaBody);
  if (polhode_.size() > kPolhodePoints) polhode_.pop_front();
}

std::vector<std::string> RigidScene::csvColumns() const {
  std::vector<std::string> c{"t",        "x",        "y",       "z",       "qw",      "qx",
                             "qy",       "qz",       "px",      "py",      "pz",      "lx",
                             "ly",       "lz",       "omega_x", "omega_y", "omega_z", "omega_bx",
                             "omega_by", "omega_bz", "e_lin",   "e_rot",   "l_norm",  "q_norm_err",
                             "orth_err", "evals"};
  extraColumns(c);
  return c;
}

std::vector<double> RigidScene::csvRow() const {
  const BodyReadout b = focus();
  std::vector<double> r{time(),          b.x.x(),
                        b.x.y(),         b.x.z(),
                        b.q.w(),         b.q.x(),
                        b.q.y(),         b.q.z(),
                        b.P.x(),         b.P.y(),
                        b.P.z(),         b.L.x(),
                        b.L.y(),         b.L.z(),
                        b.omega.x(),     b.omega.y(),
                        b.omega.z(),     b.omegaBody.x(),
                        b.omegaBody.y(), b.omegaBody.z(),
                        b.eLin,          b.eRot,
                        b.L.norm(),      b.qNormErr,
                        b.orthErr,       static_cast<double>(evals())};
  extraRow(r);
  return r;
}

// ------------------------------------------------------------------ viewer

void RigidScene::draw3D(pbm::Canvas3D& canvas) {
  drawnFrame_ = ++framesDrawn;
  const double extent = std::max(4.0, 0.6 * orbit_.distance);
  canvas.groundGrid(extent, extent > 12.0 ? 2.0 : 1.0, ground_);
  const int n = static_cast<int>(world_.bodies.size());
  const bool grabbed = mouse_ && mouse_->body >= 0;
  for (int i = 0; i < n; ++i) {
    const auto& b = world_.bodies[i];
    canvas.box(b.x, b.R, b.halfExtents, grabbed && mouse_->body == i ? kGrabbedColour : kBoxColour);
    if (i >= 64) continue;  // arrows for the first bodies only (many_bodies)
    if (showAxes_)
      for (int k = 0; k < 3; ++k)
        canvas.arrow(b.x, b.x + (b.halfExtents[k] + 0.6) * b.R.col(k), kAxisColours[k], 2.f, 9.f);
    // L / I (I the mean principal moment) so that both arrows read in rad/s.
    const double Imean = b.Ibody.trace() / 3.0;
    const Vector3d w = arrowScale_ * b.omega;
    const Vector3d l = Imean > 0.0 ? Vector3d(arrowScale_ * b.L / Imean) : Vector3d::Zero();
    if (showOmega_ && w.norm() > 1e-9) canvas.arrow(b.x, b.x + w, kOmegaColour, 3.f, 14.f);
    if (showL_ && l.norm() > 1e-9) canvas.arrow(b.x, b.x + l, kLColour, 3.f, 14.f);
    if (i == 0 && n <= 4) {
      if (showOmega_ && w.norm() > 1e-9) canvas.text(b.x + w, "omega", kOmegaColour);
      if (showL_ && l.norm() > 1e-9) canvas.text(b.x + l, "L / I", kLColour, {7.f, 4.f});
    }
  }
  drawExtras(canvas);
  drawMouseSpring(canvas);
  if (showPolhode_) drawPolhodeInset(canvas);
}

void RigidScene::drawMouseSpring(pbm::Canvas3D& canvas) {
  if (!mouse_ || mouse_->body < 0) return;
  const auto& b = world_.bodies.at(mouse_->body);
  const Vector3d p = b.R * mouse_->pointBody + b.x;
  const Vector3d F = mouse_->worldForce(b);
  canvas.line(p, mouse_->anchor, pbm::colors::kAdaptive, 2.f);
  canvas.point(mouse_->anchor, pbm::colors::kAdaptive, 8.f);
  canvas.point(p, pbm::colors::kText, 7.f);
  // The force at its point, 0.05 m per N, at most 3 m.
  const double len = std::min(3.0, 0.05 * F.norm());
  if (len > 1e-6) canvas.arrow(p, p + len * F.normalized(), pbm::colors::kWarning, 2.5f, 12.f);
  canvas.text(mouse_->anchor, pbm::format("mouse spring |F| = %.3g N", F.norm()),
              pbm::colors::kAdaptive);
}

void RigidScene::drawPolhodeInset(const pbm::Canvas3D& canvas) {
  // Bottom left of the 3D view, above the key line.
  const float w = 300.f, h = 290.f;  // the legend's row below the plot
  const float y = static_cast<float>(canvas.camera().height()) - h - 46.f;
  pbm::ui::beginOverlay("##polhode", pbm::Px2(10.f, y), pbm::Px2(w, h), 0.78f);
  int normal = 0;  // the axis the plane is normal to
  const auto& b0 = world_.bodies.at(0);
  if (polhodePlane_ == 0)
    normal = pbm::polhodeAxis(b0.Ibody.diagonal(), b0.R.transpose() * b0.omega);
  else
    normal = polhodePlane_ - 1;
  const int u = (normal + 1) % 3, v = (normal + 2) % 3;
  static const char* names[3] = {"x", "y", "z"};
  pbm::ui::text("polhode: body-frame omega, plane %s%s", names[u], names[v]);
  for (int k = 0; k < 4; ++k) {
    static const char* opts[4] = {"auto", "yz", "zx", "xy"};
    if (k) pbm::ui::sameLine();
    pbm::ui::radioButton(opts[k], &polhodePlane_, k);
  }
  pbm::XYSeries s;
  s.name = "omega_b";
  s.color = kOmegaColour;
  s.markers = false;
  for (const auto& p : polhode_) s.x.push_back(p[u]), s.y.push_back(p[v]);
  pbm::XYSeries head;
  head.name = "now";
  head.color = pbm::colors::kText;
  if (!polhode_.empty()) head.x = {polhode_.back()[u]}, head.y = {polhode_.back()[v]};
  const std::string xl = std::string("omega_b") + names[u];
  const std::string yl = std::string("omega_b") + names[v];
  pbm::plotXY("polhode", {s, head}, pbm::Px2(w - 18.f, h - 84.f), false, false, xl.c_str(),
              yl.c_str());
  pbm::ui::endOverlay();
}

void RigidScene::hud(std::vector<std::string>& lines) const {
  const BodyReadout b = focus();
  const double e = totalEnergy();
  lines.push_back("method " + stepper_.method().label +
                  pbm::format("   bodies %.0f", static_cast<double>(world_.bodies.size())));
  if (energyConserved() && E0_ != 0.0)
    lines.push_back(pbm::format("E = %.7g J   dE/E0 = %.2e", e, (e - E0_) / std::abs(E0_)));
  else
    lines.push_back(pbm::format("E = %.7g J (forces do work)", e));
  lines.push_back(pbm::format("|L| = %.7g   |L - L0| = %.2e", b.L.norm(), (b.L - L0_).norm()));
  if (std::isnan(b.qNormErr))
    lines.push_back(pbm::format("||R^T R - 1|| = %.2e", b.orthErr));
  else
    lines.push_back(pbm::format("|q| - 1 = %.2e   ||R^T R - 1|| = %.1e", b.qNormErr, b.orthErr));
  extraHud(lines);
  if (mouse_ && mouse_->body >= 0)
    lines.push_back(pbm::format("mouse spring on body %d: |F| = %.3g N", mouse_->body,
                                mouse_->worldForce(world_.bodies.at(mouse_->body)).norm()));
}

void RigidScene::panel() {
  pbm::ui::checkbox("axes", &showAxes_);
  pbm::ui::sameLine();
  pbm::ui::checkbox("omega", &showOmega_);
  pbm::ui::sameLine();
  pbm::ui::checkbox("L / I", &showL_);
  pbm::ui::sameLine();
  pbm::ui::checkbox("polhode", &showPolhode_);
  if (pbm::ui::collapsingHeader("arrows and mouse spring")) {
    float scale = static_cast<float>(arrowScale_);
    if (pbm::ui::sliderFloat("arrow scale", &scale, 0.05f, 5.f, "%.2f", pbm::ui::Scale::Log))
      arrowScale_ = scale;
    float ks = static_cast<float>(mouseKs_), kd = static_cast<float>(mouseKd_);
    if (pbm::ui::sliderFloat("mouse ks N/m", &ks, 1.f, 1000.f, "%.1f", pbm::ui::Scale::Log))
      mouseKs_ = ks;
    if (pbm::ui::sliderFloat("mouse kd N s/m", &kd, 0.f, 100.f, "%.1f")) mouseKd_ = kd;
    pbm::ui::textWrapped(
        "Left-drag a box: a spring pulls the grabbed point towards the cursor, in the plane "
        "facing the camera (a force at a point: it turns the body too, RBI §2.7).");
  }
  extraPanel();
  const pbm::Px2 sz(-1.f, 68.f);
  energyPlot_.draw(sz);
  // A log axis has nothing to show while every value is exactly 0: say so
  // instead of an empty plot.
  if (!energyConserved())
    pbm::ui::textWrapped("E is not constant here: the pushes do work (RBI §5.5).");
  else if (driftSeen_)
    driftPlot_.draw(sz);
  else
    pbm::ui::textWrapped("|E - E0| / E0 = 0 exactly so far: no drift to plot on a log axis.");
  omegaPlot_.draw(sz);
  lPlot_.draw(sz);
  if (normSeen_)
    normPlot_.draw(sz);
  else
    pbm::ui::textWrapped(
        "|q| - 1 = ||R^T R - 1|| = 0 exactly so far: nothing to plot on a log axis (no turn, or "
        "renormalised, RBI §4).");
}

bool RigidScene::onPointerDown(const pbm::Pointer& p, int button) {
  if (button != 0 || !mouse_) return false;
  int best = -1;
  double bestS = std::numeric_limits<double>::infinity();
  for (int i = 0; i < static_cast<int>(world_.bodies.size()); ++i) {
    const auto& b = world_.bodies[i];
    if (b.invMass == 0.0) continue;  // a fixed body does not move
    if (const auto s = p.hitBox(b.x, b.R, b.halfExtents); s && *s < bestS) best = i, bestS = *s;
  }
  if (best < 0) return false;
  const auto& b = world_.bodies[best];
  const Vector3d hit = p.at(bestS);
  mouse_->body = best;
  mouse_->pointBody = b.R.transpose() * (hit - b.x);  // the body point under the cursor (2-1)
  mouse_->anchor = hit;
  // Drag in the plane through the grabbed point that faces the camera.
  dragNormal_ = p.viewDirection;
  dragOffset_ = dragNormal_.dot(hit);
  return true;
}

void RigidScene::onPointerDrag(const pbm::Pointer& p) {
  if (!mouse_ || mouse_->body < 0) return;
  if (const auto a = p.onPlane(dragNormal_, dragOffset_)) mouse_->anchor = *a;
}

void RigidScene::onPointerUp(const pbm::Pointer&) {
  if (mouse_) mouse_->body = -1;
}

}  // namespace ch07
