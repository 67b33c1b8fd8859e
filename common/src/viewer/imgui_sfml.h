// Feeds SFML's window events to Dear ImGui 1.86 (Debian 12's libimgui has
// renderers but no SFML platform backend): mouse, wheel, keys, text.
#pragma once

#include <SFML/Window.hpp>

namespace pbm::imgui_sfml {

void init();
void processEvent(const sf::Event& event);
void newFrame(const sf::Window& window, float dtSeconds);

}  // namespace pbm::imgui_sfml
