"""Writing a file whole or not at all, to the file the user means, leaving nothing behind.

Every save and export writes the new content beside the target first (a hidden sibling
named after the target and this process: `.NAME.PID.TOKEN.tmp` or `.part`), flushes it to
disk, then puts it in place:

- through a symbolic link, the link's target gets the new content and the link stays a link
  (`real_target`);
- a file with other hard links is rewritten in place, so every name keeps showing the same
  file (the complete copy beside it is removed only once that is done);
- any other file is replaced by an atomic rename: a crash or a full disk leaves the old
  file or the new one, never half of one.

A killed save or export leaves its sibling behind; the next successful write of the same
target removes the siblings whose writer no longer runs (`clean_stale`).

`output_problem` says in words why a path cannot take an output (a missing folder, a
folder, a read-only place) before any work is done.
"""
from __future__ import annotations

import os
import re
import secrets
import stat
import time

STALE_AGE = 3600.0      # seconds; a sibling this old is stale even if its writer's id is reused
_SIBLING = r"^\.{name}\.(?P<pid>\d+)(?:\.[0-9a-f]+)?\.(?:tmp|part)(?:\.[A-Za-z]+)?$"


def real_target(path: str | os.PathLike) -> str:
    """The file a write to `path` changes: a symbolic link's final target, made absolute."""
    return os.path.realpath(os.fspath(path))


def sibling_path(target: str, suffix: str = ".tmp") -> str:
    """A fresh hidden name beside `target` for its content in progress."""
    folder, name = os.path.split(target)
    return os.path.join(folder, f".{name}.{os.getpid()}.{secrets.token_hex(4)}{suffix}")


def write_bytes_atomic(path: str | os.PathLike, data: bytes) -> None:
    """Write `data` to `path` whole or not at all (see the module's description)."""
    target = real_target(path)
    part = sibling_path(target)
    fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        commit(part, target)
    except BaseException:
        _remove(part)
        raise


def write_text_atomic(path: str | os.PathLike, text: str) -> None:
    write_bytes_atomic(path, text.encode("utf-8"))


def commit(part: str, target: str | os.PathLike) -> None:
    """Put the complete file `part` in the place of `target` (already a real path, see
    `real_target`), then clear the stale siblings of earlier, killed writes."""
    target = os.fspath(target)
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    if st is not None and stat.S_ISREG(st.st_mode) and st.st_nlink > 1:
        _copy_into(part, target)
        _remove(part)
    else:
        os.chmod(part, _mode_for(st))
        os.replace(part, target)
    _fsync_folder(os.path.dirname(target))
    clean_stale(target)


def clean_stale(target: str | os.PathLike) -> list[str]:
    """Remove the siblings killed writes of `target` left; returns their paths. A sibling is
    stale when the process that wrote it no longer runs, or when it is over an hour old."""
    target = os.fspath(target)
    folder, name = os.path.split(target)
    pattern = re.compile(_SIBLING.format(name=re.escape(name)))
    removed = []
    try:
        entries = list(os.scandir(folder or "."))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        m = pattern.match(entry.name)
        if m is None:
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            old = now - entry.stat(follow_symlinks=False).st_mtime > STALE_AGE
        except OSError:
            continue
        pid = int(m.group("pid"))
        if old or (pid != os.getpid() and not _running(pid)):
            if _remove(entry.path):
                removed.append(entry.path)
    return removed


def output_problem(path: str | os.PathLike) -> str | None:
    """Why `path` cannot take a new file, in words; None when it looks fine. Checked
    before the work, so a long export does not end in a failed write."""
    text = os.fspath(path)
    if not text:
        return "the output path is empty; give a file name"
    target = real_target(text)
    if os.path.isdir(target):
        return f"{text} is a folder; give a file name inside it"
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        return f"the folder {os.path.dirname(text) or folder} does not exist; create it first"
    if not os.access(folder, os.W_OK | os.X_OK) or (
            os.path.exists(target) and not os.access(target, os.W_OK)):
        return f"{text} cannot be written here (read-only); choose another place"
    return None


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Whether the paths name one file (through links, `..` and hard links)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return real_target(a) == real_target(b)


def _copy_into(part: str, target: str) -> None:
    with open(part, "rb") as src, open(target, "r+b") as dst:
        while chunk := src.read(1 << 20):
            dst.write(chunk)
        dst.truncate()
        dst.flush()
        os.fsync(dst.fileno())


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True          # someone else's process, or no way to tell: keep its file
    return True


def _remove(path: str) -> bool:
    try:
        os.unlink(path)
        return True
    except OSError:
        return False


def _mode_for(st: os.stat_result | None) -> int:
    """Keep an existing file's permissions; a new file gets the usual 0666 less umask."""
    if st is not None:
        return st.st_mode & 0o7777
    return 0o666 & ~_umask()


def _umask() -> int:
    # Reading the umask by setting it races with other threads creating files; Linux shows
    # it in /proc, elsewhere assume the common 022.
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o022


def _fsync_folder(folder: str) -> None:
    """Make the rename itself durable where the platform allows it."""
    try:
        fd = os.open(folder or ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
