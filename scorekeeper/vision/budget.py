"""The CPU time one recognition may take: a photo built to be slow is refused, not served.

The budget counts the reading thread's own CPU time (``time.thread_time``), so a busy
machine does not refuse an honest photo, and the steps check it between pieces of work.
OpenCV is kept to one thread: a server worker reads one photo on one core.
"""

from __future__ import annotations

import time

import cv2

from scorekeeper.rules.messages import N_

from .photo import PhotoError

cv2.setNumThreads(1)

# many times what an honest 12-megapixel photo takes (benchmarks/README.md, "recognize")
CPU_SECONDS_PER_PHOTO = 8.0


class PhotoBudget:
    """CPU seconds left for one photo; :meth:`check` refuses the photo once they are spent."""

    def __init__(self, seconds: float = CPU_SECONDS_PER_PHOTO) -> None:
        self.seconds = seconds
        self.started = time.thread_time()

    def spent(self) -> float:
        return time.thread_time() - self.started

    def check(self) -> None:
        if self.spent() > self.seconds:
            raise PhotoError(
                N_("this photo takes too long to read: take it again closer to the cards")
            )
