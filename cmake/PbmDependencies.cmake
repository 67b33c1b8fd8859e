# The libraries the workbook builds on, found the way each platform ships
# them (README.md, "Platforms"): CMake packages first, pkg-config for Debian's
# Dear ImGui, an ImGui source folder (or a pinned download) where no package
# exists. Each miss stops configure with one line naming the library, the
# minimum version and the package to install with apt, brew and vcpkg.
#
# Defines pbm::sfml (graphics, window, system) and pbm::imgui (ImGui with its
# OpenGL 2 back end), and PBM_VERSIONS_FOUND for the configure summary.

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

# --- SFML 3.x (components Graphics, Window, System; targets SFML::Graphics),
# else SFML 2.5-2.6 (components graphics, window, system; targets
# sfml-graphics). Each generation's version file accepts its own major only.
add_library(pbm_sfml INTERFACE)
add_library(pbm::sfml ALIAS pbm_sfml)
find_package(SFML 3 QUIET COMPONENTS Graphics Window System)
if(SFML_FOUND)
  target_link_libraries(pbm_sfml INTERFACE SFML::Graphics SFML::Window SFML::System)
else()
  find_package(SFML 2.5 QUIET COMPONENTS graphics window system)
  if(NOT SFML_FOUND)
    pbm_missing(SFML 2.5 libsfml-dev sfml sfml)
  endif()
  target_link_libraries(pbm_sfml INTERFACE sfml-graphics sfml-window sfml-system)
endif()
pbm_found(SFML ${SFML_VERSION})

find_package(OpenGL QUIET)
if(NOT OpenGL_FOUND)
  pbm_missing(OpenGL 2.1 libgl-dev "(part of macOS)" opengl)
endif()
find_package(PkgConfig QUIET)

# --- Dear ImGui 1.86 or newer with its OpenGL 2 back end, in this order:
#   1. -DPBM_IMGUI_DIR=path: an ImGui source folder (a release, or the one
#      Debian's source package unpacks), compiled here;
#   2. pkg-config `imgui` (Debian's and Ubuntu's libimgui-dev);
#   3. a CMake package `imgui` (vcpkg: `vcpkg install imgui[opengl2-binding]`);
#   4. -DPBM_IMGUI_FETCH=ON (the default on macOS and Windows, where Homebrew
#      and MSYS2 have no ImGui package): a pinned release, downloaded.
set(PBM_IMGUI_DIR "" CACHE PATH "An ImGui source folder to compile (imgui.cpp, backends/)")
if(APPLE OR WIN32)
  set(pbm_fetch_default ON)
else()
  set(pbm_fetch_default OFF)
endif()
option(PBM_IMGUI_FETCH "Download a pinned ImGui release when no package is found"
  ${pbm_fetch_default})
set(PBM_IMGUI_RELEASE "v1.92.5" CACHE STRING "The ImGui release PBM_IMGUI_FETCH downloads")

function(pbm_imgui_from_source dir how)
  foreach(f imgui.cpp imgui_draw.cpp imgui_tables.cpp imgui_widgets.cpp
      backends/imgui_impl_opengl2.cpp)
    if(NOT EXISTS "${dir}/${f}")
      message(FATAL_ERROR "pbm: ${how} ${dir} is not an ImGui source folder (no ${f}); "
        "give the folder that holds imgui.cpp and backends/")
    endif()
  endforeach()
  add_library(pbm_imgui_source STATIC
    "${dir}/imgui.cpp" "${dir}/imgui_draw.cpp" "${dir}/imgui_tables.cpp"
    "${dir}/imgui_widgets.cpp" "${dir}/backends/imgui_impl_opengl2.cpp")
  # Its own code, not the workbook's: the project's warning flags stay off it.
  target_include_directories(pbm_imgui_source SYSTEM PUBLIC "${dir}" "${dir}/backends")
  target_compile_options(pbm_imgui_source PRIVATE $<IF:$<CXX_COMPILER_ID:MSVC>,/w,-w>)
  target_link_libraries(pbm_imgui_source PUBLIC OpenGL::GL)
  target_link_libraries(pbm_imgui INTERFACE pbm_imgui_source)
  file(STRINGS "${dir}/imgui.h" line REGEX "^#define IMGUI_VERSION ")
  string(REGEX REPLACE ".*\"(.*)\".*" "\\1" version "${line}")
  set(PBM_IMGUI_VERSION "${version} (${how} ${dir})" PARENT_SCOPE)
endfunction()

add_library(pbm_imgui INTERFACE)
add_library(pbm::imgui ALIAS pbm_imgui)
set(PBM_IMGUI_VERSION "")
if(PBM_IMGUI_DIR)
  pbm_imgui_from_source("${PBM_IMGUI_DIR}" "source folder")
else()
  if(PkgConfig_FOUND)
    pkg_check_modules(IMGUI QUIET IMPORTED_TARGET imgui)
  endif()
  if(IMGUI_FOUND)
    target_link_libraries(pbm_imgui INTERFACE PkgConfig::IMGUI)
    set(PBM_IMGUI_VERSION "${IMGUI_VERSION} (pkg-config)")
  else()
    find_package(imgui CONFIG QUIET)
    if(TARGET imgui::imgui)
      target_link_libraries(pbm_imgui INTERFACE imgui::imgui)
      set(PBM_IMGUI_VERSION "${imgui_VERSION} (CMake package)")
    elseif(PBM_IMGUI_FETCH)
      include(FetchContent)
      FetchContent_Declare(pbm_imgui_release
        URL "https://github.com/ocornut/imgui/archive/refs/tags/${PBM_IMGUI_RELEASE}.tar.gz")
      FetchContent_MakeAvailable(pbm_imgui_release)
      pbm_imgui_from_source("${pbm_imgui_release_SOURCE_DIR}" "downloaded")
    else()
      message(FATAL_ERROR "pbm: missing Dear ImGui >= 1.86: install it with "
        "`apt-get install libimgui-dev` (Debian, Ubuntu) or "
        "`vcpkg install imgui[opengl2-binding]`, or configure with "
        "-DPBM_IMGUI_DIR=path/to/imgui (a source folder) or -DPBM_IMGUI_FETCH=ON (download)")
    endif()
  endif()
endif()
target_link_libraries(pbm_imgui INTERFACE OpenGL::GL)
pbm_found("Dear ImGui" "${PBM_IMGUI_VERSION}")

# --- The command line, the tests, the benchmarks.
find_package(CLI11 CONFIG QUIET)
if(NOT CLI11_FOUND)
  pbm_missing(CLI11 2.1 libcli11-dev cli11 cli11)
endif()
pbm_found(CLI11 ${CLI11_VERSION})
find_package(GTest QUIET)
if(NOT GTest_FOUND)
  pbm_missing(GoogleTest 1.11 libgtest-dev googletest gtest)
endif()
pbm_found(GoogleTest ${GTest_VERSION})
# Google Benchmark and Boost serve only the benchmarks (chNN_bench): with
# PBM_BENCHMARKS off they are not looked for, so a platform that builds the
# rest against another C++ library (tools/platform_libcxx.sh: libc++) needs
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
