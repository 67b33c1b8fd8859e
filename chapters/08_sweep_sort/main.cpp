// Chapter 08: bounding boxes, sweep-and-sort and separating planes (Baraff,
// Rigid Body Simulation II §7, "RBII"). The scenes live in scenes.h; the
// shared runner gives the viewer and the headless CSV.
#include "pbm/app/chapter.h"
#include "scenes.h"

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch08_sweep_sort",
      "Bounding boxes and separating planes (RBII §7)",
      ch08::scenes(),
  };
  return pbm::runChapter(argc, argv, chapter);
}
