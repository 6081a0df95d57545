"""Army building and library editing without Qt: roster arithmetic, "fill to limit"
suggestions, which army lists may meet, unit cards, cell values typed into editors, live
checks of an edited list or terrain set, and saving them to the user library.

The studio's army builder and editors (`studio.gui.armies`, `studio.gui.editors`) are views
over these functions; everything here runs and is tested headless. The package imports
nothing itself: `points` sits below the checks (`studio.validate` prices units with it) while
the other modules use those checks, so each is imported by its own name.
"""
