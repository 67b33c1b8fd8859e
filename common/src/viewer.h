// The viewer shell (DESIGN.md, "The viewer shell"): one SFML window with a
// Dear ImGui panel that serves every chapter's scenes.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "pbm/app/scene.h"

namespace pbm {

struct ViewerOptions {
  std::string screenshot;  // non-empty: run `frames` frames, save a PNG, exit
  int frames = 60;
};

// Returns the process exit status.
int runViewer(const Chapter& chapter, std::vector<std::unique_ptr<Scene>>& scenes, int first,
              const ViewerOptions& options);

}  // namespace pbm
