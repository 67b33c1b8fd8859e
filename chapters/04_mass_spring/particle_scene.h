// The common part of every chapter-04 scene: a ParticleSystem (PSD §3) with
// planes (§7), stepped by euler | midpoint | rk4 (chapters 01-02) or the
// implicit (4-5) step (chapter 03); springs coloured by strain, an energy
// plot, a phase-space plot of the selected particle (PSD §2), the mouse
// spring and nails of the slide "Basic 2-D Interaction" (PSD §5), and the
// headless CSV. A scene only builds its system in build().
#pragma once

#include <Eigen/Core>
#include <deque>
#include <string>
#include <vector>

#include "pbm/app/stepped_scene.h"
#include "pbm/core/stepping.h"
#include "pbm/particles/collisions.h"
#include "pbm/particles/forces.h"
#include "pbm/particles/methods.h"
#include "pbm/particles/particles.h"
#include "pbm/viewer/plot.h"

namespace ch04 {

// A plane and the segment of it that is drawn.
struct Wall {
  pbm::Plane plane;
  Eigen::Vector2d a, b;
};
Wall wallThrough(const Eigen::Vector2d& a,
                 const Eigen::Vector2d& b);  // legal side on the left of a->b

class ParticleScene : public pbm::SteppedScene {
 public:
  ParticleScene();

  std::vector<std::string> methods() const override { return pbm::methodNames(methods_); }
  void reset() override;
  void advance(double tLimit, pbm::Host host) override;
  double time() const override { return ps_.t; }
  int stepsPerFrame() const override { return stepsPerFrame_; }

  std::vector<std::string> csvColumns() const override;
  std::vector<double> csvRow() const override;
  // ke + spring + gravity energy (PSD §6), the CSV's e_total: with the mouse
  // spring off (headless), springs, gravity, drag and the walls (kr <= 1,
  // friction) keep or lose it, so the energy rule (pbm/app/headless.h) holds.
  double boundedEnergy() const override;
  // E0 may be 0 (a chain released level with its nail): growth is measured
  // against raising every particle 1 m against g (1 m/s^2 if g is smaller).
  double boundedEnergyScale() const override;

  void draw(pbm::Canvas2D& canvas) override;
  void panel() override;
  void hud(std::vector<std::string>& lines) const override;
  bool onMouseDown(const Eigen::Vector2d& world, int button) override;
  void onMouseDrag(const Eigen::Vector2d& world) override;
  void onMouseUp(const Eigen::Vector2d& world) override;

  // For tests and the bench.
  pbm::ParticleSystem& system() { return ps_; }
  int contactsNow() const;

 protected:
  // Fills ps_ (particles and forces, not the mouse spring or contact force),
  // walls_ and selected_. Called by reset() after ps_ was emptied.
  virtual void build() = 0;
  virtual void drawExtras(pbm::Canvas2D&) {}
  virtual void extraColumns(std::vector<std::string>&) const {}
  virtual void extraRow(std::vector<double>&) const {}
  virtual void extraPanel() {}

  // Registers g, drag, mouse spring and (with walls) kr, eps, kf, rollback.
  void addCommonParams(bool collisions);
  void addSpring(int a, int b, double ks, double kd, double rest);  // keeps the contact force last
  double gravity() const { return g_; }

  pbm::ParticleSystem ps_;
  std::vector<Wall> walls_;
  int selected_ = 0;
  int stepsPerFrame_ = 1;
  double g_ = 9.81, drag_ = 0.0;
  double kr_ = 0.5, eps_ = 1e-3, kf_ = 0.0;
  bool rollback_ = true;
  double mouseKs_ = 50.0, mouseKd_ = 5.0;
  double cgTol_ = 1e-8;
  float strainScale_ = 0.1f;  // strain drawn red
  bool sandbox_ = false;      // clicks on empty space create particles
  bool attachTool_ = false;   // left drag from particle to particle attaches a spring
  double newMass_ = 0.1, newKs_ = 100.0, newKd_ = 0.5;
  int phaseComponent_ = 1;  // phase plot of x (0) or y (1)

 private:
  void record();

  pbm::ImplicitParticleSolve implicit_;  // before methods_, whose implicit entry points to it
  pbm::MethodList methods_ = pbm::particleMethods(implicit_);
  std::vector<pbm::Plane> planes_;
  pbm::MouseSpring* mouse_ = nullptr;
  pbm::PlaneContact* contact_ = nullptr;
  long collisions_ = 0;
  bool directDrag_ = false;
  int attachFrom_ = -1;
  Eigen::Vector2d pointer_ = Eigen::Vector2d::Zero();
  double pickRadius_ = 0.1;
  pbm::TimePlot energyPlot_;
  std::deque<Eigen::Vector2d> phase_;
};

}  // namespace ch04
