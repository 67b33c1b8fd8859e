// Chapter 10 library code: the notes' compute_aij (RBII App. D) exactly as
// printed, sign slip included, for the viewer's "verbatim" toggle and the
// lesson. Where contact j's force acts on a body as its b, the notes write
// the force -n_j but the torque (p_j - x) x n_j: the torque of +n_j. The
// matrix it builds is not symmetric, and the forces it gives are wrong
// wherever a moving body is some contact's b (a stack, a pyramid). The
// student function is computeAij (contact_forces.h), with the sign fixed.
#pragma once
#include <Eigen/Core>
#include <vector>

#include "pbm/collision/contact.h"

namespace pbm {

double computeAijVerbatim(const Contact& ci, const Contact& cj);
Eigen::MatrixXd computeAMatrixVerbatim(const std::vector<Contact>& contacts);

}  // namespace pbm
