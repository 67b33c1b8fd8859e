# The libraries the workbook builds on, found the way each platform ships
# them (README.md, "Platforms"): CMake packages first, pkg-config for Debian's
# Dear ImGui, an ImGui source folder (or a pinned download) where no package
# exists. Each miss stops configure with one line naming the library, the
# minimum version and the package to install with apt, brew and vcpkg.
#
# Defines PBM_VERSIONS_FOUND for the configure summary, and with the viewer
# (cmake/PbmViewer.cmake) pbm::sfml (graphics, window, system) and pbm::imgui
# (ImGui with its OpenGL 2 back end).

include_guard(GLOBAL)

function(pbm_missing what minimum apt brew vcpkg)
  message(FATAL_ERROR "pbm: missing ${what} >= ${minimum}: install it with "
    "`apt-get install ${apt}` (Debian, Ubuntu), `brew install ${brew}` (macOS) "
    "or `vcpkg install ${vcpkg}` (Windows); ./pbm deps does it on Debian and Ubuntu")
endfunction()

set(PBM_VERSIONS_FOUND "")
macro(pbm_found what version)
  list(APPEND PBM_VERSIONS_FOUND "${what} ${version}")
endmacro()

# --- Eigen 3.4 up to 5.x. Eigen's version files refuse a range that crosses a
# major version (3.4's accepts only 3.4.x for "3.4", 5's only 5.x, and 3.4's
# refuses "3.4...5"), so find it without a version and check.
find_package(Eigen3 NO_MODULE QUIET)
if(NOT Eigen3_FOUND OR NOT TARGET Eigen3::Eigen)
  pbm_missing(Eigen 3.4 libeigen3-dev eigen eigen3)
endif()
if(Eigen3_VERSION VERSION_LESS 3.4 OR NOT Eigen3_VERSION VERSION_LESS 6)
  message(FATAL_ERROR "pbm: Eigen ${Eigen3_VERSION} found, 3.4 to 5.x needed: "
    "install libeigen3-dev (apt), eigen (brew) or eigen3 (vcpkg)")
endif()
pbm_found(Eigen ${Eigen3_VERSION})

find_package(PkgConfig QUIET)

# --- The window (SFML, OpenGL, Dear ImGui): only for the viewer, and only
# looked for when PBM_VIEWER is on. When one is missing the build goes on
# without the window, said in one line: the core, the chapters' libraries,
# the headless runs and every test need none of them.
if(PBM_VIEWER AND PBM_WEB_PAGES)
  # The page's canvas, WebGL 2 and ImGui from source (cmake/PbmWeb.cmake).
elseif(PBM_VIEWER)
  include(cmake/PbmViewer.cmake)
  if(PBM_VIEWER_MISSING)
    message(STATUS "pbm: building without the window (as PBM_VIEWER=OFF): no "
      "${PBM_VIEWER_MISSING} (install it with ${PBM_VIEWER_INSTALL}); the tests and "
      "--headless runs need none of it")
    set(PBM_VIEWER OFF)
    set(PBM_NO_VIEWER_WHY "no ${PBM_VIEWER_MISSING} was found when it was configured")
  endif()
else()
  set(PBM_NO_VIEWER_WHY "it was configured with PBM_VIEWER=OFF")
endif()
# What was built, for the driver (./pbm run and shots read build/CMakeCache.txt).
set(PBM_WINDOW ${PBM_VIEWER} CACHE INTERNAL "Whether this build has the window")
set(PBM_NO_WINDOW_WHY "${PBM_NO_VIEWER_WHY}" CACHE INTERNAL "Why this build has no window")

# --- The command line, the tests, the benchmarks.
if(NOT EMSCRIPTEN)  # (cmake/PbmWeb.cmake: its headers alone)
  find_package(CLI11 CONFIG QUIET)
endif()
if(NOT CLI11_FOUND)
  pbm_missing(CLI11 2.1 libcli11-dev cli11 cli11)
endif()
pbm_found(CLI11 ${CLI11_VERSION})
if(NOT EMSCRIPTEN)  # (cmake/PbmWeb.cmake compiles it from its sources)
  find_package(GTest QUIET)
endif()
if(NOT GTest_FOUND)
  pbm_missing(GoogleTest 1.11 libgtest-dev googletest gtest)
endif()
pbm_found(GoogleTest ${GTest_VERSION})
# Google Benchmark and Boost serve only the benchmarks (chNN_bench): with
# PBM_BENCHMARKS off they are not looked for, so a platform that builds the
# rest against another C++ library (tools/platforms/platform_libcxx.sh: libc++) needs
# neither.
if(PBM_BENCHMARKS)
  find_package(benchmark QUIET)
  if(NOT benchmark_FOUND)
    pbm_missing("Google Benchmark" 1.6 libbenchmark-dev google-benchmark benchmark)
  endif()
  pbm_found("Google Benchmark" ${benchmark_VERSION})
  # Header-only Boost.Odeint, for chapter 02-03's comparison benchmarks.
  find_package(Boost 1.74 QUIET)
  if(NOT Boost_FOUND)
    pbm_missing(Boost 1.74 libboost-dev boost boost-numeric-odeint)
  endif()
  pbm_found(Boost ${Boost_VERSION})
endif()

# --- The standard library. std::to_chars for a double (the CSVs' shortest
# numbers) is missing from emscripten 3.1's libc++ and from macOS's before
# 13.3: there pbm::shortestDouble (common/src/app/shortest_double.cpp)
# writes the same text.
include(CheckCXXSourceCompiles)
check_cxx_source_compiles("#include <charconv>
int main() { char b[32]; double v = 0.1; return std::to_chars(b, b + 32, v).ptr == b; }"
  PBM_HAVE_FLOAT_TO_CHARS)
if(NOT PBM_HAVE_FLOAT_TO_CHARS)
  add_compile_definitions(PBM_NO_FLOAT_TO_CHARS)
endif()
