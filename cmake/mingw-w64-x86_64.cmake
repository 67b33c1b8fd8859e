# A CMake toolchain file for building the workbook for 64-bit Windows with
# MinGW-w64 on Linux (Debian's g++-mingw-w64-x86-64-posix), as
# tools/platforms/check_platforms.sh windows does:
#
#   cmake -S . -B build-win -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake \
#         -DCMAKE_PREFIX_PATH=/where/the/windows/libraries/are
#
# The posix thread model, because std::thread (tests/budget.h) needs it on
# GCC before 13. Programs link statically (-static), so a .exe runs under Wine
# or on Windows with no MinGW DLL beside it.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(PBM_MINGW_TRIPLET x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${PBM_MINGW_TRIPLET}-gcc-posix)
set(CMAKE_CXX_COMPILER ${PBM_MINGW_TRIPLET}-g++-posix)
set(CMAKE_RC_COMPILER ${PBM_MINGW_TRIPLET}-windres)
# Libraries and packages only from the MinGW sysroot and CMAKE_PREFIX_PATH,
# never the build machine's /usr; programs (pkg-config, python) from the host.
# (A CMAKE_PREFIX_PATH folder is a root too, so it is searched as it is.)
set(CMAKE_FIND_ROOT_PATH /usr/${PBM_MINGW_TRIPLET} ${CMAKE_PREFIX_PATH})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
