#include "resting_scene.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numbers>
#include <numeric>

#include "pbm/app/text.h"
#include "pbm/core/errors.h"
#include "pbm/resting/aij_verbatim.h"
#include "pbm/resting/contact_forces.h"
#include "pbm/rigid/methods.h"
#include "pbm/rigid/rigid.h"
#include "pbm/rigid/rigid_forces.h"
#include "pbm/scenekit/collision_world_view.h"
#include "pbm/viewer/canvas3d.h"
#include "pbm/viewer/ui.h"

namespace ch10 {

using Eigen::Matrix3d;
using Eigen::Vector3d;

namespace {
constexpr pbm::Color kBodyColour = pbm::rgba(86, 156, 245, 255);
constexpr pbm::Color kFixedGlass = pbm::rgba(150, 130, 105, 70);
constexpr pbm::Color kFixedEdge = pbm::rgba(190, 170, 140, 255);
constexpr pbm::Color kBodyGlass = pbm::rgba(86, 156, 245, 45);
constexpr pbm::Color kForceColour = pbm::rgba(255, 190, 70, 255);
constexpr pbm::Color kVerbatimColour = pbm::rgba(255, 80, 80, 255);

// A box as six translucent faces and its edges: what lies inside shows.
void glassBox(pbm::Canvas3D& canvas, const pbm::RigidBody& b, pbm::Color face, pbm::Color edge) {
  const pbm::ConvexPolyhedron P = pbm::boxPolyhedron(b);
  for (const auto& f : P.f)
    if (f.idx.size() == 4)
      canvas.quad(P.v[f.idx[0]], P.v[f.idx[1]], P.v[f.idx[2]], P.v[f.idx[3]], face);
  canvas.wireBox(b.x, b.R, b.halfExtents, edge, 1.5f);
}
}  // namespace

pbm::RigidBody makeFixedBox(const Vector3d& halfExtents, const Vector3d& x, const Matrix3d& R) {
  pbm::RigidBody b = pbm::makeFixedBlock(2.0 * halfExtents);
  b.x = x;
  b.q = Eigen::Quaterniond(R);
  pbm::computeAuxiliary(b);
  return b;
}

RestingScene::RestingScene() {
  settings_.method = "rk4";
  settings_.h = 0.01;
  settings_.hMin = 1e-4;
  settings_.hMax = 0.1;
  settings_.tEnd = 2.0;
  orbit_.distance = 6.0;
  orbit_.yawDeg = 20.0;
  orbit_.pitchDeg = 18.0;
  orbit_.target = Vector3d(0.0, 0.3, 0.0);
}

pbm::OrbitView RestingScene::initialOrbit() const {
  pbm::OrbitView v = orbit_;
  // The camera's right is (cos yaw, 0, -sin yaw) for +y up.
  const double yaw = v.yawDeg * std::numbers::pi / 180.0;
  v.target -= viewShift_ * v.distance * Vector3d(std::cos(yaw), 0.0, -std::sin(yaw));
  return v;
}

std::vector<std::string> RestingScene::methods() const {
  return pbm::methodNames(pbm::rigidMethods());
}

void RestingScene::reset() {
  world_ = pbm::RestingWorld();
  world_.settings.eps = 0.5;
  world_.settings.threshold = 1e-3;
  world_.settings.distTol = 1e-6;
  build();
  frameView();
  if (world_.bodies.empty()) throw pbm::UsageError("scene '" + name() + "' built no bodies");
  if (g_ > 0.0) world_.addForce(std::make_unique<pbm::RigidGravity>(Vector3d(0.0, -g_, 0.0)));
  stepper_.reset(pbm::findMethod(pbm::rigidMethods(), settings_.method), settings_.h);
  stepper_.watch(world_);
  // Bodies that touch at t = 0 rest from the start (RBII §6: resting contact
  // needs no restart); the t = 0 row then holds the initial state's solve.
  settle();
  initialFailure_.clear();
  try {
    readForces();
  } catch (const pbm::SolverFailure& e) {
    forces_ = {};
    initialFailure_ = e.what();
  }
}

void RestingScene::takeStep(const pbm::MethodInfo& method, double h, pbm::CollisionStats& stats) {
  pbm::stepWithCollisions(world_, method, h, &stats);
}

void RestingScene::settle() {
  pbm::settleContacts(world_);
}

void RestingScene::readForces() {
  arrangeResting(world_.resting);
  Eigen::VectorXd ydot;
  world_.derivEval(ydot);  // the LCP at the installed state (RBII §9)
  forces_ = {};
  forces_.contacts = world_.resting;
  const int n = static_cast<int>(forces_.contacts.size());
  if (n == 0) return;
  const pbm::LcpResult& r = world_.restingStats.last;
  forces_.f = r.f;
  forces_.a = r.a;
  forces_.pivots = r.pivots;
  // b = a - A f: what the external forces and the velocities alone would do.
  forces_.b = r.a - pbm::computeAMatrix(forces_.contacts) * r.f;
}

void RestingScene::advance(double tLimit, pbm::Host host) {
  if (host == pbm::Host::Viewer && time() >= loopTime()) {
    reset();
    return;
  }
  const double h = stepper_.plan(tLimit);
  stepper_.run([&] {
    if (!initialFailure_.empty()) throw pbm::SolverFailure("at t = 0: " + initialFailure_);
    pbm::CollisionStats s;
    takeStep(method(), h, s);
    stepper_.countEvals(s.evals);
    readForces();
  });
  stepper_.check(world_);
}

std::vector<int> RestingScene::contactOrder() const {
  std::vector<int> order(forces_.contacts.size());
  std::iota(order.begin(), order.end(), 0);
  return order;
}

double RestingScene::complementarity() const {
  if (forces_.f.size() == 0) return 0.0;
  const double fMax = forces_.f.cwiseAbs().maxCoeff();
  if (!(fMax > 0.0)) return 0.0;
  const double scale = fMax * std::max(1.0, forces_.b.cwiseAbs().maxCoeff());
  return forces_.f.cwiseProduct(forces_.a).cwiseAbs().maxCoeff() / scale;
}

Vector3d RestingScene::contactForceOn(int k) const {
  Vector3d F = Vector3d::Zero();
  const pbm::RigidBody* body = &world_.bodies[k];
  for (size_t i = 0; i < forces_.contacts.size(); ++i) {
    const pbm::Contact& c = forces_.contacts[i];
    if (c.a == body) F += forces_.f(i) * c.n;
    if (c.b == body) F -= forces_.f(i) * c.n;
  }
  return F;
}

double RestingScene::maxPenetration() const {
  return std::max(0.0, -world_.closest().gap);
}

double RestingScene::maxSpeed() const {
  double s = 0.0;
  for (const auto& b : world_.bodies) s = std::max(s, b.v.norm());
  return s;
}

std::vector<std::string> RestingScene::csvColumns() const {
  std::vector<std::string> c{
      "t",     "n_contacts", "pivots", "sum_f",           "max_complementarity",
      "min_a", "max_a",      "min_f",  "max_penetration", "max_speed"};
  for (int i = 0; i < kCsvContacts; ++i) c.push_back(pbm::format("f%d", i));
  for (int i = 0; i < kCsvContacts; ++i) c.push_back(pbm::format("a%d", i));
  extraColumns(c);
  return c;
}

std::vector<double> RestingScene::csvRow() const {
  const int n = static_cast<int>(forces_.contacts.size());
  const bool any = n > 0;
  std::vector<double> row{time(),
                          static_cast<double>(n),
                          static_cast<double>(forces_.pivots),
                          sumF(),
                          complementarity(),
                          any ? forces_.a.minCoeff() : kNaN,
                          any ? forces_.a.maxCoeff() : kNaN,
                          any ? forces_.f.minCoeff() : kNaN,
                          maxPenetration(),
                          maxSpeed()};
  const std::vector<int> order = contactOrder();
  for (int i = 0; i < kCsvContacts; ++i) row.push_back(i < n ? forces_.f(order[i]) : kNaN);
  for (int i = 0; i < kCsvContacts; ++i) row.push_back(i < n ? forces_.a(order[i]) : kNaN);
  extraRow(row);
  return row;
}

// ------------------------------------------------------------------ viewer

void RestingScene::draw3D(pbm::Canvas3D& canvas) {
  drawBodies(canvas);
  drawExtras(canvas);
  if (showArrows_) drawForces(canvas);
}

void RestingScene::drawBodies(pbm::Canvas3D& canvas) {
  // Fixed boxes (tables, supports) as glass; the dynamic ones solid, or as
  // glass with seeThrough_ so the contacts between them show.
  pbm::WorldLook look;
  look.floorExtent = floorExtent_;
  look.colour = [](size_t) { return kBodyColour; };
  look.drawBox = [this](pbm::Canvas3D& c, size_t, const pbm::RigidBody& b) {
    if (pbm::isFixedBody(b))
      glassBox(c, b, kFixedGlass, kFixedEdge);
    else if (seeThrough_)
      glassBox(c, b, kBodyGlass, kBodyColour);
    else
      return false;
    return true;
  };
  pbm::drawCollisionWorld(canvas, world_, look);
}

void RestingScene::drawForces(pbm::Canvas3D& canvas) {
  // Each contact's force f_i n_i as an arrow ending at p_i, pushing the
  // moving body from the other side (RBII §9: f_i n on a, -f_i n on b).
  const std::vector<int> order = contactOrder();
  const bool labels = static_cast<int>(order.size()) <= maxLabels_;
  for (size_t k = 0; k < order.size(); ++k) {
    const int i = order[k];
    const pbm::Contact& c = forces_.contacts[i];
    const bool aMoves = c.a && !pbm::isFixedBody(*c.a);
    const Vector3d dir = aMoves ? c.n : Vector3d(-c.n);
    const double len = forces_.f(i) / newtonsPerMetre_;
    if (len > 1e-6) canvas.arrow(c.p - len * dir, c.p, kForceColour, 3.f, 12.f);
    if (verbatimF_.size() == forces_.f.size()) {
      // The verbatim forces beside, shifted a little along the view's x.
      const double lv = verbatimF_(i) / newtonsPerMetre_;
      const Vector3d side(0.04, 0.0, 0.04);
      if (lv > 1e-6) canvas.arrow(c.p + side - lv * dir, c.p + side, kVerbatimColour, 2.f, 10.f);
    }
    // A label names f_k alone: a_k (0 wherever f_k > 0, RBII §9) is in the
    // panel's table and the HUD's range. With it the labels were 25 characters
    // long and those of nearby contacts ran into each other and their arrows.
    if (labels && indexLabels_)
      canvas.text(c.p - len * dir, pbm::format("%zu", k), kForceColour);
    else if (labels)
      canvas.text(c.p - len * dir,
                  pbm::format("f%zu = %.4g N (%s)", k, forces_.f(i), c.vf ? "vf" : "ee"),
                  kForceColour);
  }
}

void RestingScene::hud(std::vector<std::string>& lines) const {
  const int n = static_cast<int>(forces_.contacts.size());
  lines.push_back(pbm::format("method %s   resting contacts %d   pivots %d   sum f = %.6g N",
                              stepper_.method().label.c_str(), n, forces_.pivots, sumF()));
  if (n > 0)
    lines.push_back(
        pbm::format("a in [%.3g, %.3g] m/s^2   f in [%.4g, %.4g] N   complementarity %.2e",
                    forces_.a.minCoeff(), forces_.a.maxCoeff(), forces_.f.minCoeff(),
                    forces_.f.maxCoeff(), complementarity()));
  lines.push_back(
      pbm::format("max penetration %.2e m   max speed %.3g m/s", maxPenetration(), maxSpeed()));
  extraHud(lines);
}

void RestingScene::panel() {
  pbm::ui::checkbox("force arrows", &showArrows_);
  pbm::ui::sameLine();
  pbm::ui::checkbox("see-through bodies", &seeThrough_);
  float scale = static_cast<float>(newtonsPerMetre_);
  if (pbm::ui::sliderFloat("N per m of arrow", &scale, 1.f, 1000.f, "%.0f", pbm::ui::Scale::Log))
    newtonsPerMetre_ = scale;
  extraPanel();
  contactTable();
  pbm::ui::checkbox("notes' compute_aij verbatim (App. D)", &verbatim_);
  const Eigen::MatrixXd A = forces_.contacts.empty() ? Eigen::MatrixXd()
                            : verbatim_              ? pbm::computeAMatrixVerbatim(forces_.contacts)
                                                     : pbm::computeAMatrix(forces_.contacts);
  if (pbm::ui::collapsingHeader(verbatim_ ? "A (verbatim): heat map, eigenvalues, rank"
                                          : "A: heat map, eigenvalues, rank (RBII App. D)"))
    matrixPanel(A);
  if (pbm::ui::collapsingHeader(verbatim_ ? "Dantzig step by step (on the verbatim A)"
                                          : "Dantzig step by step (Baraff 1994 §4)")) {
    dantzig_.follow(A, forces_.b.size() ? forces_.b : Eigen::VectorXd(), time());
    dantzig_.panel();
  }
  verbatimF_.resize(0);
  if (verbatim_) verbatimPanel();
}

void RestingScene::verbatimPanel() {
  if (!pbm::ui::collapsingHeader("verbatim: the wrong forces", true)) return;
  const int n = static_cast<int>(forces_.contacts.size());
  if (n == 0) {
    pbm::ui::textUnformatted("no resting contacts");
    return;
  }
  const Eigen::MatrixXd Av = pbm::computeAMatrixVerbatim(forces_.contacts);
  const Eigen::MatrixXd A = pbm::computeAMatrix(forces_.contacts);
  pbm::ui::textWrapped("max |A_verbatim - A| = %.4g, max |A_verbatim - A_verbatim^T| = %.4g",
                       (Av - A).cwiseAbs().maxCoeff(), (Av - Av.transpose()).cwiseAbs().maxCoeff());
  if ((Av - A).cwiseAbs().maxCoeff() == 0.0) {
    pbm::ui::textWrapped(
        "the same A here: no moving body is any contact's b (the slip only "
        "touches the torque on a contact's b). Try stack or pyramid.");
    return;
  }
  pbm::LcpResult r;
  try {
    r = pbm::solveLcpDantzig(Av, forces_.b);
  } catch (const std::exception& e) {
    r.why = e.what();
  }
  if (!r.ok) {
    // Dantzig's proofs need a symmetric A; the enumeration of active sets
    // does not (RBII §9: the three conditions alone).
    pbm::ui::textColored(pbm::rgbaF(1.f, 0.47f, 0.35f, 1.f), "Dantzig on the verbatim A: %s",
                         r.why.c_str());
    if (n > 12) return;
    try {
      r = pbm::solveLcpBruteForce(Av, forces_.b);
    } catch (const std::exception& e) {
      r.ok = false, r.why = e.what();
    }
    pbm::ui::textWrapped("every active set (solveLcpBruteForce): %s",
                         r.ok ? "a solution of the verbatim LCP" : r.why.c_str());
    if (!r.ok) return;
  }
  verbatimF_ = r.f;
  // What the verbatim forces would really do: the true d'' = A f + b (RBII (9-8)).
  const Eigen::VectorXd aTrue = A * r.f + forces_.b;
  pbm::ui::textWrapped(
      "sum f: %.6g N verbatim, %.6g N right; the true a = A f + b of the verbatim "
      "forces: min %.4g m/s^2 (< 0: the contact closes), max %.4g",
      r.f.sum(), sumF(), aTrue.minCoeff(), aTrue.maxCoeff());
  const std::vector<int> order = contactOrder();
  if (!pbm::ui::beginTable("verbatim", 4,
                           pbm::ui::textLineHeightWithSpacing() * (std::min(n, 10) + 1.5f)))
    return;
  pbm::ui::tableSetupColumn("i", pbm::ui::textSize("000").x);
  for (const char* h : {"f right", "f verbatim", "true a"}) pbm::ui::tableSetupColumn(h);
  pbm::ui::tableHeadersRow();
  for (size_t k = 0; k < order.size(); ++k) {
    const int i = order[k];
    pbm::ui::tableNextRow();
    pbm::ui::tableNextColumn();
    pbm::ui::text("%zu", k);
    pbm::ui::tableNextColumn();
    pbm::ui::text("%.4f", forces_.f(i));
    pbm::ui::tableNextColumn();
    pbm::ui::text("%.4f", r.f(i));
    pbm::ui::tableNextColumn();
    pbm::ui::text("%.3g", aTrue(i));
  }
  pbm::ui::endTable();
  pbm::ui::textWrapped("red arrows: the verbatim forces, beside the right ones (orange)");
}

void RestingScene::contactTable() const {
  const std::vector<int> order = contactOrder();
  if (order.empty() || !pbm::ui::collapsingHeader("contacts: f and a (RBII (9-5)-(9-7))", true))
    return;
  // At most 12 rows tall, scrolling: the sections below stay in reach.
  const float rows = static_cast<float>(std::min<size_t>(order.size(), 12));
  if (pbm::ui::beginTable("contacts", 5, pbm::ui::textLineHeightWithSpacing() * (rows + 1.5f))) {
    pbm::ui::tableSetupColumn("i", pbm::ui::textSize("000").x);
    for (const char* h : {"kind", "p (x y z)", "f, N", "a, m/s^2"}) pbm::ui::tableSetupColumn(h);
    pbm::ui::tableHeadersRow();
    for (size_t k = 0; k < order.size(); ++k) {
      const int i = order[k];
      const pbm::Contact& c = forces_.contacts[i];
      pbm::ui::tableNextRow();
      pbm::ui::tableNextColumn();
      pbm::ui::text("%zu", k);
      pbm::ui::tableNextColumn();
      pbm::ui::textUnformatted(c.vf ? "vf" : "ee");
      pbm::ui::tableNextColumn();
      pbm::ui::text("%.2f %.2f %.2f", c.p.x(), c.p.y(), c.p.z());
      pbm::ui::tableNextColumn();
      pbm::ui::text("%.4f", forces_.f(i));
      pbm::ui::tableNextColumn();
      pbm::ui::text("%.1e", forces_.a(i));
    }
    pbm::ui::endTable();
  }
}

}  // namespace ch10
