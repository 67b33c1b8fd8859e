# The window's libraries, for the viewer (PBM_VIEWER; included by
# cmake/PbmDependencies.cmake): SFML, OpenGL and Dear ImGui. Defines pbm::sfml
# and pbm::imgui; at the first one missing it sets PBM_VIEWER_MISSING (what)
# and PBM_VIEWER_INSTALL (how to install it) and returns, and the build goes
# on without the window.

include_guard(GLOBAL)

set(PBM_VIEWER_MISSING "")
macro(pbm_viewer_missing what apt brew vcpkg)
  set(PBM_VIEWER_MISSING "${what}")
  set(PBM_VIEWER_INSTALL "`apt-get install ${apt}`, `brew install ${brew}` or `vcpkg install ${vcpkg}`")
endmacro()

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
    pbm_viewer_missing("SFML >= 2.5" libsfml-dev sfml sfml)
    return()
  endif()
  target_link_libraries(pbm_sfml INTERFACE sfml-graphics sfml-window sfml-system)
endif()
pbm_found(SFML ${SFML_VERSION})

find_package(OpenGL QUIET)
if(NOT OpenGL_FOUND)
  pbm_viewer_missing("OpenGL 2.1" libgl-dev "(part of macOS)" opengl)
  return()
endif()

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
      set(PBM_VIEWER_MISSING "Dear ImGui >= 1.86")
      string(CONCAT PBM_VIEWER_INSTALL "`apt-get install libimgui-dev`, "
        "`vcpkg install imgui[opengl2-binding]`, -DPBM_IMGUI_DIR=path/to/imgui (a source "
        "folder) or -DPBM_IMGUI_FETCH=ON (a download)")
      return()
    endif()
  endif()
endif()
target_link_libraries(pbm_imgui INTERFACE OpenGL::GL)
pbm_found("Dear ImGui" "${PBM_IMGUI_VERSION}")
