"""How many engine questions run at once in the web shell.

The engine answers every question it accepts within a bounded time, but a few heavy
ones side by side would still hold every worker thread and CPU core. Questions take a
slot here first; when none frees up within a short wait the caller answers
"busy, try again" (HTTP 503 with Retry-After) instead of queueing without end.

>>> with ENGINE_SLOTS.slot():
...     pass
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager


class Busy(Exception):
    """No slot came free in time; ``retry_after`` is a fair wait in whole seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"the referee is busy with other questions: try again in {retry_after} s")
        self.message = str(self)
        self.retry_after = retry_after


class Slots:
    """At most ``size`` holders at once; a caller waits up to ``wait`` seconds for a turn."""

    def __init__(self, size: int, wait: float) -> None:
        self._free = threading.BoundedSemaphore(size)
        self.wait = wait

    @contextmanager
    def slot(self) -> Iterator[None]:
        if not self._free.acquire(timeout=self.wait):
            raise Busy(retry_after=max(1, round(self.wait)))
        try:
            yield
        finally:
            self._free.release()


# Per worker process (`scorekeeper serve` runs one per core): two questions at a time
# leave the worker's other threads free for pages, and the arranger's budget bounds each.
ENGINE_SLOTS = Slots(size=2, wait=2.0)
