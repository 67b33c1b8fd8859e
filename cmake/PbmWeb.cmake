# The workbook in a browser and under node (issue 37): the same sources built
# with emscripten's toolchain, in one of two trees.
#  - Under node (./pbm test --web, build/web-node/): no window and no
#    benchmarks; the tests and the headless programs run under node, which
#    reads and writes the host's files directly (NODERAWFS), so a --csv path
#    means what it means natively.
#  - The web pages (PBM_WEB_PAGES, ./pbm web, build/web-build/): the chapters'
#    programs with the viewer on a page's canvas (common/src/viewer/web/:
#    WebGL 2, emscripten's HTML5 API), single-threaded so that any static
#    host can serve them (threads would need cross-origin isolation headers).
#
# Debian's emscripten package sees only its own sysroot: the header-only
# libraries (Eigen, CLI11) are taken from the host's config files, and
# GoogleTest is compiled from Debian's source package (libgtest-dev's
# /usr/src/googletest), never a host library built for another machine.
include_guard(GLOBAL)

if(NOT EMSCRIPTEN)
  return()
endif()

option(PBM_WEB_PAGES "Build the chapters' web pages (the viewer on a canvas) instead of the tests under node" OFF)
set(PBM_BENCHMARKS OFF CACHE BOOL "No benchmarks under emscripten" FORCE)

# C++ exceptions are off by default in emscripten; the tests and the programs'
# one-line errors need them.
add_compile_options(-fexceptions)
if(PBM_WEB_PAGES)
  set(PBM_VIEWER ON CACHE BOOL "The viewer on a web page's canvas" FORCE)
  # The frames run from the browser's requestAnimationFrame after main has
  # returned (common/src/viewer/web/window.cpp): the runtime stays.
  add_link_options(-fexceptions -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2
                   -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=0 -sENVIRONMENT=web)
else()
  set(PBM_VIEWER OFF CACHE BOOL "No window under node" FORCE)
  # Threads: budget.h and the headless watchdog run a call on a thread of
  # their own, so a pool of workers is made at start-up (a thread started
  # while the main thread waits could not start otherwise).
  add_compile_options(-pthread)
  add_link_options(-fexceptions -pthread -sPTHREAD_POOL_SIZE=8 -sALLOW_MEMORY_GROWTH=1
                   -sNODERAWFS=1 -sEXIT_RUNTIME=1 -Wno-pthreads-mem-growth)
endif()

# ccache under emscripten wraps the clang that em++ calls (emscripten's
# COMPILER_WRAPPER setting), not em++ itself. The link runs emscripten's
# JavaScript optimizer under node, which needs Debian's acorn (node-acorn, in
# /usr/share/nodejs): Debian's node looks there, another node (NodeSource's)
# does not unless told.
find_program(PBM_CCACHE ccache)
if(PBM_CCACHE)
  set(CMAKE_CXX_COMPILER_LAUNCHER env EM_COMPILER_WRAPPER=${PBM_CCACHE})
endif()
if(EXISTS /usr/share/nodejs/acorn)
  set(CMAKE_CXX_LINKER_LAUNCHER env NODE_PATH=/usr/share/nodejs)
endif()

set(Eigen3_DIR /usr/share/eigen3/cmake CACHE PATH "Eigen's CMake package (header-only, from the host)")
# CLI11's package would put all of the host's /usr/include on the path (its
# C library's headers are not emscripten's): its own folder only, through a
# link in the build tree.
find_path(PBM_CLI11_INCLUDE CLI/CLI.hpp PATHS /usr/include /usr/local/include NO_CMAKE_FIND_ROOT_PATH)
if(NOT PBM_CLI11_INCLUDE)
  message(FATAL_ERROR "pbm: missing CLI11's headers (CLI/CLI.hpp) for the web build: apt-get install libcli11-dev")
endif()
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/web-include)
file(CREATE_LINK ${PBM_CLI11_INCLUDE}/CLI ${CMAKE_BINARY_DIR}/web-include/CLI SYMBOLIC)
add_library(CLI11::CLI11 INTERFACE IMPORTED)
set_target_properties(CLI11::CLI11 PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${CMAKE_BINARY_DIR}/web-include)
file(STRINGS ${PBM_CLI11_INCLUDE}/CLI/Version.hpp pbm_cli11_version REGEX "define CLI11_VERSION ")
string(REGEX REPLACE ".*\"(.*)\".*" "\\1" CLI11_VERSION "${pbm_cli11_version}")
set(CLI11_FOUND TRUE)

set(PBM_GTEST_SOURCE /usr/src/googletest CACHE PATH "GoogleTest's sources (Debian: libgtest-dev)")
if(NOT EXISTS ${PBM_GTEST_SOURCE}/CMakeLists.txt)
  message(FATAL_ERROR "pbm: the web build compiles GoogleTest from its sources: none in "
    "${PBM_GTEST_SOURCE} (apt-get install libgtest-dev, or -DPBM_GTEST_SOURCE=DIR)")
endif()
set(BUILD_GMOCK OFF CACHE BOOL "" FORCE)
set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
add_subdirectory(${PBM_GTEST_SOURCE} ${CMAKE_BINARY_DIR}/googletest EXCLUDE_FROM_ALL)
# Its own code, not the workbook's: no -Werror there (GoogleTest 1.17 warns
# of its own GTEST_HAS_DEATH_TEST under -Wundef with emscripten 6).
target_compile_options(gtest PRIVATE -Wno-error)
target_compile_options(gtest_main PRIVATE -Wno-error)
# (GoogleTest 1.11+ names its targets GTest::gtest and GTest::gtest_main itself.)
set(GTest_FOUND TRUE)
set(GTest_VERSION "from ${PBM_GTEST_SOURCE}")

# ctest and gtest_discover_tests run each program under node. Node 18 to 21's
# own fetch() would make emscripten 3.1's loader fetch the .wasm as a URL;
# a node without the flag (22 and later: fetch is no longer experimental) is
# run as it is, and a newer emscripten reads the file.
execute_process(COMMAND node --no-experimental-fetch -e "" RESULT_VARIABLE pbm_node_flag
                OUTPUT_QUIET ERROR_QUIET)
if(pbm_node_flag EQUAL 0)
  set(CMAKE_CROSSCOMPILING_EMULATOR node --no-experimental-fetch CACHE STRING "" FORCE)
else()
  set(CMAKE_CROSSCOMPILING_EMULATOR node CACHE STRING "" FORCE)
endif()

# --- The web pages' Dear ImGui: compiled from an ImGui source folder (./pbm
# web unpacks Debian's source package of the release's ImGui into
# build/web-deps/imgui), with its OpenGL 3 renderer in its OpenGL ES 3.0 form,
# which is WebGL 2's. No SFML: the page is the window (pbm::sfml is empty).
if(PBM_WEB_PAGES)
  set(PBM_IMGUI_DIR "" CACHE PATH "An ImGui source folder to compile (imgui.cpp, backends/)")
  foreach(f imgui.cpp imgui_draw.cpp imgui_tables.cpp imgui_widgets.cpp backends/imgui_impl_opengl3.cpp)
    if(NOT EXISTS "${PBM_IMGUI_DIR}/${f}")
      message(FATAL_ERROR "pbm: the web pages compile Dear ImGui from its sources: no ${f} in "
        "'${PBM_IMGUI_DIR}' (./pbm web unpacks Debian's; or -DPBM_IMGUI_DIR=an ImGui release's folder)")
    endif()
  endforeach()
  add_library(pbm_imgui_web STATIC
    "${PBM_IMGUI_DIR}/imgui.cpp" "${PBM_IMGUI_DIR}/imgui_draw.cpp" "${PBM_IMGUI_DIR}/imgui_tables.cpp"
    "${PBM_IMGUI_DIR}/imgui_widgets.cpp" "${PBM_IMGUI_DIR}/backends/imgui_impl_opengl3.cpp")
  target_include_directories(pbm_imgui_web SYSTEM PUBLIC "${PBM_IMGUI_DIR}" "${PBM_IMGUI_DIR}/backends")
  target_compile_definitions(pbm_imgui_web PUBLIC IMGUI_IMPL_OPENGL_ES3)
  target_compile_options(pbm_imgui_web PRIVATE -w)  # its own code, not the workbook's
  add_library(pbm::imgui ALIAS pbm_imgui_web)
  add_library(pbm_sfml_none INTERFACE)
  add_library(pbm::sfml ALIAS pbm_sfml_none)
  file(STRINGS "${PBM_IMGUI_DIR}/imgui.h" pbm_imgui_line REGEX "^#define IMGUI_VERSION ")
  string(REGEX REPLACE ".*\"(.*)\".*" "\\1" pbm_imgui_version "${pbm_imgui_line}")
  message(STATUS "pbm: the web pages' Dear ImGui: ${pbm_imgui_version} from ${PBM_IMGUI_DIR}")
endif()
