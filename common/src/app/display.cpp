#include "pbm/app/display.h"

#include <cstdlib>

namespace pbm {

namespace {

bool set(const char* value) {
  return value != nullptr && *value != '\0';
}

}  // namespace

bool shouldTryWindow(WindowSystem system, const char* display, const char* waylandDisplay) {
  if (system != WindowSystem::X11OrWayland) return true;
  return set(display) || set(waylandDisplay);
}

bool shouldTryWindowHere() {
  return shouldTryWindow(kWindowSystem, std::getenv("DISPLAY"), std::getenv("WAYLAND_DISPLAY"));
}

}  // namespace pbm
