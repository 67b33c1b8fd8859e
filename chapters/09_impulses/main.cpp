// Chapter 09: colliding contact, impulses (Baraff, Rigid Body Simulation II
// §6, §8, "RBII"). The scenes live in scenes.h; the shared runner gives the
// viewer and the headless CSV.
#include "pbm/app/chapter.h"
#include "scenes.h"

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch09_impulses",
      "Colliding contact: impulses (RBII §6, §8)",
      ch09::scenes(),
  };
  return pbm::runChapter(argc, argv, chapter);
}
