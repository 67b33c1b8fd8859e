// The web build's end of a test program that crashed (issue 37). Natively a
// crash is a signal, and tests/test_deadline.h's handler writes which test
// crashed and what it drives; under node an abort or a WebAssembly trap ends
// the program through emscripten's onAbort or quit instead, with one line of
// its own. These write the test's message first (test_deadline.h sets
// Module.pbmCrashHead and pbmCrashTail when each test starts, through
// watcher_io.h) and end node with status 1. An abort on another thread (a
// test's budgeted call runs on one) reaches onAbort on the main thread.
// Linked into every chNN_tests (cmake/PbmChapter.cmake).
function pbmCrashed(what) {
  var fs = require('fs');
  if (Module['pbmCrashHead'] !== undefined) {
    fs.writeSync(2, Module['pbmCrashHead'] + 'an abort or a WebAssembly trap: ' + what +
                        Module['pbmCrashTail']);
  } else {
    fs.writeSync(2, what + '\n');
  }
  process.exit(1);
}
Module['onAbort'] = function (what) {
  pbmCrashed('Aborted(' + (what === undefined ? '' : what) + ')');
};
Module['quit'] = function (status, toThrow) {
  if (toThrow !== undefined && toThrow !== null && toThrow.name !== 'ExitStatus') {
    pbmCrashed(toThrow.message || String(toThrow));
  }
  process.exit(status);
};
