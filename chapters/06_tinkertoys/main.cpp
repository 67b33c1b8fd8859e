// Chapter 06: tinkertoys, general constrained particle systems (Witkin,
// "Constrained Dynamics" §3-§5). The scenes live in scenes.h; the shared
// runner gives the viewer and the headless CSV.
#include "pbm/app/chapter.h"
#include "scenes.h"

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch06_tinkertoys",
      "Tinkertoys: constrained particle systems",
      {ch06::makeDoublePendulumScene, ch06::makePendulumScene, ch06::makeTriplePendulumScene,
       ch06::makeChainScene, ch06::makeSquareScene, ch06::makeWirePendulumScene,
       ch06::makeFourBarScene, ch06::makeDumbbellScene, ch06::makeSandboxScene},
  };
  return pbm::runChapter(argc, argv, chapter);
}
