// Steps per frame for a chapter 11 scene to play near real time: the viewer
// draws at most 60 frames a second (the shell's frame limit), so a step of h
// seconds needs 1 / (60 h) steps a frame (8 at h = 1/480 s, 17 at 1 ms; one
// step a frame at 2 ms ran about 8 times slower than real time).
#pragma once

#include <algorithm>
#include <cmath>

namespace ch11 {

inline int realTimeStepsPerFrame(double h) {
  if (!(h > 0.0)) return 1;
  return static_cast<int>(std::clamp(std::round(1.0 / (60.0 * h)), 1.0, 500.0));
}

}  // namespace ch11
