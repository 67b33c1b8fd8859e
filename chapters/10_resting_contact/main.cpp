// Chapter 10: resting contact, the contact-force LCP (Baraff, Rigid Body
// Simulation II §9 and App. D, "RBII"). The scenes live in scenes.h; the
// shared runner gives the viewer and the headless CSV.
#include "pbm/app/chapter.h"
#include "scenes.h"

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch10_resting_contact",
      "Resting contact: the contact-force LCP (RBII §9)",
      ch10::scenes(),
  };
  return pbm::runChapter(argc, argv, chapter);
}
