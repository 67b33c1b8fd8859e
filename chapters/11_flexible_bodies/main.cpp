// Chapter 11: flexible bodies as global polynomial deformations (Baraff &
// Witkin 1992). The scenes live in scenes.h; the shared runner gives the
// viewer and the headless CSV.
#include "pbm/app/chapter.h"
#include "scenes.h"

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch11_flexible_bodies",
      "Flexible bodies: global deformations (Baraff & Witkin 1992)",
      ch11::scenes(),
  };
  return pbm::runChapter(argc, argv, chapter);
}
