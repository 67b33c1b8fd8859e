// Chapter 09: colliding contact with impulses (Baraff, Rigid Body Simulation
// II §6, §8, "RBII"). Placeholder until the chapter's scenes arrive: the
// runner with no scene yet.
#include "pbm/app/chapter.h"

int main(int argc, char** argv) {
  const pbm::Chapter chapter{"ch09_impulses", "Colliding contact with impulses (RBII §6, §8)", {}};
  return pbm::runChapter(argc, argv, chapter);
}
