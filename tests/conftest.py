import os

# GUI tests drive the real widgets without a screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
