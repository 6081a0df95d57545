"""The main window's panels (docks) and the small pieces they share."""
