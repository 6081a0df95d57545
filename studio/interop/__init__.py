"""Other tools' formats: Tiled maps, one image per counter face, VASSAL modules.

Nothing here imports Qt; the CLI and the studio's Export dialog call the same functions.
"""
