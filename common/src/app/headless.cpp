#include "pbm/app/headless.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <iomanip>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "pbm/app/csv.h"
#include "pbm/core/errors.h"
#include "pbm/core/stepping.h"

namespace pbm {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

[[noreturn]] void diverged(const Scene& scene, const std::string& why) {
  std::ostringstream msg;
  // %.6g: the clock's last digits (0.30000000000000004) say nothing here.
  msg << std::setprecision(6) << "simulation diverged at t = " << scene.time()
      << " s with step h = " << scene.lastStepSize() << " s (" << why << "); try a smaller --h";
  throw SimulationDiverged(scene.time(), scene.lastStepSize(), msg.str());
}

// A cell is a finite number, or empty where the scene writes NaN on purpose
// (csv.h: a column with no value here). An infinite cell is an overflow the
// state check did not see (a derived quantity such as lambda or an energy):
// the run has diverged, and the row is not written.
void writeRow(CsvWriter& writer, const Scene& scene, const std::vector<std::string>& columns) {
  const std::vector<double> row = scene.csvRow();
  for (size_t i = 0; i < row.size(); ++i)
    if (std::isinf(row[i]))
      diverged(scene, "column '" + (i < columns.size() ? columns[i] : std::to_string(i)) +
                          "' is infinite");
  writer.row(row);
}

// The energy rule (headless.h): the start's energy and the size growth is
// measured against; inactive when the scene reports no energy.
struct EnergyRule {
  double e0 = 0.0, scale = 0.0;
  bool active = false;

  explicit EnergyRule(const Scene& scene) {
    e0 = scene.boundedEnergy();
    scale = std::max(std::abs(e0), scene.boundedEnergyScale());
    active = std::isfinite(e0) && scale > 0;
  }
  void check(const Scene& scene) const {
    if (!active) return;
    const double e = scene.boundedEnergy();
    if (std::isnan(e) || e <= e0 + kEnergyGrowth * scale) return;
    char why[320];
    std::snprintf(why, sizeof why,
                  "energy %.4g grew from %.4g at the start, by more than %.0f times %.4g: "
                  "this scene's physics only keeps or loses energy",
                  e, e0, kEnergyGrowth, scale);
    diverged(scene, why);
  }
};

// The long-run estimate (headless.h). The runner reports each step's end;
// every kLongRunSampleSeconds the rest of the run is extrapolated at the rate
// of the last such window, so a run whose steps grow dearer later (contacts
// forming) is announced when they do. A watchdog thread covers a step that
// takes longer than the windows themselves (a broad phase of 50 000 boxes by
// brute force): it announces a lower bound while that step still runs. One
// estimate per run, whoever gives it. The watch starts before the scene's
// reset: a setup still running after twice kLongRunSampleSeconds (50 000
// boxes paired by brute force, a pyramid of 20 settling) is noted while it
// runs, once, and the estimate follows when the steps are timed.
class LongRunWatch {
 public:
  LongRunWatch(const Scene& scene, double tEnd, std::function<void(const std::string&)> warn)
      : name_(scene.name()),
        tEnd_(tEnd),
        h_(scene.settings().h),
        warn_(std::move(warn)),
        started_(Clock::now()),
        windowT_(0.0),
        lastT_(0.0) {
    if (!warn_) {
      done_ = true;
      return;
    }
    watchdog_ = std::thread([this] { watch(); });
  }
  ~LongRunWatch() { stop(); }
  LongRunWatch(const LongRunWatch&) = delete;
  LongRunWatch& operator=(const LongRunWatch&) = delete;

  // Called by the runner once the scene is reset, at its clock's start t0.
  void setupEnded(double t0) {
    const double now = secondsSince(started_);
    windowWall_ = now;
    windowT_ = t0;
    lastT_ = t0;
    lastStepEnd_ = now;
    settingUp_ = false;
  }

  // Called by the runner after each step (its own thread): may warn.
  void stepEnded(double t, long long steps) {
    if (done_) return;
    const double now = secondsSince(started_);
    lastStepEnd_ = now;
    lastT_ = t;
    if (now < windowWall_ + kLongRunSampleSeconds) return;
    const double window = now - windowWall_, advanced = t - windowT_;
    windowWall_ = now;
    windowT_ = t;
    announce(longRunWarning(now, t, tEnd_, window, advanced, steps), false);
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    if (watchdog_.joinable()) watchdog_.join();
  }

 private:
  // The setup's note: not the estimate, which may follow.
  void note(const std::string& line) {
    try {
      warn_(name_ + ": " + line);
    } catch (...) {
      // nothing to unwind into on this thread; the runner carries on
    }
  }

  void announce(const std::string& line, bool fromWatchdog) {
    if (line.empty()) return;
    std::unique_lock<std::mutex> lock(mutex_);
    if (done_.exchange(true)) return;
    lock.unlock();
    if (!fromWatchdog) {
      warn_(name_ + ": " + line);  // may throw, into the runner (a test stops the run so)
      return;
    }
    try {
      warn_(name_ + ": " + line);
    } catch (...) {
      // nothing to unwind into on this thread; the runner carries on
    }
  }

  // Wakes every quarter second; a step that has run for twice
  // kLongRunSampleSeconds without ending gives a lower bound: the steps left,
  // each at least as long.
  void watch() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stopping_ && !done_) {
      wake_.wait_for(lock, std::chrono::milliseconds(250));
      if (stopping_ || done_) break;
      const double running = secondsSince(started_) - lastStepEnd_.load();
      if (running < 2 * kLongRunSampleSeconds) continue;
      if (settingUp_) {
        if (setupNoted_ || !(tEnd_ > 0)) continue;
        setupNoted_ = true;
        char buf[320];
        std::snprintf(buf, sizeof buf,
                      "this run may take long: setting the scene up has taken %.1f s so far, "
                      "and about %.0f steps to t = %.6g s follow; a larger --h or a shorter "
                      "--t-end ends sooner",
                      running, std::ceil(tEnd_ / h_), tEnd_);
        lock.unlock();
        note(buf);
        lock.lock();
        continue;
      }
      const double stepsLeft = std::max(1.0, std::ceil((tEnd_ - lastT_.load()) / h_));
      const double total = running * stepsLeft;
      if (!(total > kLongRunSeconds)) continue;
      char bound[64], buf[320];
      if (total < 3600)
        std::snprintf(bound, sizeof bound, "%.0f min", std::floor(total / 60));
      else
        std::snprintf(bound, sizeof bound, "%.1f h", std::floor(total / 360) / 10);
      std::snprintf(buf, sizeof buf,
                    "this run will take at least %s: one step has run %.1f s and about %.0f are "
                    "to go (to t = %.6g s); a larger --h or a shorter --t-end ends sooner",
                    bound, running, stepsLeft, tEnd_);
      lock.unlock();
      announce(buf, true);
      lock.lock();
    }
  }

  std::string name_;
  double tEnd_, h_;
  std::function<void(const std::string&)> warn_;
  Clock::time_point started_;
  double windowWall_ = 0.0, windowT_;  // the current window's start: wall time, clock
  std::atomic<double> lastStepEnd_{0.0}, lastT_;
  std::atomic<bool> done_{false}, settingUp_{true};
  bool stopping_ = false, setupNoted_ = false;  // setupNoted_: the watchdog's own
  std::mutex mutex_;
  std::condition_variable wake_;
  std::thread watchdog_;
};

}  // namespace

std::string durationText(double seconds) {
  char buf[64];
  if (seconds < 3600)
    std::snprintf(buf, sizeof buf, "about %.0f min", std::ceil(seconds / 60));
  else
    std::snprintf(buf, sizeof buf, "about %.1f h", seconds / 3600);
  return buf;
}

std::string longRunWarning(double elapsed, double t, double tEnd, double window, double advanced,
                           long long steps) {
  if (!(advanced > 0) || !(window > 0)) return {};
  const double total = elapsed + std::max(0.0, tEnd - t) * window / advanced;
  if (!(total > kLongRunSeconds)) return {};
  char rest[256];
  std::snprintf(rest, sizeof rest,
                " (%.3g s of wall time per simulated second lately, %lld steps to t = %.6g s so "
                "far, to t = %.6g s); a larger --h or a shorter --t-end ends sooner",
                window / advanced, steps, t, tEnd);
  return "this run will take " + durationText(total) + rest;
}

HeadlessResult runHeadless(Scene& scene, std::ostream& csv, int every,
                           const std::function<void(const std::string&)>& warn) {
  const double tEnd = scene.settings().tEnd;
  // The header is the scene's columns after reset (some scenes have a column
  // per particle, known once reset has built them). A run that fails in
  // reset (a singular start, CD §2.1) still leaves a CSV with its header, the
  // columns as far as reset got: nothing written so far is lost (errors.h).
  LongRunWatch watch(scene, tEnd, warn);
  try {
    scene.reset();
  } catch (...) {
    try {
      const CsvWriter header(csv, scene.csvColumns());
      csv.flush();
    } catch (...) {
      // the header could not be written either: the reset's failure is the news
    }
    throw;
  }
  const std::vector<std::string> columns = scene.csvColumns();
  CsvWriter writer(csv, columns);
  HeadlessResult result;
  try {
    const EnergyRule energy(scene);
    watch.setupEnded(scene.time());
    writeRow(writer, scene, columns);
    bool lastWritten = true;
    while (scene.time() < tEnd) {
      const double before = scene.time();
      scene.advance(tEnd, Host::Headless);
      ++result.steps;
      watch.stepEnded(scene.time(), result.steps);
      if (!scene.stateFinite())
        diverged(scene, "not finite, or grown beyond " + formatNumber(kDivergenceGrowth) +
                            " times its start");
      energy.check(scene);
      if (!(scene.time() > before))
        throw std::logic_error("scene '" + scene.name() + "' did not advance its clock");
      lastWritten = result.steps % every == 0;
      if (lastWritten) writeRow(writer, scene, columns);
    }
    if (!lastWritten) writeRow(writer, scene, columns);
  } catch (const SimulationDiverged&) {
    csv.flush();  // the finite rows so far stay
    throw;
  }
  result.rows = writer.rows();
  writer.flush();
  return result;
}

}  // namespace pbm
