// Whether a chapter program tries its window or says "no display" (README.md,
// "Platforms"). On X11 and Wayland systems (Linux, the BSDs) a window needs
// the display server that DISPLAY or WAYLAND_DISPLAY names; without one the
// program says so in one line and points at --headless and Xvfb. macOS and
// Windows have their desktop and neither variable, so there the program always
// tries its window; one that cannot be made is one line and exit 1 as well
// (viewer/shell.cpp). A web page (emscripten) has its canvas, always.
#pragma once

namespace pbm {

enum class WindowSystem { X11OrWayland, MacOS, Windows, Browser };

// The window system this program is compiled for.
inline constexpr WindowSystem kWindowSystem =
#if defined(_WIN32)
    WindowSystem::Windows;
#elif defined(__APPLE__)
    WindowSystem::MacOS;
#elif defined(__EMSCRIPTEN__)
    WindowSystem::Browser;
#else
    WindowSystem::X11OrWayland;
#endif

// The decision from the window system and the values of DISPLAY and
// WAYLAND_DISPLAY (nullptr when unset; an empty value counts as unset).
bool shouldTryWindow(WindowSystem system, const char* display, const char* waylandDisplay);

// The same for this process: kWindowSystem and its environment.
bool shouldTryWindowHere();

}  // namespace pbm
