"""Small widget helpers shared across the window's docks, panels and editors."""
