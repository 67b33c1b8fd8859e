// The viewer of a build without the GUI (PBM_VIEWER=OFF, cmake/PbmViewer.cmake):
// the headless runs, the tests and the CSVs are all there; a window is not.
#include <iostream>

#include "pbm/core/errors.h"
#include "viewer/shell.h"

namespace pbm {

namespace {
// Why there is no window, from configure (cmake/PbmDependencies.cmake).
#ifdef PBM_NO_VIEWER_WHY
constexpr const char* kWhy = PBM_NO_VIEWER_WHY;
#else
constexpr const char* kWhy = "PBM_VIEWER=OFF";
#endif
}  // namespace

bool viewerBuilt() {
  return false;
}

int runViewer(const Chapter& chapter, std::vector<std::unique_ptr<Scene>>&, int,
              const ViewerOptions&) {
  std::cerr << chapter.program << ": this build has no window (" << kWhy
            << "): use --headless, or install SFML and Dear ImGui and build again with "
               "PBM_VIEWER=ON (./pbm deps installs them on Debian and Ubuntu)\n";
  return kExitFailure;
}

}  // namespace pbm
