// Chapter 02: Euler vs midpoint vs RK4, adaptive step sizes (Differential
// Equation Basics §2-4). The scenes live in scenes.h; the shared
// runner gives the viewer and the headless CSV.
#include "pbm/app/chapter.h"
#include "scenes.h"

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch02_integrators",
      "Integrators: Euler, midpoint, RK4, adaptive steps",
      ch02::scenes(),
  };
  return pbm::runChapter(argc, argv, chapter);
}
