// The viewer shell's state, shared by its two sources: shell.cpp (the loop,
// the events and keys, the screenshot and the frame timer) and
// shell_panel.cpp (what ImGui draws: the lesson box, the key line, the
// Controls panel, the error message). Private to the viewer.
#pragma once

#include <imgui.h>

#include <cctype>
#include <chrono>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pbm/core/exercise.h"
#include "platform/window.h"
#include "shell.h"
#include "view.h"

namespace pbm {

class Shell {
 public:
  static constexpr float kPanelWidth = 360.f;  // at PBM_UI_SCALE 1
  static constexpr unsigned kWidth = 1280, kHeight = 800;
  static constexpr int kWarmupFrames = 10;  // timing mode: frames not counted (first uploads)

  Shell(const Chapter& chapter, std::vector<std::unique_ptr<Scene>>& scenes, int first,
        const ViewerOptions& options)
      : chapter_(chapter), scenes_(scenes), current_(first), first_(first), options_(options) {}

  // Opens the window and runs the frames. Returns the exit status, or
  // nullopt when the frames go on after the call returns (the web page's
  // per-frame callback drives them: the shell must then outlive the call).
  std::optional<int> run();

 private:
  // One frame: events, steps, the ImGui pass, drawing, the screenshot.
  // false: the window closed or the frames asked for are done.
  bool frame();
  void finish();
  bool shooting() const { return !options_.screenshot.empty(); }  // --screenshot
  bool timing() const { return options_.timeFrames > 0; }         // the frame-time run
  Scene& scene() { return *scenes_[current_]; }
  // Runs a scene call; an exercise not done or any other error becomes the
  // on-screen message and pauses the simulation instead of crashing.
  template <class F>
  bool guarded(F&& f);
  void selectScene(int index);
  void resetScene();
  void stepOnce();
  void handleEvent(const InputEvent& e);
  void handleKey(Key key);
  void layoutCamera(bool refit);
  float viewWidth() const;
  Pointer pointerAt(Px2 at) const;
  void drawScene();
  void drawOverlay();
  void drawPanel();
  void drawMessage();
  bool savePng(const std::string& path);
  // The panel's "Save CSV": the scene as set now, run headless from its start
  // (shell_csv.cpp).
  void askCsv();
  void saveCsv();
  void reportFrameTimes(std::vector<double> ms) const;
  void drawAbout();
  Window::Setup setup();
  // "06" of "ch06_tinkertoys": the number ./pbm takes.
  std::string chapterNumber() const {
    return chapter_.program.size() > 4 ? chapter_.program.substr(2, 2) : "NN";
  }
  std::string buildInfo() const;
  float panelWidth() const { return kPanelWidth * ui_; }

  const Chapter& chapter_;
  std::vector<std::unique_ptr<Scene>>& scenes_;
  int current_;
  const int first_;  // the scene named on the command line (--camera applies to it)
  ViewerOptions options_;

  Window window_;
  std::unique_ptr<View> view_;  // the current scene's camera kind
  bool paused_ = false;
  bool showPanel_ = true;
  int stepsPerFrame_ = 1;
  long steps_ = 0;
  std::string message_;  // error shown in the window (exercise not done, divergence)
  std::string status_;   // transient status line (PNG saved)
  float statusTimer_ = 0.f;
  bool leftDown_ = false, rightDown_ = false, rightMoved_ = false, middleDown_ = false;
  Px2 lastMouse_{0, 0};
  float fps_ = 60.f;
  float ui_ = 1.f;  // text and widget scale (PBM_UI_SCALE)
  int pngCount_ = 0;
  bool pngWanted_ = false;  // F12 or the panel's PNG button, this frame
  int csvCount_ = 0;
  int csvFramesToWait_ = 0;  // > 0: the CSV runs when it reaches 0 (its notice shown first)

  // The loop's own state, kept between frames (frame()).
  using Clock = std::chrono::steady_clock;
  Clock::time_point lastFrame_{}, frameStart_{};
  int frame_ = 0;
  int exitStatus_ = 0;           // kExitOk until a screenshot cannot be written
  std::vector<double> frameMs_;  // timing mode: wall time of each whole frame
};

template <class F>
bool Shell::guarded(F&& f) {
  try {
    f();
    return true;
  } catch (const ExerciseNotDone& e) {
    // The file is shown from its tree on (exercises/NN_topic/...); it may be
    // an earlier chapter's (chapter 06 runs on chapter 04's functions).
    const std::string file = e.file();
    std::string shown = file;
    const auto dir = file.rfind('/', file.rfind('/') - 1);
    if (dir != std::string::npos && dir + 3 < file.size() && std::isdigit(file[dir + 1]) &&
        std::isdigit(file[dir + 2])) {
      const auto tree = file.rfind('/', dir - 1);
      shown = file.substr(tree == std::string::npos ? 0 : tree + 1);
    }
    // R restarts the scene with the code this program was built with: new
    // code needs a new program, and Window::afterEditing says how to get one
    // here (./pbm run NN or ./pbm web NN keep the --exercises choice and
    // rebuild).
    const std::string nn = chapterNumber();
    message_ = std::string("Exercise not done: ") + e.exercise() + "\n  in " + shown +
               "\n  hint: " + e.hint() + "\n" + Window::afterEditing(nn);
  } catch (const std::exception& e) {
    message_ = e.what();
  }
  paused_ = true;
  return false;
}

}  // namespace pbm
