// Chapter 05: a bead on a wire (Witkin, Constrained Dynamics §1-§2, §5). The
// scenes live in scenes.h; the shared runner gives the viewer and the
// headless CSV (t, x, y, vx, vy, c, c_dot, lambda, energy).
#include "pbm/app/chapter.h"
#include "scenes.h"

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch05_bead_on_wire",
      "A bead on a wire: constraint forces, feedback, penalty springs",
      ch05::scenes(),
  };
  return pbm::runChapter(argc, argv, chapter);
}
