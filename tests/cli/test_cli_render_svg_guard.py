"""Issue 29 item 8: `studio render` to SVG is held to the same size guard as PNG: a drawing
of more than MAX_PIXELS pixels is refused at once (exit 2, what to change), instead of
growing to gigabytes. The child runs under a memory and CPU cap, so a missing guard fails
the test rather than the machine."""
import os
import resource
import subprocess
import sys

import pytest
import yaml

from fuzz_cases import ROOT


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
    resource.setrlimit(resource.RLIMIT_CPU, (120, 125))


@pytest.mark.parametrize("suffix", ["svg", "png"])
def test_a_drawing_past_the_pixel_limit_is_refused_for_svg_as_for_png(tmp_path, suffix):
    data = yaml.safe_load((ROOT / "templates" / "scenarios" / "blank-20x15-flat.yaml")
                          .read_text())
    data["map"].update(columns=300, rows=300, terrain="\n".join(["." * 300] * 300) + "\n")
    for side in data["sides"]:
        side["setup_zone"] = ["0101-0399"]
    path = tmp_path / "big.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    out = tmp_path / f"big.{suffix}"
    env = dict(os.environ, PYTHONPATH=str(ROOT), QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-m", "studio", "render", str(path), "--hex-size",
                           "100", "-o", str(out)], env=env, cwd=ROOT, capture_output=True,
                          text=True, preexec_fn=_limits)
    assert done.returncode == 2, done.stderr[-500:]
    assert "a 300x300 map at hex size 100 would be 45100x52098 pixels, more than the " \
           "400,000,000 the studio draws: choose a smaller --hex-size" in done.stderr
    assert not out.exists() and list(tmp_path.iterdir()) == [path]
