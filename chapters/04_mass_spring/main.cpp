// Chapter 04: mass-spring particle systems (Particle System Dynamics §2-§7),
// plane collisions and contact, and an implicit cloth (Implicit Methods §4,
// Baraff & Witkin 1998). The scenes live in scenes.h; the shared runner gives
// the viewer and the headless CSV.
#include "pbm/app/chapter.h"
#include "scenes.h"

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch04_mass_spring",
      "Mass-spring particle systems",
      ch04::scenes(),
  };
  return pbm::runChapter(argc, argv, chapter);
}
