// The OpenGL header, where each platform keeps it. The viewer draws with the
// fixed-function pipeline of an OpenGL 2.1 legacy context (common/README.md,
// "The viewer and OpenGL"), so the system header is all it needs: no loader.
#pragma once

#if defined(_WIN32)
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <GL/gl.h>
#include <windows.h>
#elif defined(__APPLE__)
#define GL_SILENCE_DEPRECATION  // macOS deprecates OpenGL but still ships 2.1
#include <OpenGL/gl.h>
#else
#include <GL/gl.h>
#endif
