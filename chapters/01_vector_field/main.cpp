// Chapter 01: vector fields and integral curves (Differential Equation Basics
// §1, §4; Particle System Dynamics §2, the phase plane), ending with the
// Lorenz system in 3D. The scenes live in scenes.h; the shared runner
// gives the viewer and the headless CSV.
#include "pbm/app/chapter.h"
#include "scenes.h"

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch01_vector_field",
      "Vector fields and integral curves",
      ch01::scenes(),
  };
  return pbm::runChapter(argc, argv, chapter);
}
