"""The studio collects cyclic garbage on the GUI thread only (a collection on a worker thread
that destroys Qt objects can deadlock PySide)."""
import gc

from studio.gui.gui_thread_gc import GuiThreadCollector


class _Cycle:
    def __init__(self):
        self.me = self


def test_the_collector_turns_automatic_collection_off_and_collects_when_due(qtbot):
    was = gc.isenabled()
    collector = GuiThreadCollector(interval_ms=10)
    try:
        assert not gc.isenabled()
        gc.collect()
        assert collector.collect_due() == -1          # nothing piled up yet
        for _ in range(gc.get_threshold()[0] + 10):
            _Cycle()
        assert collector.collect_due() >= 0           # generation 0 was due: collected here
        assert gc.get_count()[0] < gc.get_threshold()[0]
        for _ in range(gc.get_threshold()[0] + 10):
            _Cycle()
        qtbot.waitUntil(lambda: gc.get_count()[0] < gc.get_threshold()[0], timeout=2000)
    finally:
        collector.stop()
        if not was:
            gc.disable()
    assert gc.isenabled() or not was
