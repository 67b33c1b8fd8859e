// Chapter 07: rigid bodies in 3D (Baraff, Rigid Body Simulation I, "RBI").
// The scenes live in scenes.h (their common part in rigid_scene.h); the
// shared runner gives the viewer and the headless CSV.
#include "pbm/app/chapter.h"
#include "scenes.h"

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch07_rigid_bodies",
      "Rigid bodies (RBI)",
      ch07::scenes(),
  };
  return pbm::runChapter(argc, argv, chapter);
}
