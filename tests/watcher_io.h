// What the tests' watchers do from a thread of their own while the test's
// thread may loop for ever (test_deadline.h, budget.h, hang_marker.h): write
// the failure's message, read and write the hang marker, end the process.
//
// Natively the C and C++ libraries do all of it from any thread. In the web
// build (emscripten under node, issue 37) a thread's file and stream calls
// are carried out for it by the main thread, which never gets to them while
// it loops, and its exit waits on the main thread too: there node's own fs
// and process do them on the watcher's thread, and a watcher ends the
// process by SIGKILL (a worker cannot end node with a status of its own),
// which ctest reports as a failure all the same.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#include <emscripten/threading.h>
#endif

namespace pbm_test::watcher_io {

// Writes TEXT to stderr at once (allocating nothing natively: the new
// handler's message is written this way when memory ran out).
inline void writeError(const char* text) {
#if defined(__EMSCRIPTEN__)
  EM_ASM({ require('fs').writeSync(2, UTF8ToString($0)); }, text);
#else
  std::fputs(text, stderr);
  std::fflush(stderr);
#endif
}

// Ends the process as a failed test (status 1; SIGKILL from a thread of the
// web build), from any thread, without running destructors.
[[noreturn]] inline void exitFailed() {
#if defined(__EMSCRIPTEN__)
  if (!emscripten_is_main_runtime_thread()) {
    EM_ASM({ process.kill(process.pid, 'SIGKILL'); });
    std::abort();  // (not reached: the signal ends node at once)
  }
#endif
  std::_Exit(1);
}

// The words a crash of the current test ends with, HEAD + what crashed +
// TAIL; empty HEAD: no test runs. Natively test_deadline.h's signal handler
// writes them; under node tests/watcher_crash.js does, from emscripten's quit.
inline void setCrashWords(const std::string& head, const std::string& tail) {
#if defined(__EMSCRIPTEN__)
  EM_ASM(
      {
        if ($0 == 0) {
          Module['pbmCrashHead'] = undefined;
        } else {
          Module['pbmCrashHead'] = UTF8ToString($0);
          Module['pbmCrashTail'] = UTF8ToString($1);
        }
      },
      head.empty() ? nullptr : head.c_str(), tail.c_str());
#else
  (void)head;
  (void)tail;
#endif
}

#if defined(__EMSCRIPTEN__)
// The text node's fs gives for one question (0: a file's contents, 1: its
// "size mtime", 2: the working directory, 3: the program's path), or "".
inline std::string askNode(int question, const std::string& path = "") {
  char buf[4096];
  const int n = EM_ASM_INT(
      {
        var fs = require('fs');
        var s = "";
        try {
          var p = UTF8ToString($1);
          if ($0 == 0) s = fs.readFileSync(p, 'utf8');
          if ($0 == 1) {
            var st = fs.statSync(p);
            s = st.size + " " + Math.round(st.mtimeMs);
          }
          if ($0 == 2) s = process.cwd();
          if ($0 == 3) s = require('path').resolve(process.argv[1]);
        } catch (e) {
          s = "";
        }
        return stringToUTF8(s, $2, $3);
      },
      question, path.c_str(), buf, static_cast<int>(sizeof buf));
  return std::string(buf, n > 0 ? static_cast<size_t>(n) : 0);
}
#endif

// The whole of the file at PATH; "" when it cannot be read.
inline std::string readFile(const std::string& path) {
#if defined(__EMSCRIPTEN__)
  return askNode(0, path);
#else
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return in ? text.str() : "";
#endif
}

// Writes TEXT to PATH through TMP renamed into place (two writers at once
// leave one whole file); false when it cannot.
inline bool replaceFile(const std::string& path, const std::string& tmp, const std::string& text) {
#if defined(__EMSCRIPTEN__)
  return EM_ASM_INT(
      {
        var fs = require('fs');
        try {
          fs.writeFileSync(UTF8ToString($1), UTF8ToString($2));
          fs.renameSync(UTF8ToString($1), UTF8ToString($0));
          return 1;
        } catch (e) {
          try {
            fs.unlinkSync(UTF8ToString($1));
          } catch (e2) {
          }
          return 0;
        }
      },
      path.c_str(), tmp.c_str(), text.c_str());
#else
  {
    std::ofstream out(tmp);
    out << text;
    if (!out) return false;
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) std::filesystem::remove(tmp, ec);
  return !ec;
#endif
}

// "SIZE MTIME" of the file at PATH, which changes when it is rebuilt; "" when
// there is no such file.
inline std::string fileKey(const std::string& path) {
#if defined(__EMSCRIPTEN__)
  return askNode(1, path);
#else
  namespace fs = std::filesystem;
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  if (ec) return "";
  const auto time = fs::last_write_time(path, ec);
  if (ec) return "";
  return std::to_string(size) + " " +
         std::to_string(static_cast<long long>(time.time_since_epoch().count()));
#endif
}

// The working directory; "" when it cannot be read.
inline std::string currentDir() {
#if defined(__EMSCRIPTEN__)
  return askNode(2);
#else
  std::error_code ec;
  const auto dir = std::filesystem::current_path(ec);
  return ec ? "" : dir.string();
#endif
}

// The test program's own file: ARGV0, or in the web build the .js node runs
// (emscripten's argv[0] is a made-up "./this.program").
inline std::string programPath(const std::string& argv0) {
#if defined(__EMSCRIPTEN__)
  (void)argv0;
  return askNode(3);
#else
  return argv0;
#endif
}

}  // namespace pbm_test::watcher_io
