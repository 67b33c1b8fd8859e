// The panel's "Save CSV" (shell_state.h): the scene shown, with the method,
// h and parameters set now, run from its start to its t_end without drawing,
// as `--headless --csv` runs it (app/headless.h), and saved beside the PNGs
// (the desktop) or downloaded (a web page, which writes no files). The run
// is a fresh copy of the scene: what the window shows is left as it was.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "pbm/app/csv.h"
#include "pbm/app/headless.h"
#include "pbm/app/text.h"
#include "pbm/core/errors.h"
#include "shell_state.h"

namespace pbm {

namespace {

// A browser holds the whole file in memory before it is saved: a run of
// more steps than this writes every K-th one (K the smallest that fits).
constexpr double kMostRows = 100000;

long long rowEvery(const SceneSettings& s) {
  const double steps = std::ceil(s.tEnd / s.h);
  return steps > kMostRows ? static_cast<long long>(std::ceil(steps / kMostRows)) : 1;
}

std::string firstLine(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

}  // namespace

// The run blocks the frames (a page has one thread): its notice is drawn
// first, and the run starts two frames later (Shell::frame).
void Shell::askCsv() {
  status_ = "running " + scene().name() + " to t = " + format("%.4g", scene().settings().tEnd) +
            " s for its CSV ...";
  statusTimer_ = 1e9f;
  csvFramesToWait_ = 2;
}

void Shell::saveCsv() {
  const SceneSettings& now = scene().settings();
  const long long every = rowEvery(now);
  std::ostringstream csv;
  std::string outcome;
  try {
    std::unique_ptr<Scene> run = chapter_.scenes[static_cast<size_t>(current_)]();
    run->settings() = now;
    for (const Param& p : scene().params().all()) run->params().set(p.key + "=" + p.text());
    run->validate();
    const HeadlessResult r = runHeadless(*run, csv, static_cast<int>(every));
    outcome = std::to_string(r.rows) + " rows to t = " + format("%.4g", run->time()) + " s" +
              (every > 1 ? ", every " + std::to_string(every) + " steps" : "");
  } catch (const SimulationDiverged& e) {
    // The rows before the divergence are the evidence: they are saved.
    const std::string text = csv.str();
    const auto lines = std::count(text.begin(), text.end(), '\n');
    outcome = std::to_string(lines > 0 ? lines - 1 : 0) + " rows, then " + e.what();
  } catch (const std::exception& e) {
    status_ = "no CSV: " + firstLine(e.what());
    statusTimer_ = 8.f;
    return;
  }
  const std::string path =
      chapter_.program + "-" + scene().name() + "-" + std::to_string(++csvCount_) + ".csv";
  status_ = window_.saveText(path, csv.str()) ? "saved " + path + ": " + outcome
                                              : "could not save " + path;
  statusTimer_ = 8.f;
}

}  // namespace pbm
