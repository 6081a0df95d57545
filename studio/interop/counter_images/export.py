"""`studio export counter-images`: one image file per counter face, into a folder.

The files are written into a hidden folder beside the target and moved in only when all
of them are done, so a cancelled or failed export leaves the target as it was.
"""
from __future__ import annotations

import os
import shutil
from typing import Iterable

from studio.export.progress import Progress
from studio.export.rosters import RosterSource

from .catalogue import FaceImage, face_images
from .options import CounterImageOptions


def render_faces(images: Iterable[FaceImage], options: CounterImageOptions,
                 progress: Progress | None = None) -> dict:
    """Image bytes for each distinct face among ``images`` (identical counters share)."""
    from .png import png_images
    from .vector import svg_images

    distinct = list(dict.fromkeys(image.face for image in images))
    render = png_images if options.image_format == "png" else svg_images
    step = None
    if progress is not None:
        done = [0]

        def step() -> None:
            done[0] += 1
            progress.step(f"counter face {done[0]} of {len(distinct)}")
    return dict(zip(distinct, render(distinct, options, step)))


def staging_folder(folder: str | os.PathLike) -> str:
    parent, name = os.path.split(os.path.abspath(os.fspath(folder)))
    return os.path.join(parent, f".{name}.{os.getpid()}.part")


def publish_folder(staging: str, folder: str | os.PathLike) -> None:
    """Move the finished files of ``staging`` into ``folder`` (made when missing)."""
    folder = os.fspath(folder)
    if not os.path.exists(folder):
        os.replace(staging, folder)
        return
    for name in sorted(os.listdir(staging)):
        os.replace(os.path.join(staging, name), os.path.join(folder, name))
    os.rmdir(staging)


def export_counter_images(sources: Iterable[RosterSource], folder: str | os.PathLike,
                          options: CounterImageOptions | None = None, progress=None,
                          cancel=None) -> list[str]:
    """Write an image per counter face of every unit of the rosters and of each marker kind
    into ``folder``; returns the file names written, in order.

    ``progress(done, total, message)`` follows the faces drawn; ``cancel`` (an Event or a
    callable) stops the export with ExportCancelled and nothing is added to the folder.
    """
    options = options or CounterImageOptions()
    folder = os.fspath(folder)
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise ValueError(f"{folder} is a file: give a folder for the counter images")
    images = face_images(sources, options)
    if not images:
        raise ValueError("there are no counters: the rosters are empty and no marker kinds "
                         "were chosen")
    parent = os.path.dirname(os.path.abspath(folder))
    os.makedirs(parent, exist_ok=True)
    distinct = len({image.face for image in images})
    tracker = Progress(progress, cancel, total=distinct + 1)
    tracker.check()
    data = render_faces(images, options, tracker)
    staging = staging_folder(folder)
    names = []
    try:
        os.makedirs(staging)
        for image in images:
            name = f"{image.stem}.{options.image_format}"
            with open(os.path.join(staging, name), "wb") as out:
                out.write(data[image.face])
            names.append(name)
        tracker.step(f"{len(names)} files written")
        publish_folder(staging, folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return names
