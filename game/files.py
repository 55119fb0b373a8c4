"""The package's own data files, read wherever the package is imported from: its folder, or a
zip archive (the page imports it from ``game.zip``, which it does not unpack: unpacking its
files was one long task on a slow phone)."""

from __future__ import annotations

from pathlib import Path


def read_bytes(path: Path) -> bytes:
    """The bytes of ``path``, a file of the package's tree as its modules' ``__file__`` name it
    (or any file, where the package is imported from a folder)."""
    # The package's loader reads its archive's members by such paths; a folder's, any file.
    return __loader__.get_data(str(path))
