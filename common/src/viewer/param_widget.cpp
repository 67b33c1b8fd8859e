#include "param_widget.h"

#include <imgui.h>

#include <cmath>

namespace pbm {

bool paramWidget(Param& p) {
  bool moved = false;
  switch (p.kind) {
    case ParamKind::Choice: {
      const int n = static_cast<int>(p.options.size());
      if (ImGui::BeginCombo(p.key.c_str(), p.labels[static_cast<size_t>(*p.choice)].c_str())) {
        for (int i = 0; i < n; ++i)
          if (ImGui::Selectable(p.labels[static_cast<size_t>(i)].c_str(), i == *p.choice)) {
            moved = i != *p.choice;
            *p.choice = i;
          }
        ImGui::EndCombo();
      }
      break;
    }
    case ParamKind::Toggle:
      moved = ImGui::Checkbox(p.key.c_str(), p.toggle);
      break;
    case ParamKind::Number: {
      double lo = p.min, hi = p.max;
      moved = ImGui::SliderScalar(p.key.c_str(), ImGuiDataType_Double, p.value, &lo, &hi,
                                  p.integer ? "%.0f" : "%.4g",
                                  p.logScale && lo > 0 ? ImGuiSliderFlags_Logarithmic : 0);
      if (moved && p.integer) *p.value = std::round(*p.value);
      break;
    }
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s (--set %s=%s)", p.help.c_str(), p.key.c_str(), p.accepted().c_str());
  return moved;
}

}  // namespace pbm
