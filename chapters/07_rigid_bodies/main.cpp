// Chapter 07: rigid bodies in 3D (Baraff, Rigid Body Simulation I, "RBI").
// The scenes live in scenes.h (their common part in rigid_scene.h); the
// shared runner gives the viewer and the headless CSV.
#include "pbm/app/chapter.h"
#include "scenes.h"

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch07_rigid_bodies",
      "Rigid bodies (RBI)",
      {ch07::makeSpinIntermediateScene, ch07::makeSpinStableMaxScene, ch07::makeSpinStableMinScene,
       ch07::makeTorqueFreeScene, ch07::makeSymmetricTopScene, ch07::makeGravityTossScene,
       ch07::makeRotationFreeScene, ch07::makeTranslationFreeScene, ch07::makeForceVsTorqueScene,
       ch07::makeDriftScene, ch07::makeManyBodiesScene},
  };
  return pbm::runChapter(argc, argv, chapter);
}
