"""Photos of the cards read for the web shell: bounded in size, CPU time and number at
once, counted per phone, and never stored.

Reading a photo is long CPU work, and Python runs one thread at a time in a
worker: read in the worker's own threads, a photo would hold up every save and page that
worker answers meanwhile. So each worker process reads photos in one child process of its
own, at a lower priority (``nice``), as the long printed sheets are made (background_pdf): the
request's thread only waits for the answer, holding no lock Python's other threads need.
A worker reads one photo at a time (:data:`PHOTO_SLOTS`); one more waits a moment, and the
rest are told to try again shortly (503 with Retry-After), which the page does by itself.

Each photo gets :data:`CPU_SECONDS` of the child's CPU time; past that the reading stops
and the phone is told to take a closer photo. A child stuck in one library call past
:data:`WALL_SECONDS` is killed and a new one started for the next photo.

The photo's bytes live in the request's memory only (see :class:`UploadsInMemory`): no
temporary file, no log line carries them.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import contextlib
import io
import logging
import multiprocessing
import os
import signal
import sqlite3
import threading
import time
from typing import Any

from flask import Request, current_app, request
from limits import parse

from scorekeeper.language.formatting import cards_text
from scorekeeper.language.i18n import say_in_current_language
from scorekeeper.rules import RulesError
from scorekeeper.rules.messages import N_, Message
from scorekeeper.rules.records import VARIANTS

from .limits import Busy, Slots
from .rate_limits import this_address, this_phone

# A phone's photo, shrunk by the page, is a few hundred KB; one sent whole by a phone
# without scripts is a 12 to 48 Mpx JPEG, HEIC or PNG of a few MB; 15 MB holds them all.
MOST_PHOTO_BYTES = 15 * 1024 * 1024
# vision counts its own budget between its steps and says so; this one, a little larger,
# also stops a single library call that runs on
CPU_SECONDS = 12
WALL_SECONDS = 40
NICENESS = 19  # the lowest: the evening's saves and pages first, photos with what is left
# How often a reader process asks whether its worker is still there. A worker killed outright
# (gunicorn's timeout, a signal while it was still starting) never stops its reader, and a
# pool's process holds both ends of its task queue: it would wait for a task for ever, with
# OpenCV loaded and the server's output still open.
WORKER_CHECK_SECONDS = 1.0
# Per worker process: one photo read at a time, one more waiting a moment for its turn.
PHOTO_SLOTS = Slots(size=1, wait=1.5)
# A table photographs each player's hand every few minutes, and retakes a few: a phone
# sending more than this is not at a table.
PHOTOS_PER_PHONE = parse("40 per 10 minutes")
PHOTOS_PER_ADDRESS = parse("400 per hour")
_SCOPE = "photos"


class PhotoBusy(Busy):
    """Every photo slot of this worker is taken: the phone tries again shortly."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after)
        self.message = N_(
            "Other photos are being read right now: try again in %(seconds)s s.",
            seconds=retry_after,
        )


class TooManyPhotos(Exception):
    """This phone (or address) sent more photos than a table takes (HTTP 429)."""

    def __init__(self, retry_after: int) -> None:
        self.message = N_(
            "Too many photos from this phone lately: wait %(minutes)s min, then take it again.",
            minutes=max(1, round(retry_after / 60)),
        )
        super().__init__(self.message)
        self.retry_after = retry_after
        self.field = "photo"


class UploadsInMemory(Request):
    """A request whose uploaded files stay in memory: Werkzeug writes a part over 500 KB to
    a temporary file, and a photo must never be written anywhere. The body is bounded
    (MAX_CONTENT_LENGTH and :data:`MOST_PHOTO_BYTES`) and held in memory whole already by
    the server's worker (serving.gunicorn_worker)."""

    def _get_file_stream(
        self, total_content_length, content_type, filename=None, content_length=None
    ):
        return io.BytesIO()


def count_photo() -> None:
    """Count one photo for this phone and its address; :class:`TooManyPhotos` past a limit.
    Counts that cannot be written (a full disk) let the photo through, as for imports."""
    limiter = current_app.extensions["scorekeeper_limiter"]
    if not limiter.enabled:
        return
    try:
        for limit, key in ((PHOTOS_PER_PHONE, this_phone()), (PHOTOS_PER_ADDRESS, this_address())):
            if not limiter.limiter.hit(limit, _SCOPE, key):
                reset = limiter.limiter.get_window_stats(limit, _SCOPE, key).reset_time
                raise TooManyPhotos(retry_after=max(1, int(reset - time.time())))
    except sqlite3.Error:
        return


def checked_variant(raw: Any) -> str | None:
    """The variant a photo is read for (its deck says which cards are unsure), or None."""
    if raw in (None, ""):
        return None
    if raw not in VARIANTS:
        raise RulesError(N_("'variant' must be one of the variants' ids, or left out"), "variant")
    return raw


def read_photo(data: bytes, variant: str | None = None) -> dict[str, Any]:
    """The cards in ``data`` (the contract's answer), read in this worker's reader process.

    Raises RulesError (field photo) for a file that is no photo vision reads (its
    PhotoError's sentence), an empty one or one that took more than its time; PhotoBusy
    when no slot came free. The worker never imports vision (OpenCV) itself.
    """
    if not data:
        raise RulesError(N_("choose a photo of the cards to send"), "photo")
    try:
        slot = PHOTO_SLOTS.slot()
        slot.__enter__()
    except Busy as busy:
        raise PhotoBusy(busy.retry_after) from None
    try:
        return _READER.read(data, variant)
    finally:
        slot.__exit__(None, None, None)


PHOTO_TOO_LARGE = N_("this photo is larger than 15 MB: send a smaller one")
UNREADABLE = N_("this photo could not be read: send a JPEG, PNG or WebP photo of the cards")
TOO_SLOW = N_(
    "this photo took too long to read: take it again from closer, "
    "with fewer things around the cards"
)


class _OverBudget(BaseException):  # not caught by the reader's own "except Exception"
    pass


def _child_starts(worker: int) -> None:
    """In the reader process, once: lower priority, one thread for each library, and gone
    with its worker process (``worker``)."""
    os.nice(NICENESS)
    for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[name] = "1"
    signal.signal(signal.SIGPROF, _over_budget)
    threading.Thread(target=_leave_with, args=(worker,), daemon=True, name="worker-watch").start()


def _leave_with(worker: int) -> None:
    # an orphan is handed to another parent: the worker is gone once the parent changes
    while os.getppid() == worker:
        time.sleep(WORKER_CHECK_SECONDS)
    os._exit(0)


def _over_budget(_signum, _frame) -> None:
    raise _OverBudget


def _recognize_within_budget(data: bytes, variant: str | None, cpu_seconds: float):
    """In the reader process: ("read", vision's answer), ("refused", why) for a file that is
    no photo it reads, or ("slow", None) when the photo took its whole CPU time (ITIMER_PROF
    counts this process's CPU time, not the time it waited for a core)."""
    # here only: the worker never loads OpenCV, its reader process does
    from scorekeeper.vision import PhotoError, recognize

    signal.setitimer(signal.ITIMER_PROF, cpu_seconds)
    try:
        return "read", recognize(data, variant)
    except PhotoError as error:
        return "refused", photo_error_message(error)
    except _OverBudget:
        return "slow", None
    except Exception:  # a file vision did not foresee: refused, and said in the error log
        logging.getLogger(__name__).exception("a photo could not be read")
        return "refused", UNREADABLE
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)


class _Reader:
    """This worker process's reader process, started at the first photo (after gunicorn's
    fork: each worker has its own) and started again when it dies or is killed."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._pid = 0

    def _current(self) -> concurrent.futures.ProcessPoolExecutor:
        with self._lock:
            if self._pool is None or self._pid != os.getpid():
                # spawned, not forked: the worker has threads, which a fork would copy mid-lock
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    max_workers=1,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_child_starts,
                    initargs=(os.getpid(),),
                )
                self._pid = os.getpid()
            return self._pool

    def _discard(self, pool: concurrent.futures.ProcessPoolExecutor) -> None:
        with self._lock:
            if self._pool is pool:
                self._pool = None
        # ProcessPoolExecutor cannot cancel a task under way: its process is killed
        for process in list(getattr(pool, "_processes", {}).values()):
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    def read(self, data: bytes, variant: str | None) -> dict[str, Any]:
        pool = self._current()
        try:
            future = pool.submit(_recognize_within_budget, data, variant, CPU_SECONDS)
            found = future.result(timeout=WALL_SECONDS)
        except concurrent.futures.TimeoutError:
            self._discard(pool)
            found = ("slow", None)
        except concurrent.futures.process.BrokenProcessPool:
            # the reader died (out of memory on a hostile file): this photo is refused, and
            # the next one gets a new reader
            self._discard(pool)
            raise RulesError(UNREADABLE, "photo") from None
        outcome, answer = found
        if outcome == "refused":
            raise RulesError(answer, "photo")
        if outcome == "slow":
            raise RulesError(TOO_SLOW, "photo")
        return answer

    def close(self) -> None:
        """Stop the reader at once: a worker on its way out (its server stopped or gone)
        must not wait for a photo read at the lowest priority, holding the port meanwhile."""
        pool = self._pool
        if pool is not None and self._pid == os.getpid():
            self._discard(pool)


_READER = _Reader()


def _ready() -> bool:
    import scorekeeper.vision  # noqa: F401  (OpenCV and the model loaded once, here)

    return True


def start_reader() -> None:
    """Start this worker's reader process now, in the background: started at the first
    photo instead, that photo would wait for a new Python and OpenCV to load on cores busy
    with the evening (benchmarks/README.md, "Photos beside saves"). Call it after the fork."""
    pool = _READER._current()
    pool.submit(_ready)
    # at the lowest priority from its first instruction: its own start (a new Python
    # importing the app and OpenCV) would otherwise compete with the evening's saves
    for process in list(getattr(pool, "_processes", {}).values()):
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, process.pid, NICENESS)


# stopped while the interpreter is whole: left to its own weak reference at exit, the pool's
# manager thread finds the modules it needs already gone
atexit.register(_READER.close)


def stop_reader() -> None:
    """Kill this worker's reader now (the worker is leaving). Python's own exit would first
    wait for the reader to finish what it is doing, at the lowest priority: a worker whose
    server was killed would hold the port meanwhile."""
    _READER.close()


def photo_error_message(error: Exception) -> Message:
    """What vision's PhotoError says, as a message the catalogs translate."""
    said = error.args[0] if error.args else str(error)
    if isinstance(said, Message):
        return said
    return Message(str(said))  # no parameters: said as it is, or as its catalog says


def read_form_photos(form, targets: dict[str, str], variant: str | None):
    """A form sent with photos (a phone without scripts): each photo's cards written into
    its card field (``targets``: the photo's field name -> the card field's name), and what
    was read per photo, or its problem as ``{"error": sentence}``, for the page to show.
    None when the form carries no photo and no press of "Read the photo"."""
    sent = {name: request.files.get(name) for name in targets}
    sent = {name: upload for name, upload in sent.items() if upload and upload.filename}
    pressed = request.form.get("read_photo")
    if not sent and pressed not in targets:
        return None
    if not sent:
        return {
            pressed: {"error": say_in_current_language(N_("choose a photo of the cards to send"))}
        }
    found: dict[str, dict[str, Any]] = {}
    for name, upload in sent.items():
        try:
            count_photo()
            answer = read_photo(upload.read(), variant)
        except (RulesError, TooManyPhotos, Busy) as refused:
            found[name] = {"error": say_in_current_language(refused.message)}
            continue
        field = form[targets[name]]
        field.data = cards_text([read["card"] for read in answer["cards"]])
        field.raw_data = [field.data]
        found[name] = answer
    return found
