// Chapter 07's entries in the method registry (core/method.h): chapter 02's
// euler, midpoint and rk4, each followed on a RigidWorld by renormalising the
// quaternions when the world asks for it (RBI §4, footnote 3). Same names,
// labels and colours as chapter 02. The methods of chapters 07, 09 and 10:
// their scenes offer these names, and stepWorld, stepWorldMatrix,
// stepWithCollisions and chapter 10's takeStep take these entries.
#pragma once
#include "pbm/core/method.h"

namespace pbm {
const MethodList& rigidMethods();
}  // namespace pbm
