#include "pbm/app/chapter.h"

#include <CLI/CLI.hpp>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <vector>

#include "pbm/app/csv.h"
#include "pbm/app/display.h"
#include "pbm/app/headless.h"
#include "pbm/core/errors.h"
#include "pbm/core/exercise.h"
#include "viewer/shell.h"

#ifdef _WIN32
#include <fcntl.h>  // _O_BINARY
#include <io.h>     // _setmode
#endif

namespace pbm {

namespace {

// The raw text of each option, so that every bad value gets a message that
// names what is accepted (README.md: one line, exit status 2).
struct CommandLine {
  std::string scene, method, h, tEnd, start, tol, csv, screenshot, every, frames, maxRows, camera;
  std::vector<std::string> sets;
  bool headless = false, listScenes = false;
};

// A whole number in [lo, hi] for an option; one short line naming the range otherwise.
// 64 bits on every system: --max-rows goes to 10^12, past a 32-bit long (Windows').
long long parseCount(const std::string& text, const std::string& option, long long lo, long long hi,
                     long long fallback, const std::string& what) {
  if (text.empty()) return fallback;
  const std::string accepted = option + " takes a whole number from " + std::to_string(lo) +
                               " to " + std::to_string(hi) + " (" + what + ")";
  if (text.size() > 12 || text.find_first_not_of("0123456789") != std::string::npos)
    throw UsageError(accepted + ", got '" + text + "'");
  const long long v = std::stoll(text);
  if (v < lo || v > hi) throw UsageError(accepted + ", got " + text);
  return v;
}

// A headless run of more rows than this is refused before it starts (a typo in
// --h or --t-end would otherwise fill the disk); --max-rows lifts it.
constexpr long long kDefaultMaxRows = 10'000'000;

void checkRunSize(const Scene& scene, long long every, long long maxRows) {
  const SceneSettings& s = scene.settings();
  const double rows = s.tEnd / s.h / static_cast<double>(every);
  if (rows <= static_cast<double>(maxRows)) return;
  const double mb = rows * static_cast<double>(scene.csvColumns().size()) * 20.0 / 1e6;
  throw UsageError("--t-end " + formatNumber(s.tEnd) + " at --h " + formatNumber(s.h) +
                   " would write about " + formatNumber(std::round(rows)) + " rows (~" +
                   formatNumber(std::round(mb)) +
                   " MB); use --every K, a larger --h, or --max-rows N to allow it");
}

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : "|") + s;
  return out;
}

// A decimal number, as --set takes them (param.h): no hex, inf or nan.
double parseNumber(const std::string& text, const std::string& option,
                   const std::string& accepted) {
  double v = 0;
  if (!parseDecimal(text, v))
    throw UsageError(option + " '" + text + "' is not a decimal number; accepted: " + accepted);
  return v;
}

std::vector<double> parseList(const std::string& text, const std::string& option,
                              const std::string& accepted) {
  std::vector<double> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) out.push_back(parseNumber(item, option, accepted));
  if (!text.empty() && text.back() == ',')
    throw UsageError(option + " '" + text + "' is malformed; accepted: " + accepted);
  return out;
}

// Applies the command line's simulation settings to the chosen scene.
void configure(Scene& scene, const CommandLine& cl) {
  SceneSettings& s = scene.settings();
  const auto methods = scene.methods();
  if (!cl.method.empty()) {
    if (methods.empty())
      throw UsageError("scene '" + scene.name() +
                       "' has a single method; --method is not accepted");
    if (std::find(methods.begin(), methods.end(), cl.method) == methods.end())
      throw UsageError("unknown method '" + cl.method + "'; accepted: " + joined(methods));
    s.method = cl.method;
  }
  if (!cl.h.empty()) {
    s.h = parseNumber(cl.h, "--h", "a step size in seconds > 0");
    if (!(s.h > 0)) throw UsageError("--h must be > 0 (a step size in seconds), got " + cl.h);
  }
  if (!cl.tEnd.empty()) {
    s.tEnd = parseNumber(cl.tEnd, "--t-end", "an end time in seconds >= 0");
    if (s.tEnd < 0) throw UsageError("--t-end must be >= 0 s, got " + cl.tEnd);
  }
  if (!cl.start.empty()) {
    const int n = scene.startSize();
    if (n == 0) throw UsageError("scene '" + scene.name() + "' takes no --start");
    const std::string accepted = std::to_string(n) + " comma-separated numbers, e.g. " +
                                 (n == 2 ? std::string("1,0") : std::string("1,0,..."));
    s.start = parseList(cl.start, "--start", accepted);
    if (static_cast<int>(s.start.size()) != n)
      throw UsageError("--start '" + cl.start + "' is malformed; accepted: " + accepted);
  }
  if (!cl.tol.empty()) {
    if (!scene.usesTol())
      throw UsageError("scene '" + scene.name() + "' takes no --tol (no adaptive method)");
    s.tol = parseNumber(cl.tol, "--tol", "an error tolerance > 0");
    if (!(s.tol > 0)) throw UsageError("--tol must be > 0, got " + cl.tol);
  }
  // `--set a=1 b=2`, `--set a=1 --set b=2` and `--set a=1,b=2` all work.
  for (const auto& arg : cl.sets) {
    std::stringstream ss(arg);
    std::string one;
    while (std::getline(ss, one, ',')) scene.params().set(one);
    if (!arg.empty() && arg.back() == ',') scene.params().set("");
  }
  scene.validate();
}

// --camera YAW,PITCH[,DISTANCE]: the initial orbit of a 3D scene, in degrees.
CameraAngles parseCamera(const Scene& scene, const std::string& text) {
  if (scene.view() != ViewKind::Orbit3D)
    throw UsageError("scene '" + scene.name() + "' is 2D; --camera is accepted by 3D scenes only");
  const std::string accepted =
      "YAW,PITCH[,DISTANCE] in degrees, pitch within -89..89, distance > 0, e.g. 30,20 or 30,20,90";
  std::vector<double> v;
  try {
    v = parseList(text, "--camera", accepted);
  } catch (const UsageError&) {
    v.clear();  // reported below with the whole argument
  }
  if (v.size() < 2 || v.size() > 3 || std::abs(v[1]) > 89 || (v.size() == 3 && !(v[2] > 0)))
    throw UsageError("--camera '" + text + "' is malformed; accepted: " + accepted);
  return {v[0], v[1], v.size() == 3 ? v[2] : 0.0};
}

// A diverged run's line names t and h (README.md), whatever the scene wrote.
std::string divergedLine(const SimulationDiverged& e) {
  std::string line = e.what();
  if (line.find("h = ") != std::string::npos) return line;
  char where[96];
  if (line.find("t = ") != std::string::npos)
    std::snprintf(where, sizeof where, " (h = %.6g s)", e.stepSize());
  else
    std::snprintf(where, sizeof where, " (t = %.6g s, h = %.6g s)", e.time(), e.stepSize());
  return line + where;
}

// Standard output in binary mode (Windows: no \n -> \r\n); elsewhere
// there is no text mode and nothing to do.
void setBinaryStdout() {
#ifdef _WIN32
  std::cout.flush();
  _setmode(_fileno(stdout), _O_BINARY);
#endif
}

int run(int argc, char** argv, const Chapter& chapter) {
  std::vector<std::unique_ptr<Scene>> scenes;
  std::vector<std::string> names;
  for (const auto& make : chapter.scenes) {
    scenes.push_back(make());
    names.push_back(scenes.back()->name());
  }

  CommandLine cl;
  CLI::App app(chapter.title, chapter.program);
  // Help is `--help` for CLI11 and `-h` is answered here: CLI11 2.4 refuses an
  // option `--h` (the step size in every lesson) beside its own `-h` flag, which
  // 2.1 and 2.6 accept (issue 18). So a `-h` argument is looked for before parsing.
  app.set_help_flag("--help", "print this help and exit (-h too)");
  // Every option that takes a value: given, it must not be empty (below).
  std::vector<CLI::Option*> valued;
  const auto option = [&](const std::string& name, std::string& into, const std::string& help) {
    valued.push_back(app.add_option(name, into, help));
    return valued.back();
  };
  option("--scene", cl.scene, "scene to run: " + joined(names) + " (default " + names[0] + ")");
  option("--method", cl.method, "integration method (see --list-scenes)");
  option("--h", cl.h, "step size in seconds, > 0");
  option("--t-end", cl.tEnd, "end time of a headless run in seconds, >= 0");
  valued.push_back(
      app.add_option("--set", cl.sets, "scene parameter key=value (repeatable; see --list-scenes)")
          ->take_all());
  option("--start", cl.start, "initial point X,Y");
  option("--tol", cl.tol, "error tolerance of the adaptive method, > 0");
  app.add_flag("--headless", cl.headless, "run to --t-end without a window and write CSV");
  option("--csv", cl.csv, "CSV file for --headless (default: standard output)");
  option("--every", cl.every, "write a CSV row every K steps (default 1)");
  option("--max-rows", cl.maxRows, "refuse a headless run of more rows than this (default 1e7)");
  option("--screenshot", cl.screenshot, "open the window, run --frames frames, save a PNG");
  option("--frames", cl.frames, "frames before the screenshot (default 60)");
  option("--camera", cl.camera,
         "3D scenes: initial camera YAW,PITCH[,DISTANCE] (degrees; distance in world units)");
  app.add_flag("--list-scenes", cl.listScenes, "list scenes with their methods and --set keys");
  app.footer(
      "Numbers are decimal (1, 0.25, 2e-3). Exit status: 0 ok, 1 failure (e.g. no display), "
      "2 bad arguments, 3 the simulation diverged or the output failed, 4 an exercise is not "
      "done yet.");
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "-h") {
      std::cout << app.help();
      return kExitOk;
    }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    std::string what = e.what();
    if (what.empty()) what = e.get_name();
    throw UsageError(what + " (see --help)");
  }
  // `--scene ''` or `--csv ''` is a mistake (an unset shell variable), not
  // "use the default": an empty value is refused, whatever the option.
  for (const CLI::Option* o : valued)
    for (const std::string& r : o->results())
      if (r.empty())
        throw UsageError(o->get_name() +
                         " was given an empty value (see --help for what it takes)");

  if (cl.listScenes) {
    for (const auto& s : scenes) {
      const SceneSettings& d = s->settings();
      std::cout << s->name() << "  -  " << s->title() << "\n";
      std::cout << "    defaults: --h " << formatNumber(d.h) << " --t-end " << formatNumber(d.tEnd)
                << (d.method.empty() ? "" : " --method " + d.method) << "\n";
      if (!s->methods().empty()) std::cout << "    --method " << joined(s->methods()) << "\n";
      for (const auto& p : s->params().all())
        std::cout << "    --set " << p.key << "=" << p.text() << "  (" << p.help << "; "
                  << p.accepted() << ")\n";
    }
    return kExitOk;
  }

  int index = 0;
  if (!cl.scene.empty()) {
    auto it = std::find(names.begin(), names.end(), cl.scene);
    if (it == names.end())
      throw UsageError("unknown scene '" + cl.scene + "'; accepted: " + joined(names));
    index = static_cast<int>(it - names.begin());
  }
  Scene& scene = *scenes[index];
  configure(scene, cl);
  std::optional<CameraAngles> camera;
  if (!cl.camera.empty()) camera = parseCamera(scene, cl.camera);
  if (cl.headless && !cl.screenshot.empty())
    throw UsageError("--headless and --screenshot exclude each other");
  if (!cl.headless && !cl.csv.empty()) throw UsageError("--csv needs --headless");

  const long long every =
      parseCount(cl.every, "--every", 1, 1'000'000'000, 1, "a CSV row every K steps");
  const long long frames =
      parseCount(cl.frames, "--frames", 1, 1'000'000, 60, "frames before the screenshot");
  const long long maxRows =
      parseCount(cl.maxRows, "--max-rows", 1, 1'000'000'000'000, kDefaultMaxRows,
                 "the largest headless run allowed, in rows");

  if (cl.headless) {
    checkRunSize(scene, every, maxRows);
    // A closed pipe (`| head -c 10`) is an output failure with a line and
    // exit 3 (errors.h), not a death by SIGPIPE: the write fails with EPIPE
    // and the CSV writer reports it. Windows has no SIGPIPE: there the write
    // fails without a signal.
#ifdef SIGPIPE
    std::signal(SIGPIPE, SIG_IGN);
#endif
    const auto warn = [&](const std::string& line) {
      std::cerr << chapter.program << ": warning: " << line << std::endl;
    };
    // A CSV is the same file on every system: its rows end in \n, also on
    // Windows, whose text mode would write \r\n (binary mode, for the file and
    // for standard output).
    if (cl.csv.empty()) {
      setBinaryStdout();
      runHeadless(scene, std::cout, static_cast<int>(every), warn);
      return kExitOk;
    }
    // The file's buffer 64 KiB, set before it opens: a long run writes tens of
    // megabytes, and every write is a system call (under node, a call into
    // JavaScript's fs: about a twentieth of chapter 11's stairs with 4 KiB).
    std::vector<char> buffer(std::size_t{1} << 16);
    std::ofstream file;
    file.rdbuf()->pubsetbuf(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    file.open(cl.csv, std::ios::binary);
    if (!file)
      throw UsageError("cannot write CSV file '" + cl.csv + "' (a directory, or no permission?)");
    const HeadlessResult r = runHeadless(scene, file, static_cast<int>(every), warn);
    std::cerr << chapter.program << ": " << scene.name() << ": " << r.steps << " steps, " << r.rows
              << " rows to t = " << formatNumber(scene.time()) << " s written to " << cl.csv
              << "\n";
    return kExitOk;
  }

  // A build without the viewer says so itself (runViewer, src/viewer/null/).
  if (viewerBuilt() && !shouldTryWindowHere()) {
    std::cerr << chapter.program
              << ": no display (neither DISPLAY nor WAYLAND_DISPLAY is set): use --headless, run "
                 "under xvfb-run -a with --screenshot FILE, or ./pbm run which does both\n";
    return kExitFailure;
  }
  ViewerOptions options;
  options.screenshot = cl.screenshot;
  options.frames = static_cast<int>(frames);
  options.camera = camera;
  return runViewer(chapter, scenes, index, options);
}

// A web page's address sets its program up (?scene=NAME&h=0.1 is --scene
// NAME --set h=0.1; tools/web/pages.py). When it asks for something wrong,
// the reader has seen the message (the page shows the error line) and still
// gets a picture: the scene named with its defaults, else the first scene.
int fallBackInThePage(int argc, char** argv, const Chapter& chapter) {
  std::vector<char*> args{argv[0]};
  for (int i = 1; i + 1 < argc; ++i)
    if (std::string(argv[i]) == "--scene") {
      args.push_back(argv[i]);
      args.push_back(argv[i + 1]);
    }
  if (static_cast<int>(args.size()) == argc) args.resize(1);  // the scene was all: none
  return runChapter(static_cast<int>(args.size()), args.data(), chapter);
}

}  // namespace

int runChapter(int argc, char** argv, const Chapter& chapter) {
  const std::string prog = chapter.program;
  try {
    return run(argc, argv, chapter);
  } catch (const UsageError& e) {
    std::cerr << prog << ": error: " << e.what() << "\n";
    if (kWindowSystem == WindowSystem::Browser && viewerBuilt() && argc > 1) {
      fallBackInThePage(argc, argv, chapter);
    }
    return kExitUsage;
  } catch (const SimulationDiverged& e) {
    std::cerr << prog << ": error: " << divergedLine(e) << "\n";
    return kExitDiverged;
  } catch (const SolverFailure& e) {
    std::cerr << prog << ": error: " << e.what() << "\n";
    return kExitDiverged;
  } catch (const OutputFailure& e) {
    std::cerr << prog << ": error: " << e.what() << "\n";
    return kExitDiverged;
  } catch (const ExerciseNotDone& e) {
    std::cerr << prog << ": error: " << e.what() << "\n";
    return kExitExerciseNotDone;
  } catch (const std::exception& e) {
    std::cerr << prog << ": error: " << e.what() << "\n";
    return kExitFailure;
  }
}

}  // namespace pbm
