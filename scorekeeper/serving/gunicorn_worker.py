"""The gunicorn worker `scorekeeper serve` runs: requests read in an event loop, answered
by threads.

gunicorn's threaded worker gives each connection a thread from the moment its first byte
arrives, so a few clients that send their headers one byte every few seconds hold every
thread, and the phones at the table wait. gunicorn's documentation answers slow clients
with an event loop (its gevent worker) or a buffering proxy in front. Here the gevent
worker reads each request, headers and body, while the connection costs only a greenlet;
only a request read whole goes to one of the worker's threads, which answers it from
memory. SQLite and page rendering never run in the event loop: a save waiting on
another process's write lock holds one thread, not the worker.
"""

from __future__ import annotations

import contextlib
import gc
import io
import select
import socket
import weakref
from collections.abc import Callable, Iterable
from typing import Any

import gevent
import gevent.queue
from gevent import socket as green_socket
from gevent.lock import BoundedSemaphore
from gevent.threadpool import ThreadPool
from gunicorn.http.errors import NoMoreData
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker

from scorekeeper.web import live
from scorekeeper.web.app import compile_templates
from scorekeeper.web.log_privacy import TokensHidden
from scorekeeper.web.photos import start_reader, stop_reader

# A new connection that has not sent its request's headers within this long is dropped (a
# browser sends them at once; only a slow-loris client takes longer).
HEADERS_SECONDS = 5


# Bodies are held in memory while they arrive: a form is a few KB, but an import, a photo or an
# API game may be megabytes, so only this many bodies over LARGE_BODY are read at once per
# worker (the others wait their turn, holding nothing), and every body must have arrived
# within BODY_SECONDS, however it trickles.
LARGE_BODY = 64 * 1024
LARGE_BODIES_AT_ONCE = 8
BODY_SECONDS = 60
# the kernel's send buffer of a game's stream of changes (it asks for twice this): a few
# events' worth
STREAM_SEND_BUFFER = 32 * 1024


class NextRequestWait(gevent.Timeout):
    """The keep-alive wait for a connection's next request. When it runs out, a request
    whose bytes have arrived meanwhile is still read (HEADERS_SECONDS for the rest of its
    headers), not cut off with the connection: a worker that got no CPU for a moment past
    the deadline found the expired timer before the waiting request, closed the connection
    under it, and the phone's save failed with a reset."""

    def __init__(self, seconds: float, client) -> None:
        super().__init__(seconds, False)
        self.client = client

    def _on_expiration(self, prev_greenlet, ex) -> None:
        if self.client is not None and _has_bytes(self.client):
            self.timer.close()
            self.timer = gevent.get_hub().loop.timer(HEADERS_SECONDS)
            self.timer.start(super()._on_expiration, prev_greenlet, ex, update=True)
            return
        super()._on_expiration(prev_greenlet, ex)


def _has_bytes(client) -> bool:
    try:
        readable, _, _ = select.select([client.fileno()], [], [], 0)
    except (OSError, ValueError):  # closed meanwhile
        return False
    return bool(readable)


def in_threads(app, pool: ThreadPool, largest_body: int | Callable[[str], int]):
    """``app`` answered in ``pool``'s threads, each request's body read before it gets there.

    A body longer than ``largest_body`` (a number, or one per path: a photo may be larger
    than any other body) is not read: the app sees its declared length and refuses it (413)
    without a thread ever touching the socket.
    """
    large_bodies = BoundedSemaphore(LARGE_BODIES_AT_ONCE)
    largest_for = largest_body if callable(largest_body) else lambda _path: largest_body

    def whole_request(environ, start_response):
        limit = largest_for(environ.get("PATH_INFO") or "")
        declared = environ.get("CONTENT_LENGTH") or ""
        length = int(declared) if declared.isdigit() else 0
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        body = b""
        if (length or chunked) and length <= limit:
            large = chunked or length > LARGE_BODY
            try:
                turn = large_bodies if large else contextlib.nullcontext()
                with turn, gevent.Timeout(BODY_SECONDS, NoMoreData):
                    # a chunked body declares no length: one byte past the limit is enough
                    # for the app to refuse it
                    body = environ["wsgi.input"].read(limit + 1)
            except OSError as error:  # stalled past --stalled, or gone: the connection ends
                raise NoMoreData() from error
        # files are read in the thread too, not sent from the event loop later
        read = {k: v for k, v in environ.items() if k != "wsgi.file_wrapper"}
        read["wsgi.input"] = io.BytesIO(body)

        def answer() -> Iterable[bytes]:
            result = app(read, start_response)
            if read.get(live.STREAM_ENVIRON_KEY):
                # a game's stream of changes: written from the event loop as events come
                # (see web/live.py), holding no thread
                return result
            try:
                return list(result)
            finally:
                close = getattr(result, "close", None)
                if close is not None:
                    close()

        answered = pool.apply(answer)
        connection = environ.get("gunicorn.socket")
        if read.get(live.STREAM_ENVIRON_KEY) and connection is not None:
            # what the kernel holds for a phone that stopped reading stays small: its writes
            # then wait, its events pile up to live.WAITING_EVENTS and the stream is dropped
            # (or the write times out after --stalled), instead of megabytes held for it
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, STREAM_SEND_BUFFER)
        return answered

    return whole_request


class GreenWaiting(live.Waiting):
    """The live streams and their watcher as greenlets of the worker's event loop; the
    database and the rendering in the worker's threads, as every request's."""

    def __init__(self, pool: ThreadPool) -> None:
        self.pool = pool

    def spawn(self, work: Callable[[], None]) -> None:
        gevent.spawn(work)

    def sleep(self, seconds: float) -> None:
        gevent.sleep(seconds)

    def queue(self) -> Any:
        return gevent.queue.Queue()

    def empty_error(self) -> type[Exception]:
        return gevent.queue.Empty

    def in_thread(self, work: Callable[[], Any]) -> Any:
        return self.pool.apply(work)

    def all_of(self, works: list[Callable[[], None]]) -> None:
        gevent.joinall([gevent.spawn(work) for work in works])


def keep_for_life() -> None:
    """What the worker has loaded (the app, its catalogs, the rules, the photo reader) stays
    for the process's life: taken out of the garbage collector's full passes, which would
    otherwise walk every one of those objects again now and then, in the middle of whichever
    request allocates at that moment (a save among them). The garbage already made is
    collected first, so none of it is kept with them."""
    gc.collect()
    gc.freeze()


class WholeRequestWorker(GeventWorker):
    """gunicorn's gevent worker, with the app in a thread pool (``threads``) and a time
    limit on each connection's reads and writes (``stalled_seconds``)."""

    stalled_seconds = 15
    largest_body: int | Callable[[str], int] = 4 * 1024 * 1024

    def patch(self) -> None:
        # Only the listening sockets become gevent's: the app's threads stay real threads
        # (one SQLite connection each), which monkey-patching would make greenlets.
        self.sockets = [
            green_socket.socket(s.FAMILY, green_socket.SOCK_STREAM, fileno=s.sock.detach())
            for s in self.sockets
        ]
        self._greeted: weakref.WeakSet = weakref.WeakSet()
        self._clients: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def init_process(self) -> None:
        for logger in (self.log.error_log, self.log.access_log):
            logger.addFilter(TokensHidden())
        super().init_process()

    def load_wsgi(self) -> None:
        super().load_wsgi()
        pool = ThreadPool(self.cfg.threads)
        streams = self.wsgi.extensions.get(live.EXTENSION)
        if streams is not None:
            streams.waiting = GreenWaiting(pool)
        compile_templates(self.wsgi)
        self.wsgi = in_threads(self.wsgi, pool, self.largest_body)
        start_reader()  # this worker's photo reader, ready before the first photo
        keep_for_life()

    def run(self) -> None:
        try:
            super().run()
        finally:
            stop_reader()  # at once, before Python's exit waits on it

    def handle(self, listener, client, addr) -> None:
        # a connection that sends or takes nothing this long mid-request is dropped
        # (gevent's own handle would make the socket wait for good)
        client.settimeout(self.stalled_seconds)
        self._clients[gevent.getcurrent()] = client
        AsyncWorker.handle(self, listener, client, addr)

    def timeout_ctx(self):
        """The time a connection has for its next request's headers: a few seconds for its
        first, the keep-alive time for each later one."""
        connection = gevent.getcurrent()
        if connection in self._greeted:
            return NextRequestWait(self.cfg.keepalive, self._clients.get(connection))
        self._greeted.add(connection)
        return gevent.Timeout(HEADERS_SECONDS, False)


def worker_class(
    stalled_seconds: int, largest_body: int | Callable[[str], int]
) -> type[WholeRequestWorker]:
    """The worker with serve's ``--stalled`` limit and the app's largest request body (a
    number, or a function of the request's path)."""
    return type(
        "WholeRequestWorker",
        (WholeRequestWorker,),
        {
            "stalled_seconds": stalled_seconds,
            # a plain function on the class would be called as the worker's method
            "largest_body": staticmethod(largest_body) if callable(largest_body) else largest_body,
        },
    )
