#include "particle_scene.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "pbm/core/errors.h"
#include "pbm/particles/picking.h"
#include "pbm/stiffness/methods.h"
#include "pbm/viewer/canvas2d.h"
#include "pbm/viewer/ui.h"

namespace ch04 {

using Eigen::Vector2d;

Wall wallThrough(const Vector2d& a, const Vector2d& b) {
  const Vector2d d = (b - a).normalized();
  return {{a, Vector2d(-d.y(), d.x())}, a, b};
}

ParticleScene::ParticleScene()
    : energyPlot_("energy, J", {"kinetic", "spring", "gravity", "total"},
                  {pbm::colors::kRk4, pbm::colors::kMidpoint, pbm::colors::kAdaptive,
                   pbm::colors::kExact}) {
  settings_.method = "rk4";
  settings_.h = 1e-3;
  settings_.hMin = 1e-5;
  settings_.hMax = 0.1;
  settings_.tEnd = 5.0;
}

void ParticleScene::addCommonParams(bool collisions) {
  params_.add("g", &g_, 0.0, 50.0, "gravity, m/s^2 (downward)");
  params_.add("drag", &drag_, 0.0, 10.0, "viscous drag kd on every particle, N s/m");
  params_.add("mouse_ks", &mouseKs_, 0.1, 1e5, "mouse spring stiffness, N/m").logScale = true;
  params_.add("mouse_kd", &mouseKd_, 0.0, 1e3, "mouse spring damping, N s/m");
  if (!collisions) return;
  params_.add("kr", &kr_, 0.0, 1.0, "coefficient of restitution (1 elastic, 0 no bounce)");
  params_.add("eps", &eps_, 1e-6, 0.1, "contact tolerance, m and m/s").logScale = true;
  params_.add("kf", &kf_, 0.0, 10.0, "linear friction coefficient kf, 1/m/s... (PSD §7.3)");
  params_.toggle("rollback", &rollback_, "on: roll back to the contact instant; off: displace");
}

void ParticleScene::addSpring(int a, int b, double ks, double kd, double rest) {
  auto spring = std::make_unique<pbm::DampedSpring>(a, b, ks, kd, rest);
  // The contact force reads the total of all other forces: it stays last.
  auto where = ps_.forces.end();
  if (contact_ && !ps_.forces.empty()) --where;
  ps_.forces.insert(where, std::move(spring));
}

void ParticleScene::reset() {
  ps_ = pbm::ParticleSystem();
  walls_.clear();
  planes_.clear();
  mouse_ = nullptr;
  contact_ = nullptr;
  selected_ = 0;
  build();
  if (ps_.n() == 0 && !sandbox_) throw pbm::UsageError("scene '" + name() + "' built no particles");
  for (const auto& p : ps_.particles)
    if (!(p.m > 0)) throw pbm::UsageError("particle masses must be > 0");
  mouse_ = &ps_.addForce<pbm::MouseSpring>(mouseKs_, mouseKd_);
  for (const auto& w : walls_) planes_.push_back(w.plane);
  if (!planes_.empty()) contact_ = &ps_.addForce<pbm::PlaneContact>(&planes_, eps_, kf_);
  stepper_.reset(pbm::findMethod(methods_, settings_.method), settings_.h);
  stepper_.watch(ps_);
  implicit_.iterations = 0;
  collisions_ = 0;
  attachFrom_ = -1;
  pickRadius_ = 0.04 * initialView().halfHeight;
  energyPlot_.clear();
  phase_.clear();
  record();
}

void ParticleScene::advance(double tLimit, pbm::Host) {
  // The particle system keeps its own clock (a rollback sets it mid-step).
  const double h = stepper_.plan(ps_.t, tLimit);
  // Implicit Methods §3: (M - h dF/dv - h^2 dF/dx) must be positive definite
  // for CG; a compressed stiff spring without the B&W clamp (or a huge h)
  // breaks that, and the stepper reports it with t and h (exit status 3).
  implicit_.cg.tolerance = cgTol_;
  auto stepFn = [&](pbm::ParticleSystem& sys, double hh) { stepper_.step(sys, hh); };
  if (mouse_) mouse_->ks = mouseKs_, mouse_->kd = mouseKd_;
  if (planes_.empty()) {
    stepFn(ps_, h);
  } else {
    pbm::CollisionOptions o;
    o.kr = kr_;
    o.eps = eps_;
    o.rollback = rollback_;
    contact_->eps = eps_;
    contact_->kf = kf_;
    collisions_ += pbm::stepWithCollisions(ps_, planes_, o, h, stepFn).collisions;
  }
  stepper_.check(ps_);
  record();
}

void ParticleScene::record() {
  const double ke = ps_.kineticEnergy(), es = ps_.potentialEnergy(pbm::EnergyKind::Spring),
               eg = ps_.potentialEnergy(pbm::EnergyKind::Gravity);
  energyPlot_.push(ps_.t, {ke, es, eg, ke + es + eg});
  if (selected_ >= 0 && selected_ < ps_.n()) {
    const auto& p = ps_.particles[selected_];
    phase_.push_back({p.x[phaseComponent_], p.v[phaseComponent_]});
    if (phase_.size() > 3000) phase_.pop_front();
  }
}

int ParticleScene::contactsNow() const {
  // Geometric test, for the CSV: on a plane (|d| < eps) and moving along it.
  int n = 0;
  for (const auto& p : ps_.particles)
    for (const auto& plane : planes_)
      if (!p.control.controlled() && std::abs(pbm::planeDistance(p.x, plane)) < eps_ &&
          std::abs(plane.N.dot(p.v)) < eps_)
        ++n;
  return n;
}

double ParticleScene::boundedEnergy() const {
  return ps_.kineticEnergy() + ps_.potentialEnergy(pbm::EnergyKind::Spring) +
         ps_.potentialEnergy(pbm::EnergyKind::Gravity);
}

double ParticleScene::boundedEnergyScale() const {
  double m = 0;
  for (const auto& p : ps_.particles) m += p.m;
  return m * std::max(g_, 1.0) * 1.0;
}

std::vector<std::string> ParticleScene::csvColumns() const {
  std::vector<std::string> c{"t",  "ke",    "pe_spring", "pe_grav",    "e_total", "px",
                             "py", "com_x", "com_y",     "n_contacts", "evals",   "cg_iterations"};
  extraColumns(c);
  return c;
}

std::vector<double> ParticleScene::csvRow() const {
  const double ke = ps_.kineticEnergy(), es = ps_.potentialEnergy(pbm::EnergyKind::Spring),
               eg = ps_.potentialEnergy(pbm::EnergyKind::Gravity);
  const Vector2d P = ps_.momentum(), c = ps_.centerOfMass();
  std::vector<double> r{ps_.t,
                        ke,
                        es,
                        eg,
                        ke + es + eg,
                        P.x(),
                        P.y(),
                        c.x(),
                        c.y(),
                        static_cast<double>(contactsNow()),
                        static_cast<double>(evals()),
                        static_cast<double>(implicit_.iterations)};
  extraRow(r);
  return r;
}

// ------------------------------------------------------------------ viewer

bool ParticleScene::onMouseDown(const Vector2d& world, int button) {
  pointer_ = world;
  const int i = pbm::nearestParticle(ps_, world, pickRadius_);
  if (button == 1) {  // right click: nail / unnail (PSD §5)
    if (i < 0) return false;
    auto& p = ps_.particles[i];
    if (p.control.controlled()) {
      p.control = pbm::Control();
    } else {
      p.control = pbm::nailAt(p.x);
      p.v.setZero();
    }
    return true;
  }
  if (i >= 0) {
    selected_ = i;
    phase_.clear();
    if (attachTool_) {
      attachFrom_ = i;
    } else {
      mouse_->particle = i;
      mouse_->cursor = world;
    }
    return true;
  }
  if (sandbox_) {  // create
    pbm::Particle p;
    p.m = newMass_;
    p.x = world;
    selected_ = ps_.add(p);
    phase_.clear();
    return true;
  }
  return false;
}

void ParticleScene::onMouseDrag(const Vector2d& world) {
  pointer_ = world;
  if (!mouse_ || mouse_->particle < 0) return;
  mouse_->cursor = world;
  if (directDrag_) {
    // PSD §5's warning: setting the position directly leaves the velocity
    // stale and lets a fast mouse stretch springs arbitrarily far in one step.
    mouse_->ks = 0, mouse_->kd = 0;
    ps_.particles[mouse_->particle].x = world;
  }
}

void ParticleScene::onMouseUp(const Vector2d& world) {
  if (attachFrom_ >= 0) {
    const int j = pbm::nearestParticle(ps_, world, pickRadius_);
    if (j >= 0 && j != attachFrom_)
      addSpring(attachFrom_, j, newKs_, newKd_,
                (ps_.particles[attachFrom_].x - ps_.particles[j].x).norm());
    attachFrom_ = -1;
  }
  if (mouse_) mouse_->particle = -1;
}

void ParticleScene::draw(pbm::Canvas2D& canvas) {
  for (const auto& w : walls_) {
    canvas.line(w.a, w.b, pbm::colors::kText, 2.5f);
    // Hatching on the illegal side.
    const Vector2d d = w.b - w.a;
    const int n = std::max(2, static_cast<int>(d.norm() / 0.15));
    for (int k = 0; k <= n; ++k) {
      const Vector2d p = w.a + d * (static_cast<double>(k) / n);
      canvas.line(p, p - 0.08 * w.plane.N - 0.05 * d.normalized(), pbm::colors::kDim, 1.f);
    }
  }
  drawExtras(canvas);
  for (const auto& f : ps_.forces) {
    const auto* s = dynamic_cast<const pbm::DampedSpring*>(f.get());
    if (!s) continue;
    const double strain = s->rest > 0 ? std::abs(s->length(ps_) - s->rest) / s->rest : 0.0;
    canvas.line(ps_.particles[s->a].x, ps_.particles[s->b].x, pbm::heat(strain / strainScale_),
                2.f);
  }
  const float r = ps_.n() > 200 ? 2.5f : 5.f;
  for (int i = 0; i < ps_.n(); ++i) {
    const auto& p = ps_.particles[i];
    if (p.control.kind == pbm::ControlKind::Nailed) {
      canvas.cross(p.x, 6.f, pbm::colors::kWarning, 2.5f);
    } else if (p.control.kind == pbm::ControlKind::Motor) {
      canvas.dot(p.x, r + 2, pbm::colors::kAdaptive);
    } else {
      canvas.dot(p.x, r, i == selected_ ? pbm::colors::kAdaptive : pbm::colors::kText);
    }
  }
  // The orange dot is the particle whose phase-space path the panel plots
  // (PSD §2); unlabelled it looked like a stray particle in the net's corner.
  if (selected_ >= 0 && selected_ < ps_.n() && !ps_.particles[selected_].control.controlled())
    canvas.text(ps_.particles[selected_].x, "selected: phase plot", pbm::colors::kAdaptive,
                {8.f, -18.f});
  for (const auto& p : ps_.particles)
    for (const auto& plane : planes_)
      if (!p.control.controlled() && std::abs(pbm::planeDistance(p.x, plane)) < eps_ &&
          std::abs(plane.N.dot(p.v)) < eps_)
        canvas.circle(p.x, 0.06, pbm::colors::kMidpoint);
  if (mouse_ && mouse_->particle >= 0) {
    canvas.dashedPolyline({ps_.particles[mouse_->particle].x, mouse_->cursor},
                          directDrag_ ? pbm::colors::kWarning : pbm::colors::kAdaptive, 2.f);
    canvas.text(mouse_->cursor, directDrag_ ? "direct drag" : "mouse spring");
  }
  if (attachFrom_ >= 0)
    canvas.dashedPolyline({ps_.particles[attachFrom_].x, pointer_}, pbm::colors::kMidpoint, 2.f);
}

void ParticleScene::hud(std::vector<std::string>& lines) const {
  char buf[160];
  const double ke = ps_.kineticEnergy(), es = ps_.potentialEnergy(pbm::EnergyKind::Spring),
               eg = ps_.potentialEnergy(pbm::EnergyKind::Gravity);
  std::snprintf(buf, sizeof buf,
                "particles %d  springs %d  E = %.5g J (ke %.3g, spring %.3g, grav %.3g)", ps_.n(),
                static_cast<int>(std::count_if(ps_.forces.begin(), ps_.forces.end(),
                                               [](const auto& f) {
                                                 return dynamic_cast<const pbm::DampedSpring*>(
                                                            f.get()) != nullptr;
                                               })),
                ke + es + eg, ke, es, eg);
  lines.push_back(buf);
  const Vector2d P = ps_.momentum(), c = ps_.centerOfMass();
  std::snprintf(buf, sizeof buf, "momentum (%.4g, %.4g)  centre of mass (%.4g, %.4g)", P.x(), P.y(),
                c.x(), c.y());
  lines.push_back(buf);
  if (!planes_.empty()) {
    std::snprintf(buf, sizeof buf, "contacts %d  collisions %ld", contactsNow(), collisions_);
    lines.push_back(buf);
  }
  if (pbm::isImplicitEuler(stepper_.method())) {
    std::snprintf(buf, sizeof buf, "CG iterations %ld (%.1f per step)", implicit_.iterations,
                  evals() > 0 ? static_cast<double>(implicit_.iterations) / evals() : 0.0);
    lines.push_back(buf);
  }
}

void ParticleScene::panel() {
  // Steps per frame: the shell's slider above (stepsPerFrame_ is its start value).
  pbm::ui::sliderFloat("strain drawn red", &strainScale_, 0.001f, 1.f, "%.3f", pbm::ui::Scale::Log);
  if (pbm::ui::button("critical mouse damping") && selected_ >= 0 && selected_ < ps_.n())
    mouseKd_ = 2 * std::sqrt(mouseKs_ * ps_.particles[selected_].m);
  pbm::ui::sameLine();
  pbm::ui::checkbox("direct drag", &directDrag_);
  if (directDrag_)
    pbm::ui::textColored(pbm::rgbaF(1.f, 0.5f, 0.35f, 1.f),
                         "PSD §5: setting positions directly is not recommended:\n"
                         "stale velocities, jerks and blow-ups with fast motion.");
  if (sandbox_) {
    pbm::ui::textUnformatted("Left drag:");
    pbm::ui::sameLine();
    if (pbm::ui::radioButton("attach spring", attachTool_)) attachTool_ = true;
    pbm::ui::sameLine();
    if (pbm::ui::radioButton("mouse spring", !attachTool_)) attachTool_ = false;
    pbm::ui::textUnformatted("Click empty space: new particle. Right click: nail/unnail.");
  } else {
    pbm::ui::textUnformatted("Drag a particle: mouse spring. Right click: nail/unnail.");
  }
  extraPanel();
  // Folding sections, open at start where they fit: the panel fits 1280x800.
  if (pbm::panelSection("Energy", energyPlot_.height(130.f), true, 1))
    energyPlot_.draw({-1.f, 130.f});
  if (!pbm::panelSection("Phase space of the orange particle (PSD §2)", 200.f)) return;
  if (pbm::ui::radioButton("x", &phaseComponent_, 0)) phase_.clear();
  pbm::ui::sameLine();
  if (pbm::ui::radioButton("y", &phaseComponent_, 1)) phase_.clear();
  pbm::XYSeries s;
  s.name = phaseComponent_ ? "(y, vy)" : "(x, vx)";
  s.color = pbm::colors::kAdaptive;
  s.markers = false;
  for (const auto& q : phase_) s.x.push_back(q.x()), s.y.push_back(q.y());
  pbm::plotXY("phase", {s}, {-1.f, 170.f}, false, false, phaseComponent_ ? "y, m" : "x, m",
              phaseComponent_ ? "vy, m/s" : "vx, m/s");
}

}  // namespace ch04
