# pbm_chapter(NN topic [DEPS MM ...]) adds, for chapter NN:
#   pbm_chNN_library  chapters/NN_topic/library/*.cpp as an OBJECT library, if
#                   any: the chapter's library code (code later chapters reuse
#                   and students never edit; its headers are in
#                   common/include/pbm/<topic>/), compiled once
#   pbm_chNN        the student functions, from solutions/NN_topic/ or, when NN is
#                   in PBM_EXERCISES or solutions/NN_topic/ has no .cpp files (a
#                   students' edition), from ${PBM_EXERCISES_DIR}/NN_topic/, plus
#                   pbm_chNN_library's objects; links the DEPS' pbm_chMM
#   chNN_scenes     chapters/NN_topic/*.cpp except main.cpp and bench.cpp (if any)
#   chNN_topic      the viewer and headless runner (chapters/NN_topic/main.cpp)
#   chNN_tests      tests/NN_topic_test.cpp (+ tests/NN_topic_test_*.cpp, + tests/every_scene_test.cpp
#                   over the chapter's scenes.h), ctest label chNN, every test with
#                   ctest TIMEOUT ${PBM_TEST_TIMEOUT}
#   chNN_bench      chapters/NN_topic/bench.cpp (Google Benchmark)
#
# With PBM_GRADING (./pbm grade; see tools/grading/grade.py) only what the tests need
# is defined, and pbm_chNN is the hand-in's (from PBM_EXERCISES_DIR, every
# chapter). PBM_GRADE_MODE says what the hand-in's chapter links against:
#   per_chapter  (default) pbm_chNN_ref: the same chapter built from solutions/,
#                for every chapter; the hand-in's pbm_chNN and every _ref link
#                their DEPS' _ref. So chNN_tests judge chapter NN's hand-in
#                functions alone: a chapter 04 that does not compile leaves
#                chapter 06 to be graded on its own merits.
#   cumulative   every chapter links the hand-in's DEPS (no _ref libraries).
# Either way one build tree holds it all: each chapter's student functions are
# compiled at most twice (hand-in and reference), its library code, scenes
# (chNN_scene_objects, an OBJECT library) and tests once. Grading N chapters is
# linear in N; grading another hand-in in the same tree recompiles only the
# hand-in's files. Each test and its listing run through PBM_TEST_LAUNCHER (the
# sandbox, tools/grading/grade_sandbox.py), as the test target's CROSSCOMPILING_EMULATOR.
# The configure step writes pbm_chapters.tsv (chapter, topic, status, source
# folder, DEPS, the repository's targets its tests need) for grade.py; status
# is handin, absent (no folder NN_topic/ in the hand-in: not handed in),
# unchanged (PBM_GRADE_UNCHANGED: the folder is the skeleton, byte for byte,
# so not handed in either),
# missing (the folder holds no .cpp files), needs_MM (cumulative: chapter MM
# is absent or missing) or unconfigured (the repository does not configure a
# chapter it needs). grade.py builds the handed-in chapters' targets only
# (and, per chapter, the references their DEPS need).

# Normalise PBM_EXERCISES ("all", "1,2", "01;02") to a list of two-digit numbers.
set(_pbm_ex "${PBM_EXERCISES}")
string(REPLACE "," ";" _pbm_ex "${_pbm_ex}")
string(REPLACE " " ";" _pbm_ex "${_pbm_ex}")
set(PBM_EXERCISE_CHAPTERS "")
foreach(_n IN LISTS _pbm_ex)
  if(_n STREQUAL "")
    continue()
  elseif(_n STREQUAL "all")
    set(PBM_EXERCISE_CHAPTERS "all")
    break()
  elseif(_n MATCHES "^[0-9]+$")
    math(EXPR _v "${_n}")
    if(_v LESS 10)
      set(_v "0${_v}")
    endif()
    list(APPEND PBM_EXERCISE_CHAPTERS "${_v}")
  else()
    message(FATAL_ERROR "PBM_EXERCISES: '${_n}' is not a chapter number (use e.g. 01;02, 1,2 or all)")
  endif()
endforeach()

if(PBM_GRADING AND NOT PBM_GRADE_MODE MATCHES "^(per_chapter|cumulative)$")
  message(FATAL_ERROR "PBM_GRADE_MODE: '${PBM_GRADE_MODE}' (use per_chapter or cumulative)")
endif()

set_property(GLOBAL PROPERTY PBM_CHAPTER_REPORT "")
# Which tree each configured chapter's student functions come from (chapter,
# topic, exercises or solutions, folder, note), for the driver's report.
file(WRITE "${CMAKE_BINARY_DIR}/pbm_trees.tsv" "chapter\ttopic\ttree\tsource\tnote\n")
if(PBM_GRADING)
  file(WRITE "${CMAKE_BINARY_DIR}/pbm_chapters.tsv" "chapter\ttopic\tstatus\tsource\tdeps\ttargets\n")
endif()

# One line of pbm_chapters.tsv; ARGN: the repository's targets the tests need.
function(_pbm_grading_status NN topic status source)
  file(APPEND "${CMAKE_BINARY_DIR}/pbm_chapters.tsv"
       "${NN}\t${topic}\t${status}\t${source}\t${ARG_DEPS}\t${ARGN}\n")
  set_property(GLOBAL APPEND PROPERTY PBM_CHAPTER_REPORT "  ch${NN} ${topic}: ${status} (${source})")
endfunction()

# A chapter's student functions from src_dir with its library code's objects,
# linked against the libraries in `deps`.
function(_pbm_student_library name src_dir library deps)
  file(GLOB srcs CONFIGURE_DEPENDS "${src_dir}/*.cpp")
  if(TARGET ${library})
    list(APPEND srcs $<TARGET_OBJECTS:${library}>)
  endif()
  add_library(${name} STATIC ${srcs})
  target_link_libraries(${name} PUBLIC pbm_core ${deps})
  # The reference is never edited in the student's loop: one unit.
  if(src_dir MATCHES "^${CMAKE_SOURCE_DIR}/solutions/")
    _pbm_unity(${name})
  else()
    _pbm_range_checks(${name})
  endif()
endfunction()

# A student's own files (an exercises tree, a hand-in: never the reference)
# with range checks on: the standard library's (libstdc++'s _GLIBCXX_ASSERTIONS,
# libc++'s switch above: operator[] of a vector, a span) and Eigen's
# (eigen_assert, off under NDEBUG: a coefficient or block past a matrix's
# end). A loop bound one past the end then aborts
# its test, which names the test and the functions it drives
# (tests/test_deadline.h), instead of reading past a vector without a sound.
# Only these files: the rest of the build keeps NDEBUG and its speed. CI's
# grading of solutions/ as a hand-in runs every chapter's reference so.
# libc++ (macOS, a Clang build with -stdlib=libc++) has its own switch for
# the same checks, by version: _LIBCPP_ENABLE_ASSERTIONS up to 17,
# _LIBCPP_HARDENING_MODE from 18 (where the old one is deprecated, then an
# error). Which one is found once, from <version>.
include(CheckCXXSourceCompiles)
set(PBM_LIBCXX_RANGE_CHECK "")
if(PBM_RANGE_CHECKS AND CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  check_cxx_source_compiles("#include <version>
#if !defined(_LIBCPP_VERSION) || _LIBCPP_VERSION < 180000
#error not libc++ 18 or later
#endif
int main() { return 0; }" PBM_LIBCXX_18)
  check_cxx_source_compiles("#include <version>
#if !defined(_LIBCPP_VERSION)
#error not libc++
#endif
int main() { return 0; }" PBM_LIBCXX)
  if(PBM_LIBCXX_18)
    set(PBM_LIBCXX_RANGE_CHECK -D_LIBCPP_HARDENING_MODE=_LIBCPP_HARDENING_MODE_EXTENSIVE)
  elseif(PBM_LIBCXX)
    set(PBM_LIBCXX_RANGE_CHECK -D_LIBCPP_ENABLE_ASSERTIONS=1)
  endif()
endif()

function(_pbm_range_checks target)
  # (After the build type's -DNDEBUG on the command line, so -UNDEBUG wins;
  # the library code's objects are compiled by their own target, without.)
  if(PBM_RANGE_CHECKS AND CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -UNDEBUG -D_GLIBCXX_ASSERTIONS ${PBM_LIBCXX_RANGE_CHECK})
  endif()
endfunction()

# With PBM_UNITY (the default) a target's sources compile as one translation
# unit: each part of a chapter's tests, each scene and each reference file
# includes GoogleTest or ImGui, Eigen and the chapter's headers; parsing them
# once per chapter, with their templates instantiated once, and the tests at
# -O2 (_pbm_test_flags) took a fresh `./pbm test` from 1 640 to 754
# CPU-seconds (README.md, Build times). Never the student's files (the
# exercises tree, a hand-in): an edit recompiles only the file edited, and a
# compiler message names only that file. An instructor's private tests
# compile apart too (their names may clash).
function(_pbm_unity target)
  if(PBM_UNITY)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 0)
  endif()
endfunction()

# The tests' own code (fixtures, oracles, GoogleTest's macros) at -O2, which
# compiles in about three quarters of -O3's time; the chapter code they call,
# and the benchmarks measure, keeps the build type's flags.
function(_pbm_test_flags target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE $<$<CONFIG:Release>:-O2>)
  endif()
endfunction()

# The test program's main under grading: GoogleTest's, plus the confirmation a
# passed test owes the grader (tests/grade_main.cpp), made once for all chapters.
if(PBM_GRADING AND NOT TARGET pbm_grade_main)
  add_library(pbm_grade_main OBJECT "${CMAKE_SOURCE_DIR}/tests/grade_main.cpp")
  target_link_libraries(pbm_grade_main PUBLIC GTest::gtest)
endif()

# chNN_tests linked with the given libraries; every test gets a TIMEOUT.
function(_pbm_tests NN)
  if(EMSCRIPTEN)
    # Under node (cmake/PbmWeb.cmake): the native tests' 1 GB memory cap
    # (tests/test_deadline.h) as the WebAssembly memory's, and the crash
    # message of tests/watcher_crash.js.
    target_link_options(ch${NN}_tests PRIVATE -sMAXIMUM_MEMORY=1GB
                        "SHELL:--pre-js ${CMAKE_SOURCE_DIR}/tests/watcher_crash.js")
    set_property(TARGET ch${NN}_tests APPEND PROPERTY LINK_DEPENDS
                 ${CMAKE_SOURCE_DIR}/tests/watcher_crash.js)
  endif()
  if(PBM_GRADING)
    target_link_libraries(ch${NN}_tests PRIVATE ${ARGN} pbm_grade_main GTest::gtest Threads::Threads)
  else()
    target_link_libraries(ch${NN}_tests PRIVATE ${ARGN} GTest::gtest_main Threads::Threads)
  endif()
  if(PBM_GRADING)
    # Listed at build time, through the sandbox: a hand-in whose tests cannot
    # even be listed fails its own chapter's build, not every chapter's ctest.
    set_target_properties(ch${NN}_tests PROPERTIES CROSSCOMPILING_EMULATOR "${PBM_TEST_LAUNCHER}")
    gtest_discover_tests(ch${NN}_tests DISCOVERY_MODE POST_BUILD DISCOVERY_TIMEOUT 60
                         PROPERTIES LABELS "ch${NN}" TIMEOUT "${PBM_TEST_TIMEOUT}")
  else()
    gtest_discover_tests(ch${NN}_tests DISCOVERY_MODE PRE_TEST
                         PROPERTIES LABELS "ch${NN}" TIMEOUT "${PBM_TEST_TIMEOUT}")
  endif()
endfunction()

function(pbm_chapter NN topic)
  cmake_parse_arguments(ARG "" "" "DEPS" ${ARGN})
  set(dir "${NN}_${topic}")
  set(chapter_dir "${CMAKE_SOURCE_DIR}/chapters/${dir}")
  set(solution_dir "${CMAKE_SOURCE_DIR}/solutions/${dir}")
  # The tests: tests/NN_topic_test.cpp, and further parts
  # tests/NN_topic_test_*.cpp when one file would take long to compile.
  set(test_main "${CMAKE_SOURCE_DIR}/tests/${dir}_test.cpp")
  # An instructor's private tests, tests/private/NN_*.cpp, join chapter NN's
  # test program when they are there (the public repository and the students'
  # editions hold none; one includes "../NN_topic_test.h" as the parts include
  # theirs; README.md, How an instructor grades).
  file(GLOB test_src CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/${dir}_test.cpp"
       "${CMAKE_SOURCE_DIR}/tests/${dir}_test_*.cpp" "${CMAKE_SOURCE_DIR}/tests/private/${NN}_*.cpp")
  file(GLOB private_src CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/tests/private/${NN}_*.cpp")
  if(private_src)
    set_source_files_properties(${private_src} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  endif()
  # Every chapter's tests also run each scene of its scenes() headless for a
  # few steps: one source, compiled per chapter with its namespace.
  if(EXISTS "${chapter_dir}/scenes.h")
    list(APPEND test_src "${CMAKE_SOURCE_DIR}/tests/every_scene_test.cpp")
  endif()
  file(GLOB library_srcs CONFIGURE_DEPENDS "${chapter_dir}/library/*.cpp")
  file(GLOB scene_srcs CONFIGURE_DEPENDS "${chapter_dir}/*.cpp")
  list(REMOVE_ITEM scene_srcs "${chapter_dir}/main.cpp" "${chapter_dir}/bench.cpp")

  if(PBM_GRADING)
    _pbm_grading_chapter()
    return()
  endif()

  foreach(dep IN LISTS ARG_DEPS)
    if(NOT TARGET pbm_ch${dep})
      message(WARNING "chapter ${NN} ${topic}: NOT configured yet (chapter ${dep} is not)")
      return()
    endif()
  endforeach()
  set(from_exercises OFF)
  set(tree_note "")
  if(PBM_EXERCISE_CHAPTERS STREQUAL "all" OR "${NN}" IN_LIST PBM_EXERCISE_CHAPTERS)
    set(from_exercises ON)
  endif()
  # A tree without this chapter's reference (a students' edition, ./pbm
  # handout, before the chapter is released) builds the student's functions,
  # whatever PBM_EXERCISES says: they are the only ones there.
  file(GLOB reference_srcs CONFIGURE_DEPENDS "${solution_dir}/*.cpp")
  if(NOT reference_srcs)
    set(from_exercises ON)
    set(tree_note "no reference in this tree")
  endif()
  if(from_exercises)
    set(src_dir "${PBM_EXERCISES_DIR}/${dir}")
  else()
    set(src_dir "${solution_dir}")
  endif()
  file(GLOB student_srcs CONFIGURE_DEPENDS "${src_dir}/*.cpp")
  if(NOT student_srcs)
    message(FATAL_ERROR "chapter ${NN} ${topic}: no .cpp files in ${src_dir}")
  endif()

  if(library_srcs)
    add_library(pbm_ch${NN}_library OBJECT ${library_srcs})
    target_link_libraries(pbm_ch${NN}_library PUBLIC pbm_core)
    _pbm_unity(pbm_ch${NN}_library)
  endif()
  set(deps "")
  foreach(dep IN LISTS ARG_DEPS)
    list(APPEND deps pbm_ch${dep})
  endforeach()
  _pbm_student_library(pbm_ch${NN} "${src_dir}" pbm_ch${NN}_library "${deps}")

  set(chapter_libs pbm_ch${NN})
  if(scene_srcs)
    add_library(ch${NN}_scenes STATIC ${scene_srcs})
    target_include_directories(ch${NN}_scenes PUBLIC "${chapter_dir}")
    target_link_libraries(ch${NN}_scenes PUBLIC pbm_ch${NN} pbm_scenekit pbm_app)
    _pbm_unity(ch${NN}_scenes)
    set(chapter_libs ch${NN}_scenes)
  endif()

  add_executable(ch${dir} "${chapter_dir}/main.cpp")
  set_target_properties(ch${dir} PROPERTIES OUTPUT_NAME "ch${dir}")
  if(EMSCRIPTEN AND NOT PBM_WEB_PAGES)
    # Under node a headless run starts one thread (app/headless.cpp's
    # LongRunWatch), and each worker of the pool loads the whole module at
    # start-up: a pool of one, not the tests' eight.
    target_link_options(ch${dir} PRIVATE -sPTHREAD_POOL_SIZE=1)
  endif()
  target_link_libraries(ch${dir} PRIVATE ${chapter_libs} pbm_app)

  if(EXISTS "${test_main}")
    add_executable(ch${NN}_tests ${test_src})
    target_compile_definitions(ch${NN}_tests PRIVATE PBM_CHAPTER_NAMESPACE=ch${NN})
    _pbm_unity(ch${NN}_tests)
    _pbm_test_flags(ch${NN}_tests)
    _pbm_tests(${NN} ${chapter_libs})
  else()
    message(WARNING "chapter ${NN}: no tests/${dir}_test.cpp")
  endif()

  if(PBM_BENCHMARKS AND EXISTS "${chapter_dir}/bench.cpp")
    add_executable(ch${NN}_bench "${chapter_dir}/bench.cpp")
    target_link_libraries(ch${NN}_bench PRIVATE ${chapter_libs} benchmark::benchmark Boost::headers)
  endif()

  if(from_exercises)
    set(tree "exercises")
  else()
    set(tree "solutions")
  endif()
  set(shown "${tree}")
  if(tree_note)
    set(shown "${tree}, ${tree_note}")
  endif()
  message(STATUS "chapter ${NN} ${topic}: student functions from ${shown} (${src_dir})")
  set_property(GLOBAL APPEND PROPERTY PBM_CHAPTER_REPORT "  ch${NN} ${topic}: ${shown} (${src_dir})")
  # The driver's report of trees (tools/pbm/configure.sh) reads this file, so
  # the rule above lives in one place.
  file(APPEND "${CMAKE_BINARY_DIR}/pbm_trees.tsv" "${NN}\t${topic}\t${tree}\t${src_dir}\t${tree_note}\n")
endfunction()

# The grading part of pbm_chapter (a macro: it sees pbm_chapter's variables).
macro(_pbm_grading_chapter)
  set(handin_dir "${PBM_EXERCISES_DIR}/${dir}")
  if(PBM_GRADE_MODE STREQUAL "per_chapter")
    set(dep_suffix "_ref")
  else()
    set(dep_suffix "")
  endif()
  set(deps "")
  set(status "handin")
  foreach(dep IN LISTS ARG_DEPS)
    if(TARGET pbm_ch${dep}${dep_suffix})
      list(APPEND deps pbm_ch${dep}${dep_suffix})
    elseif("${dep}" IN_LIST PBM_ABSENT_CHAPTERS)
      set(status "needs_${dep}") # cumulative: the hand-in lacks chapter dep
    else()
      _pbm_grading_status(${NN} ${topic} unconfigured "${solution_dir}")
      return()
    endif()
  endforeach()

  if(library_srcs)
    add_library(pbm_ch${NN}_library OBJECT ${library_srcs})
    target_link_libraries(pbm_ch${NN}_library PUBLIC pbm_core)
    _pbm_unity(pbm_ch${NN}_library)
  endif()
  # A package carries only the references its chapters need (tools/grading/
  # autograder/package.py): a chapter without its reference here has no _ref,
  # and a later chapter that needs it is not configured.
  file(GLOB reference_srcs CONFIGURE_DEPENDS "${solution_dir}/*.cpp")
  if(PBM_GRADE_MODE STREQUAL "per_chapter" AND reference_srcs)
    _pbm_student_library(pbm_ch${NN}_ref "${solution_dir}" pbm_ch${NN}_library "${deps}")
  endif()

  file(GLOB handin_srcs CONFIGURE_DEPENDS "${handin_dir}/*.cpp")
  if(NOT IS_DIRECTORY "${handin_dir}")
    set(status "absent") # not handed in: nothing of it is built
  elseif("${NN}" IN_LIST PBM_GRADE_UNCHANGED)
    set(status "unchanged") # the skeleton as handed out (grade.py compares): not handed in
  elseif(NOT handin_srcs)
    set(status "missing")
  endif()
  if(NOT status STREQUAL "handin")
    set(PBM_ABSENT_CHAPTERS ${PBM_ABSENT_CHAPTERS} ${NN} PARENT_SCOPE)
    _pbm_grading_status(${NN} ${topic} ${status} "${handin_dir}")
    return()
  endif()
  _pbm_student_library(pbm_ch${NN} "${handin_dir}" pbm_ch${NN}_library "${deps}")
  # The hand-in's files compile in a sandbox that holds the public headers and
  # the hand-in alone (tools/grading/grade_sandbox.py compile): an #include of
  # a reference or a private test finds nothing to print. No ccache there: a
  # hand-in must not write into the cache the grader's own objects come from.
  if(PBM_HANDIN_COMPILE_LAUNCHER)
    set_target_properties(pbm_ch${NN} PROPERTIES CXX_COMPILER_LAUNCHER "${PBM_HANDIN_COMPILE_LAUNCHER}")
  endif()

  # The repository's code the tests need, compiled without the hand-in (grade.py
  # builds it for every chapter at once, before any hand-in file): the scenes
  # and the test file itself, as OBJECT libraries.
  set(repo_targets "")
  if(TARGET pbm_ch${NN}_library)
    list(APPEND repo_targets pbm_ch${NN}_library)
  endif()
  set(test_usage "")
  set(objects "")
  if(scene_srcs)
    add_library(ch${NN}_scene_objects OBJECT ${scene_srcs})
    target_include_directories(ch${NN}_scene_objects PUBLIC "${chapter_dir}")
    target_link_libraries(ch${NN}_scene_objects PUBLIC pbm_scenekit pbm_app pbm_core)
    _pbm_unity(ch${NN}_scene_objects)
    list(APPEND repo_targets ch${NN}_scene_objects)
    list(APPEND objects $<TARGET_OBJECTS:ch${NN}_scene_objects>)
    list(APPEND test_usage ch${NN}_scene_objects)
  endif()
  list(APPEND test_usage pbm_core GTest::gtest)
  if(EXISTS "${test_main}")
    add_library(ch${NN}_test_objects OBJECT ${test_src})
    target_compile_definitions(ch${NN}_test_objects PRIVATE PBM_CHAPTER_NAMESPACE=ch${NN})
    _pbm_unity(ch${NN}_test_objects)
    _pbm_test_flags(ch${NN}_test_objects)
    target_link_libraries(ch${NN}_test_objects PRIVATE ${test_usage})
    list(APPEND repo_targets ch${NN}_test_objects)
    add_executable(ch${NN}_tests $<TARGET_OBJECTS:ch${NN}_test_objects> ${objects})
    _pbm_tests(${NN} pbm_ch${NN} pbm_scenekit pbm_app)
  endif()
  _pbm_grading_status(${NN} ${topic} handin "${handin_dir}" ${repo_targets})
endmacro()

function(pbm_report_chapters)
  get_property(report GLOBAL PROPERTY PBM_CHAPTER_REPORT)
  string(REPLACE ";" "\n" report "${report}")
  message(STATUS "PBM Workbook chapters configured:\n${report}")
endfunction()
