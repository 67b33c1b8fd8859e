// Chapter 02 scenes (Differential Equation Basics §2-4): the three spirals on
// the rotation field (`circle`), adaptive step sizes on an eccentric Kepler
// orbit (`kepler`), and the x' = -kx instability staircase (`decay`).
#pragma once

#include <imgui.h>

#include <memory>
#include <string>

#include "pbm/app/scene.h"
#include "pbm/integrators/integrators.h"
#include "pbm/viewer/canvas2d.h"

namespace ch02 {

std::unique_ptr<pbm::Scene> makeCircleScene();
std::unique_ptr<pbm::Scene> makeKeplerScene();
std::unique_ptr<pbm::Scene> makeDecayScene();

// The fixed-step methods in the order the scenes show them, with their names
// on the command line and their colours (shared palette, canvas2d.h).
inline constexpr pbm::Method kFixedMethods[] = {pbm::Method::Euler, pbm::Method::Midpoint,
                                                pbm::Method::RK4};
inline const char* methodName(pbm::Method m) {
  return m == pbm::Method::Euler ? "euler" : m == pbm::Method::Midpoint ? "midpoint" : "rk4";
}
inline const char* methodLabel(pbm::Method m) {
  return m == pbm::Method::Euler ? "Euler" : m == pbm::Method::Midpoint ? "midpoint" : "RK4";
}
inline pbm::Color methodColor(pbm::Method m) {
  return m == pbm::Method::Euler      ? pbm::colors::kEuler
         : m == pbm::Method::Midpoint ? pbm::colors::kMidpoint
                                      : pbm::colors::kRk4;
}
// A separator with a heading (Debian's Dear ImGui predates SeparatorText).
inline void sectionTitle(const char* text) {
  ImGui::Separator();
  ImGui::TextColored(ImVec4(1.f, 0.85f, 0.45f, 1.f), "%s", text);
}
// "euler" -> Method::Euler etc.; false for "adaptive".
bool parseFixedMethod(const std::string& name, pbm::Method& m);

}  // namespace ch02
