// A scene (common/README.md, "Adding things"): a name, the "what to look for"
// text shown on screen, set-up, step, draw, panel and CSV row. One scene list
// serves the viewer, the headless runner, the tests where useful and the
// benchmarks, so a scene never touches the window or the command line itself.
#pragma once

#include <Eigen/Core>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "pbm/app/key.h"
#include "pbm/app/orbit_view.h"
#include "pbm/app/param.h"
#include "pbm/app/pointer.h"

namespace pbm {

class Canvas2D;
class Canvas3D;

// The shell picks the camera from this: a pan-zoom plane for the 2D scenes (chapters
// 01-06 and 11), an orbit camera for the 3D ones (chapter 01's lorenz, chapters 07-10).
enum class ViewKind { Plane2D, Orbit3D };

// Who runs the scene. The viewer animates without end: it calls advance with
// tLimit = +infinity, and a scene may keep comparison runs going beside the
// chosen one, freeze a diverged run and carry on, or loop. A headless run
// stops at --t-end: tLimit is --t-end, and the scene writes only what its CSV
// needs. A scene tells them apart by this, never by the value of tLimit.
enum class Host { Viewer, Headless };

// What the shared command line sets (--method, --h, --t-end, --start, --tol).
// A scene fills in its defaults in its constructor.
struct SceneSettings {
  std::string method;  // one of Scene::methods(), or empty
  double h = 0.01;     // step size, s
  double hMin = 1e-4;  // range of the panel's log-scale h slider
  double hMax = 1.0;
  double tEnd = 10.0;         // end time of a headless run, s
  std::vector<double> start;  // initial point, Scene::startSize() numbers
  double tol = 1e-4;          // adaptive error tolerance (Scene::usesTol())
};

// Visible region of the plane a scene wants at start-up.
struct ViewBox {
  Eigen::Vector2d center{0.0, 0.0};
  double halfHeight = 2.0;  // world units from the centre to the top edge
};

class Scene {
 public:
  virtual ~Scene() = default;

  // --- identity and lesson text
  virtual std::string name() const = 0;     // snake_case, `--scene NAME`
  virtual std::string title() const = 0;    // a few words for the window
  virtual std::string lookFor() const = 0;  // "what to look for", a sentence or two

  // --- what the command line and the panel may change
  SceneSettings& settings() { return settings_; }
  const SceneSettings& settings() const { return settings_; }
  ParamList& params() { return params_; }
  virtual std::vector<std::string> methods() const { return {}; }  // empty: no --method
  virtual int startSize() const { return 0; }                      // 0: no --start
  virtual bool usesTol() const { return false; }
  // Checks combinations the ranges cannot express; throws UsageError.
  virtual void validate() const {}

  // --- simulation
  virtual void reset() = 0;  // rebuild from settings and params
  // One step of at most h, never past tLimit (the stepping layer clips it,
  // core/stepping.h); tLimit is +infinity in the viewer (see Host).
  virtual void advance(double tLimit, Host host) = 0;
  virtual double time() const = 0;  // simulation clock, s
  virtual double lastStepSize() const { return settings_.h; }
  virtual long evals() const { return 0; }  // cumulative derivative evaluations
  // false: the run diverged, by the stepping layer's one rule (non-finite, or
  // grown far beyond its start: core/stepping.h); the runner stops there.
  virtual bool stateFinite() const = 0;
  // The energy rule of the headless runner (headless.h): a scene whose exact
  // physics keeps or loses energy (no motor, no scripted push, no mouse)
  // returns its total energy here (J; potential energies from any fixed
  // zero), and a run whose energy grows past E0 + kEnergyGrowth * max(|E0|,
  // boundedEnergyScale()) has stopped being that physics: it diverged. NaN (the
  // default): no such rule for this scene or this method.
  virtual double boundedEnergy() const { return std::numeric_limits<double>::quiet_NaN(); }
  // The energy the growth is measured against when |E0| is no measure of it
  // (a start at the potential's zero: E0 = 0); 0 by default.
  virtual double boundedEnergyScale() const { return 0.0; }
  // Called when the panel changed a setting or parameter; by default restarts.
  virtual void settingsChanged() { reset(); }

  // --- headless output
  virtual std::vector<std::string> csvColumns() const = 0;  // "t" first
  virtual std::vector<double> csvRow() const = 0;           // NaN: empty cell

  // --- viewer
  virtual ViewKind view() const { return ViewKind::Plane2D; }
  virtual ViewBox initialView() const { return {}; }
  // true: the scene draws its own axes (a plot whose x is not a length, e.g.
  // time), and the 2D view draws no grid of world units under it.
  virtual bool drawsOwnAxes() const { return false; }
  virtual int stepsPerFrame() const { return 1; }  // default; the panel changes it
  // true once after a step that asks the viewer to pause (chapter 09's "pause
  // on collision"): the shell pauses as if P were pressed, so P runs on and O
  // steps. The request is cleared by the call.
  virtual bool takePauseRequest() { return false; }
  virtual void draw(Canvas2D&) {}
  // Orbit3D scenes: the camera at start-up and on "Fit view" (target,
  // distance, yaw, pitch, up axis), and the drawing, depth-tested in 3D.
  virtual OrbitView initialOrbit() const { return {}; }
  virtual void draw3D(Canvas3D&) {}
  virtual void panel() {}                               // its widgets (pbm/viewer/ui.h)
  virtual void hud(std::vector<std::string>&) const {}  // extra HUD lines
  // Mouse in world coordinates. button: 0 left, 1 right (a click, not a drag:
  // right-drag pans the camera). Return true if the scene used the press.
  virtual bool onMouseDown(const Eigen::Vector2d&, int) { return false; }
  virtual void onMouseDrag(const Eigen::Vector2d&) {}
  virtual void onMouseUp(const Eigen::Vector2d&) {}
  virtual void onHover(const Eigen::Vector2d&) {}
  // The shell calls these: the mouse as a Pointer (pbm/app/pointer.h), with
  // the ray through the cursor in 3D. By default they pass the plane point on
  // to the 2D callbacks above, so a 2D scene overrides those and a 3D scene
  // overrides these.
  virtual bool onPointerDown(const Pointer& p, int button) { return onMouseDown(p.plane, button); }
  virtual void onPointerDrag(const Pointer& p) { onMouseDrag(p.plane); }
  virtual void onPointerUp(const Pointer& p) { onMouseUp(p.plane); }
  virtual void onPointerHover(const Pointer& p) { onHover(p.plane); }
  // A key press the shell does not use itself (P, O, R, [, ], Tab and F12 are
  // the shell's), while no text field has the keyboard. Return true if used.
  virtual bool onKey(Key) { return false; }

 protected:
  SceneSettings settings_;
  ParamList params_;
};

using SceneFactory = std::function<std::unique_ptr<Scene>()>;

// A chapter's main.cpp declares this and hands it to runChapter (chapter.h).
struct Chapter {
  std::string program;               // "ch01_vector_field"
  std::string title;                 // "Vector fields and integral curves"
  std::vector<SceneFactory> scenes;  // the first is the default
};

}  // namespace pbm
