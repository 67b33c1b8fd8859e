// The browser's side of the web room (window.cpp): what C++ cannot do alone.
// Linked into every chapter's page program (--js-library, common/CMakeLists.txt).
mergeInto(LibraryManager.library, {
  // Called after each frame is drawn: the page's count, which a test in a
  // browser waits on (tools/web/check_pages.py), and its "drawn" event.
  pbm_frame_drawn: function () {
    Module.framesDrawn = (Module.framesDrawn || 0) + 1;
    if (Module.framesDrawn === 1 && Module.onFirstFrame) Module.onFirstFrame();
  },

  // Whether a key belongs to the page rather than the program: the focus is
  // on an element of the page other than the canvas (a click in the lesson's
  // column, Tab to one of its links). With the canvas or nothing focused,
  // the keys are the program's.
  pbm_keys_for_page: function () {
    const focused = document.activeElement;
    return focused && focused !== document.body && focused !== Module.canvas ? 1 : 0;
  },

  // The page's address for `query` (already in the form "scene=NAME&h=0.1"),
  // shown in the address bar and put on the clipboard; returns it (malloc'd).
  pbm_copy_link: function (query) {
    const params = new URLSearchParams(UTF8ToString(query));
    const link = location.origin + location.pathname + "?" + params.toString();
    history.replaceState(null, "", link);
    if (navigator.clipboard) navigator.clipboard.writeText(link).catch(function () {});
    const size = lengthBytesUTF8(link) + 1;
    const copy = _malloc(size);
    stringToUTF8(link, copy, size);
    return copy;
  },
  pbm_copy_link__deps: ["malloc"],

  // The back buffer's RGBA rows (bottom to top, as GL reads them) as a PNG
  // the browser downloads under `name`: a page writes no files.
  pbm_download_png__deps: ["$pbmDownload"],
  pbm_download_png: function (rgba, width, height, name) {
    const file = UTF8ToString(name);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    const image = context.createImageData(width, height);
    const row = width * 4;
    for (let y = 0; y < height; ++y) {
      const from = rgba + (height - 1 - y) * row;
      image.data.set(HEAPU8.subarray(from, from + row), y * row);
    }
    context.putImageData(image, 0, 0);
    canvas.toBlob(function (blob) { pbmDownload(blob, file); }, "image/png");
    return 1;
  },

  // `size` bytes of text (UTF-8) at `text` as a file the browser downloads
  // under `name`: the panel's CSV (the shell's saveCsv).
  pbm_download_text__deps: ["$pbmDownload"],
  pbm_download_text: function (text, size, name) {
    const bytes = HEAPU8.slice(text, text + size);
    pbmDownload(new Blob([bytes], { type: "text/csv" }), UTF8ToString(name));
    return 1;
  },

  // A blob offered as a download: a link clicked, its address freed later.
  $pbmDownload: function (blob, file) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = file;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
  },
});
