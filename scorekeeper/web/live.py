"""Every phone watching a game is sent the changed part of its sheet as it is saved.

Each game page opens a Server-Sent Events stream (``views/live.py``). The streams of one
server process are held here, by game; one watcher per process asks the database on a
short tick whether anything was committed (``storage/watch.py``) and, for each watched
game whose revision moved on, renders the changed part once per kind of page (editor or
read-only link, language, every round or the last ones) and hands the same bytes to every
stream showing that kind of page. A save in another worker process is seen the same way
as one in this process: nothing but the database file is shared.

How the waiting is done is the server's choice (:class:`Waiting`): threads under the
development server and the tests, greenlets in ``scorekeeper serve``'s event loop, where a
thousand open streams cost a thousand small greenlets and no thread.
"""

from __future__ import annotations

import queue
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.storage import replica
from scorekeeper.storage.watch import Watcher

# How often the watcher asks whether anything was committed (one cheap query a tick).
TICK_SECONDS = 0.05
# An idle stream says it is alive this often: phones' sleep and home routers drop a silent
# connection, and the page falls back to polling when nothing comes.
HEARTBEAT_SECONDS = 15
# How long a phone's browser waits before it connects again after losing the stream.
RETRY_MILLISECONDS = 2000
# Events waiting for a phone that stopped reading: one more and its stream is dropped
# (it reconnects and catches up when it reads again), so nothing piles up for it.
WAITING_EVENTS = 4
# A watcher with no stream left stops after this long; the next stream starts one.
IDLE_WATCHER_SECONDS = 5
# How often the watcher reads how far the replica has caught up, and tells every phone when
# it moved (the replica's supervisor checks about once a second).
REPLICA_EVERY_SECONDS = 1.0

# where an app keeps its process's streams
EXTENSION = "scorekeeper.live"
# set by the view on a stream's request: the server iterates it in its event loop
STREAM_ENVIRON_KEY = "scorekeeper.live_stream"


class Waiting:
    """How the streams and the watcher wait: real threads (the development server)."""

    def spawn(self, work: Callable[[], None]) -> None:
        threading.Thread(target=work, daemon=True, name="live-watcher").start()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)

    def queue(self) -> Any:
        return queue.Queue()

    def empty_error(self) -> type[Exception]:
        return queue.Empty

    def in_thread(self, work: Callable[[], Any]) -> Any:
        """``work`` where SQLite and rendering may run (here: the caller's own thread)."""
        return work()

    def all_of(self, works: list[Callable[[], None]]) -> None:
        """Each of ``works``, done by the time this returns (here: one after the other)."""
        for work in works:
            work()


@dataclass(frozen=True)
class Kind:
    """What a stream's page shows: its event is rendered once for every stream of this kind."""

    session_id: int
    role: str  # "edit" or "view"
    lang: str
    everything: int | None  # the page of every round rendered (?all=1&page=N); None: the last
    script_root: str
    # the page listening: "sheet" (the game page) or "form" (a new round's form, told only
    # whether the game is over: it swaps nothing else, so it is sent nothing else)
    page: str = "sheet"


@dataclass(eq=False)
class Stream:
    kind: Kind
    revision: int  # the last revision this phone was sent (or its page showed)
    environ: dict  # the request it was opened with: the event is rendered as for it
    events: Any = None  # the queue of events waiting to be written
    dropped: bool = False


# one event rendered for a kind of page at a revision
Render = Callable[[Kind, dict], "tuple[int, str] | None"]


@dataclass
class Streams:
    """The open streams of one server process, and its one watcher."""

    database: str
    render: Render  # (kind, environ) -> (revision, the changed part's HTML), None: game gone
    waiting: Waiting = field(default_factory=Waiting)
    by_game: dict[int, set[Stream]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _watching: bool = False
    _behind: set[int] = field(default_factory=set)

    def open(self, kind: Kind, revision: int, environ: dict) -> Stream:
        stream = Stream(kind, revision, environ, self.waiting.queue())
        with self._lock:
            self.by_game.setdefault(kind.session_id, set()).add(stream)
            # a save between the page's first answer and this stream is caught on the next tick
            self._behind.add(kind.session_id)
            start = not self._watching
            self._watching = True
        if start:
            self.waiting.spawn(self._watch)
        return stream

    def close(self, stream: Stream) -> None:
        with self._lock:
            held = self.by_game.get(stream.kind.session_id)
            if held is not None:
                held.discard(stream)
                if not held:
                    del self.by_game[stream.kind.session_id]

    def count(self) -> int:
        with self._lock:
            return sum(len(held) for held in self.by_game.values())

    def _offer(self, stream: Stream, event: bytes) -> None:
        if stream.events.qsize() >= WAITING_EVENTS:
            # this phone stopped reading: its stream ends rather than holding events for it
            stream.dropped = True
            self.close(stream)
            stream.events.put(None)
            return
        stream.events.put(event)

    def _watch(self) -> None:
        watcher = Watcher(self.database)
        idle_since: float | None = None
        told: Any = None
        next_told = 0.0
        try:
            while True:
                self.waiting.sleep(TICK_SECONDS)
                if time.monotonic() >= next_told:
                    next_told = time.monotonic() + REPLICA_EVERY_SECONDS
                    told = self._tell_replica(told)
                with self._lock:
                    games = list(self.by_game)
                    behind, self._behind = self._behind, set()
                    if not games:
                        idle_since = idle_since or time.monotonic()
                        if time.monotonic() - idle_since > IDLE_WATCHER_SECONDS:
                            self._watching = False
                            return
                        continue
                idle_since = None
                try:
                    self._pass(watcher, games, behind)
                except Exception:  # a busy or failing database: the next tick asks again
                    self.waiting.sleep(1)
        finally:
            watcher.close()

    def _tell_replica(self, told: Any) -> Any:
        """Every stream is told where the replica is, when that moved on."""
        where = replica.position()
        caught_up = (where["through"], where["run"]) if where["configured"] else "none"
        if caught_up == told:
            return told
        event = replica_event(where)
        with self._lock:
            streams = [s for held in self.by_game.values() for s in held]
        for stream in streams:
            self._offer(stream, event)
        return caught_up

    def _pass(self, watcher: Watcher, games: list[int], behind: set[int]) -> None:
        # asked where the watcher runs (the event loop), not handed to a thread: in WAL mode
        # this read of the file's change counter waits on no writer, and a handoff each tick
        # cost more than the question
        changed = watcher.changed()
        if not changed and not behind:
            return
        revisions = self.waiting.in_thread(lambda: watcher.revisions(games))
        works = []
        for game, revision in revisions.items():
            with self._lock:
                late = [s for s in self.by_game.get(game, ()) if s.revision < revision]
            by_kind: dict[Kind, list[Stream]] = {}
            for stream in late:
                by_kind.setdefault(stream.kind, []).append(stream)
            works += [
                lambda k=kind, s=streams: self._send(k, s) for kind, streams in by_kind.items()
            ]
        # the games that changed are rendered side by side (each in a thread of its own)
        self.waiting.all_of(works)

    def _send(self, kind: Kind, streams: list[Stream]) -> None:
        environ = streams[0].environ
        try:
            rendered = self.waiting.in_thread(lambda: self.render(kind, environ))
        except Exception:  # a busy or failing database: tried again on the next tick
            with self._lock:
                self._behind.add(kind.session_id)
            return
        if rendered is None:
            return
        revision, html = rendered
        event = sheet_event(revision, html)
        for stream in streams:
            stream.revision = revision
            self._offer(stream, event)

    def events(self, kind: Kind, revision: int, environ: dict, first: bytes) -> Iterator[bytes]:
        """What a stream's answer writes: ``first``, then each event, a heartbeat while
        nothing happens; it ends when the phone leaves or is dropped for not reading. The
        stream is held from its first write on, by whatever iterates the answer (the
        server's event loop), never by the thread that drew ``first``."""
        empty = self.waiting.empty_error()
        stream = self.open(kind, revision, environ)
        try:
            yield first
            while True:
                try:
                    event = stream.events.get(timeout=HEARTBEAT_SECONDS)
                except empty:
                    event = HEARTBEAT
                if event is None:
                    return
                yield event
        finally:
            self.close(stream)


def _data(text: str) -> str:
    # every line of the text its own data line (a lone CR ends a line too in an event stream)
    return "".join(f"data: {line}\n" for line in re.split(r"\r\n|\r|\n", text))


def sheet_event(revision: int, html: str) -> bytes:
    return f"id: {revision}\nevent: sheet\n{_data(html)}\n".encode()


def position_text(where: dict) -> str:
    if not where["configured"]:
        return "none"
    through = where["through"]
    return f"through={'' if through is None else through}; now={where['now']}; run={where['run']}"


def replica_event(where: dict) -> bytes:
    """How far the replica has caught up (see ``replica.position``): the phone forgets each
    round it stored once the replica has it."""
    return f"event: replica\ndata: {position_text(where)}\n\n".encode()


def opening(heartbeat: int = HEARTBEAT_SECONDS) -> bytes:
    """The stream's first words: how soon to reconnect, and that it is live (a page that
    hears nothing falls back to polling: a proxy in between holds the stream)."""
    return f"retry: {RETRY_MILLISECONDS}\nevent: hello\ndata: {heartbeat}\n\n".encode()


HEARTBEAT = b"event: beat\ndata: \n\n"
