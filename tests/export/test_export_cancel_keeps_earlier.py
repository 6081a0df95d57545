"""A cancelled or failed export leaves whatever was at the output path before untouched."""
import pytest

from studio.export import ExportCancelled, export_counters, export_map, export_playsheet
from studio.export.options import CounterOptions, MapOptions, PlaysheetOptions
from studio.export.rosters import sources_from_scenario

from export_support import Library, scenario


@pytest.mark.parametrize("kind", ["map", "playsheet", "counters"])
def test_cancel_keeps_the_earlier_file_and_leaves_no_part_file(tmp_path, kind):
    out = tmp_path / "sheet.pdf"
    out.write_bytes(b"earlier export")
    sc, lib = scenario(), Library()
    run = {
        "map": lambda cancel: export_map(sc, lib, out, MapOptions.parse(page="a4"), cancel=cancel),
        "playsheet": lambda cancel: export_playsheet(sc, lib, out, PlaysheetOptions(), cancel=cancel),
        "counters": lambda cancel: export_counters(sources_from_scenario(sc, lib), out,
                                                   CounterOptions(), cancel=cancel),
    }[kind]
    with pytest.raises(ExportCancelled):
        run(lambda: True)
    assert out.read_bytes() == b"earlier export"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]
    run(None)
    assert out.read_bytes().startswith(b"%PDF")
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]
