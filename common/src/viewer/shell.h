// The viewer shell: one SFML window with a Dear ImGui panel that serves every
// chapter's scenes, 2D and 3D (shell.cpp, view.h). A build without the viewer
// (PBM_VIEWER=OFF) links null/shell.cpp instead.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pbm/app/scene.h"
#include "view.h"

namespace pbm {

struct ViewerOptions {
  std::string screenshot;  // non-empty: run `frames` frames, save a PNG, exit
  int frames = 60;
  std::optional<CameraAngles> camera;  // --camera: the first scene's initial 3D view
  // > 0: run this many frames as fast as possible (after a warm-up), print the
  // median frame time and exit (the viewer_frametime measurement).
  int timeFrames = 0;
};

// Whether this build has the window (PBM_VIEWER=ON): false in a build
// without the GUI, whose runViewer only says so (null/shell.cpp).
bool viewerBuilt();

// Returns the process exit status.
int runViewer(const Chapter& chapter, std::vector<std::unique_ptr<Scene>>& scenes, int first,
              const ViewerOptions& options);

}  // namespace pbm
