# The workbook in a browser and under node (issue 37): the same sources built
# with emscripten's toolchain (emcmake cmake ...; ./pbm test --web). There is
# no window here yet (PBM_VIEWER off) and no benchmarks; the tests and the
# headless programs run under node, which reads and writes the host's files
# directly (NODERAWFS), so a --csv path means what it means natively.
#
# Debian's emscripten package sees only its own sysroot: the header-only
# libraries (Eigen, CLI11) are taken from the host's config files, and
# GoogleTest is compiled from Debian's source package (libgtest-dev's
# /usr/src/googletest), never a host library built for another machine.
include_guard(GLOBAL)

if(NOT EMSCRIPTEN)
  return()
endif()

set(PBM_VIEWER OFF CACHE BOOL "No window under emscripten yet (issue 37)" FORCE)
set(PBM_BENCHMARKS OFF CACHE BOOL "No benchmarks under emscripten" FORCE)

# C++ exceptions are off by default in emscripten; the tests and the programs'
# one-line errors need them. Threads: budget.h and the headless watchdog run a
# call on a thread of their own, so a pool of workers is made at start-up (a
# thread started while the main thread waits could not start otherwise).
add_compile_options(-fexceptions -pthread)
add_link_options(-fexceptions -pthread -sPTHREAD_POOL_SIZE=8 -sALLOW_MEMORY_GROWTH=1
                 -sNODERAWFS=1 -sEXIT_RUNTIME=1 -Wno-pthreads-mem-growth)

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
# (GoogleTest 1.11+ names its targets GTest::gtest and GTest::gtest_main itself.)
set(GTest_FOUND TRUE)
set(GTest_VERSION "from ${PBM_GTEST_SOURCE}")

# ctest and gtest_discover_tests run each program under node. Node 18+'s own
# fetch() would make emscripten's loader fetch the .wasm as a URL.
set(CMAKE_CROSSCOMPILING_EMULATOR node --no-experimental-fetch CACHE STRING "" FORCE)
