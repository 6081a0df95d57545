"""VASSAL modules: a scenario as a .vmod that VASSAL opens and plays.

    export_vassal(scenario, library, "scenario.vmod", VassalOptions.parse(dpi=100),
                  progress=None, cancel=None) -> VassalExport

The board is the printed map at the board's resolution with a HexGrid laid over it that
names hexes as the studio does; every counter is a piece with its front and back (Flip,
Ctrl+F); units start in their set-up hexes; the playsheet PDF is the module's help.
Nothing here imports Qt: `studio export vassal` and the studio's Export dialog call these.
"""
from .export import VassalExport, export_vassal
from .grid import BoardGrid
from .options import VassalOptions
from .plan import ModulePlan, plan_module

__all__ = ["export_vassal", "plan_module", "ModulePlan", "VassalExport", "VassalOptions",
           "BoardGrid"]
