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

// OpenGL 1.3's multisample switch (the 3D canvas turns it off for a crowded
// scene). Windows' gl.h stops at OpenGL 1.1 and lacks the name, though its
// drivers take it: the value is the OpenGL registry's.
#ifndef GL_MULTISAMPLE
#define GL_MULTISAMPLE 0x809D
#endif
