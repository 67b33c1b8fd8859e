// SFML's events and key codes in pbm's words (window.h). Only window.cpp
// includes this: it is where SFML 2 and SFML 3 differ.
#pragma once

#include <SFML/Window.hpp>
#include <optional>

#include "window.h"

namespace pbm::platform {

Key fromSfml(sf::Keyboard::Key key);
MouseButton fromSfml(sf::Mouse::Button button);
// The event as pbm sees it; nullopt for events the viewer does not use.
std::optional<InputEvent> fromSfml(const sf::Event& event);

}  // namespace pbm::platform
