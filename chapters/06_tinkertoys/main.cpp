// Chapter 06: tinkertoys, general constrained particle systems (Witkin,
// "Constrained Dynamics" §3-§5). The scenes live in scenes.h; the shared
// runner gives the viewer and the headless CSV.
#include "pbm/app/chapter.h"
#include "scenes.h"

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch06_tinkertoys",
      "Tinkertoys: constrained particle systems",
      ch06::scenes(),
  };
  return pbm::runChapter(argc, argv, chapter);
}
