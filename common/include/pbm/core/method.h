// The method registry: what a scene, the command line (--method NAME) and the
// viewer know about a time-stepping method (DEB §2-§4; Implicit Methods §3).
// A chapter lists its methods from its library code as a plain function that
// returns a MethodList (chapter 02: euler, midpoint, rk4; chapter 03 adds
// implicit), so nothing depends on static registration, which a static
// library's linker would drop. Later chapters append their own entries to an
// earlier chapter's list. The same method has the same name, label and colour
// in every chapter.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "pbm/core/ode.h"

namespace pbm {

// A colour packed as Dear ImGui packs it (IM_COL32: 0xAABBGGRR), so the core,
// which has no graphics, can give each method its colour; the viewer's palette
// (viewer/canvas2d.h) takes the method colours from here.
constexpr std::uint32_t packedColour(int r, int g, int b, int a = 255) {
  return static_cast<std::uint32_t>(a) << 24 | static_cast<std::uint32_t>(b) << 16 |
         static_cast<std::uint32_t>(g) << 8 | static_cast<std::uint32_t>(r);
}

namespace methodColours {
inline constexpr std::uint32_t kEuler = packedColour(235, 87, 87);       // red
inline constexpr std::uint32_t kMidpoint = packedColour(111, 207, 120);  // green
inline constexpr std::uint32_t kRk4 = packedColour(86, 156, 245);        // blue
inline constexpr std::uint32_t kAdaptive = packedColour(242, 179, 61);   // amber
inline constexpr std::uint32_t kImplicit = packedColour(187, 134, 252);  // violet
}  // namespace methodColours

// One step of size h from the installed state; installs x(t0 + h) at t0 + h.
using StepFunction = std::function<void(OdeSystem& sys, double h)>;

struct MethodInfo {
  std::string name;          // on the command line and in CSV headers: "rk4"
  std::string label;         // in legends and the HUD: "RK4"
  std::uint32_t colour = 0;  // packedColour
  int order = 1;             // the global error is O(h^order) (DEB §2)
  // Derivative evaluations one step costs (DEB §2 counts cost in these); the
  // stepping layer counts steps times this. 0: it varies (implicit Euler with
  // a finite-difference Jacobian), so the stepping layer counts the calls.
  int evalsPerStep = 0;
  // Empty for a method that chooses its own step size (adaptive step doubling,
  // DEB §3): its scene drives it with its own loop.
  StepFunction step;
};

using MethodList = std::vector<MethodInfo>;

// The method called `name`; throws UsageError naming the choices otherwise.
// A view, not a std::string: a name given as a literal makes no temporary for
// the returned reference to be suspected of outliving (GCC's -Wdangling-reference).
const MethodInfo& findMethod(const MethodList& methods, std::string_view name);
// The names, in order: Scene::methods() of a scene that offers the list.
std::vector<std::string> methodNames(const MethodList& methods);

}  // namespace pbm
