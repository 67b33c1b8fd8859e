// The one command line every chapter shares (README.md, "One command line for every chapter"):
//   chNN_topic [--scene NAME] [--method M] [--h H] [--t-end T] [--set key=value ...]
//              [--start X,Y] [--tol TOL] [--headless [--csv FILE] [--every K] [--max-rows N]]
//              [--screenshot FILE [--frames N]] [--camera YAW,PITCH[,DISTANCE]]
//              [--list-scenes] [--help]
// A chapter's main() is `return pbm::runChapter(argc, argv, chapter);`.
#pragma once

#include "pbm/app/scene.h"

namespace pbm {

int runChapter(int argc, char** argv, const Chapter& chapter);

}  // namespace pbm
