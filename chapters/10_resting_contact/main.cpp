// Chapter 10: resting contact, the contact-force LCP (Baraff, Rigid Body
// Simulation II §9 and App. D, "RBII"). Placeholder until the chapter's
// scenes arrive: the runner with no scene yet.
#include "pbm/app/chapter.h"

int main(int argc, char** argv) {
  const pbm::Chapter chapter{
      "ch10_resting_contact", "Resting contact: the contact-force LCP (RBII §9)", {}};
  return pbm::runChapter(argc, argv, chapter);
}
