"""Map and scenario edits as plain functions: no Qt, testable headless, shared by the
studio's undo commands and the command line."""
