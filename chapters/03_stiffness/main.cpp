// Chapter 03: stiffness and implicit Euler (Implicit Methods §1-4 and the IM
// slides). The scenes live in scenes.h; the shared runner gives the viewer
// and the headless CSV.
#include "pbm/app/chapter.h"
#include "scenes.h"

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch03_stiffness",
      "Stiffness and implicit Euler",
      ch03::scenes(),
  };
  return pbm::runChapter(argc, argv, chapter);
}
