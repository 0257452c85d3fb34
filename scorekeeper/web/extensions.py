"""The Flask extensions the app and its blueprints share, created once here.

Blueprints import them from this module, never from :mod:`scorekeeper.web.app`, so
the factory and the views do not import each other.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from flask_babel import Babel
from flask_caching import Cache
from flask_caching.backends.filesystemcache import FileSystemCache
from flask_compress import Compress
from flask_wtf.csrf import CSRFProtect

from scorekeeper.storage.disk import clean_cache_drafts
from scorekeeper.storage.one_at_a_time import StillWorking, only_one

csrf = CSRFProtect()
babel = Babel()
# Pages and PDFs as rendered, shared by the server's worker processes (files beside the
# database): a save's answer and every worker's stream watcher show the same game page, and
# one rendering serves them all, whichever worker they reach.
cache = Cache(with_jinja2_ext=False)
# pages, styles, scripts and JSON go out compressed (zstd, br or gzip, as the phone accepts):
# a table's Wi-Fi is often weak
compress = Compress()


Rendered = TypeVar("Rendered", str, bytes)
# the locks a new version is rendered under (one file each beside the database, shared by
# the pages that hash to it), and how long a worker waits for another's rendering
RENDER_LOCKS = 64
RENDER_WAIT_SECONDS = 5


def cached(key: tuple, version: object, render: Callable[[], Rendered]) -> Rendered:
    """What ``render`` gives for ``key`` at ``version`` (a session's revision), rendered once
    and cached for every worker. One file per key, overwritten by the next version, so the
    cache holds the tables in play, not every revision of them."""
    found = _cached_entry(key)
    if found is not None and found[0] == version:
        return found[1]
    rendered = render()
    _store(key, (version, rendered))
    return rendered


def cached_render(key: tuple, version: object, render: Callable[[], str]) -> str:
    """As :func:`cached`, a new version rendered by one worker at a time: a save's answer
    and every worker's stream watcher want the same page at once, and the later ones find
    it cached."""
    found = _cached_entry(key)
    if found is not None and found[0] == version:
        return found[1]
    bucket = int(hashlib.blake2b(_file_key(key).encode(), digest_size=4).hexdigest(), 16)
    try:
        with only_one(f"render-{bucket % RENDER_LOCKS}", RENDER_WAIT_SECONDS):
            return cached(key, version, render)
    except StillWorking:  # a rendering that long: this one renders its own
        return cached(key, version, render)


def _cached_entry(key: tuple) -> tuple | None:
    found = cache.get(_file_key(key))
    # a file of another shape (written by hand, half a version's format) is no page: rendered
    # again
    if isinstance(found, tuple) and len(found) == 2 and isinstance(found[1], str | bytes):
        return found
    return None


def _store(key: tuple, entry: tuple) -> None:
    if not cache.set(_file_key(key), entry):  # no room: its draft file stays behind
        clean_cache_drafts()


def _file_key(key: tuple) -> str:
    return "\x1f".join(str(part) for part in key)


class BoundedFileSystemCache(FileSystemCache):
    """Flask-Caching's file cache, bounded in bytes as well as in files: the oldest files go
    until the folder holds at most ``max_bytes`` (one very long game's pages and PDFs in every
    language must not fill the disk).

    Listing the folder and reading every file's size on each write cost more than the write:
    each process instead keeps a running total from its last listing plus what it has written
    since (an overwrite counted as new, so the total only errs high), and lists the folder
    again when that total passes the bound or after ``RECOUNT_EVERY`` writes, which also
    catches what the other worker processes wrote meanwhile."""

    RECOUNT_EVERY = 64

    def __init__(
        self, cache_dir: str, max_bytes: int, key_prefix: str = "", **options: Any
    ) -> None:
        super().__init__(cache_dir, **options)
        self.max_bytes = max_bytes
        self.key_prefix = key_prefix
        self._lock = threading.Lock()
        self._estimate: int | None = None  # bytes in the folder, None: not listed yet
        self._writes_since_listing = 0

    @classmethod
    def factory(cls, app, config, args, kwargs):
        kwargs["max_bytes"] = config["CACHE_MAX_BYTES"]
        # Flask-Caching hands CACHE_KEY_PREFIX to its network caches only: a file cache
        # would otherwise serve what another version of the app rendered
        kwargs["key_prefix"] = config["CACHE_KEY_PREFIX"]
        return super().factory(app, config, args, kwargs)

    def _get_filename(self, key: str) -> str:
        # the count of files is the folder's, whichever version wrote them
        prefix = "" if key == self._fs_count_file else self.key_prefix
        return super()._get_filename(prefix + key)

    def get(self, key: str) -> Any:
        try:
            return super().get(key)
        except Exception:  # unpickling a damaged file, or another version's classes, can
            return None  # raise nearly anything: it is only a file not cached (or not counted)

    def set(self, key: str, value: Any, timeout: int | None = None, mgmt_element: bool = False):
        written = super().set(key, value, timeout, mgmt_element)
        if not mgmt_element:
            self._count_write(key)
        return written

    def _count_write(self, key: str) -> None:
        try:
            size = os.stat(self._get_filename(key)).st_size
        except FileNotFoundError:  # not written, or another worker removed it meanwhile
            size = 0
        with self._lock:
            self._writes_since_listing += 1
            if self._estimate is not None:
                self._estimate += size
            if (
                self._estimate is None
                or self._estimate > self.max_bytes
                or self._writes_since_listing >= self.RECOUNT_EVERY
            ):
                self._estimate = self._within_bytes()
                self._writes_since_listing = 0

    def _within_bytes(self) -> int:
        """Removes the oldest files past the bound; the bytes left in the folder."""
        files = []
        for path in self._list_dir():  # the cache's files, not its count of them
            try:
                found = os.stat(path)
            except FileNotFoundError:  # another worker removed it meanwhile
                continue
            files.append((found.st_mtime, found.st_size, path))
        total = sum(size for _, size, _ in files)
        for _, size, path in sorted(files):
            if total <= self.max_bytes:
                break
            with contextlib.suppress(FileNotFoundError):  # another worker was first
                os.remove(path)
            total -= size
        return total
