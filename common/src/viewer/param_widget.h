// The panel control of one scene parameter: a slider for a number, a combo box
// for a choice, a checkbox for a toggle (param.h).
#pragma once

#include "pbm/app/param.h"

namespace pbm {

// Draws the control; true when the user changed the value this frame.
bool paramWidget(Param& p);

}  // namespace pbm
