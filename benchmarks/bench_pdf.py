"""The session sheet PDF against a bare WeasyPrint table of the same numbers, in one run.

    .venv/bin/python benchmarks/bench_pdf.py [--repeat 5]

Targets (issue 11): a 30-round, 8-player sheet in at most 1.5x the bare table's
time; a 500-round sheet under 2 s (4 players, as tables play it; 8 players is reported
beside it). The sheet's time is everything
``scorekeeper sheet GAME.json`` does: scoring the rounds with the engine, the
template and WeasyPrint (the web route reads the scores kept with the rounds
instead of scoring them again; the last line times that: the sheet from the
engine's answer). The bare table is the same numbers (each round's points and
running total per player) in a plain ``<table>`` with WeasyPrint's defaults.
Sheet and bare table are rendered in turns, so both see the same machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from weasyprint import HTML

from scorekeeper.printing.printable import build
from scorekeeper.printing.score_pdf import render_sheet
from scorekeeper.rules import game
from scorekeeper.rules.progress import played
from scorekeeper.storage.game_record import GameRecord

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
NAMES = ["Ana", "Ben", "Cem", "Dan", "Eve", "Fay", "Gus", "Hal"]


def rami_evening(rounds: int, players: int, seed: int = 2026) -> dict:
    """A Rami evening with a target no session reaches, every loser holding 0-3 cards."""
    rng = random.Random(seed)
    seats = NAMES[:players]
    facts = []
    for number in range(rounds):
        winner = seats[number % players]
        deck = [rank + suit for rank in RANKS for suit in "SHDC"]
        dealt = iter(rng.sample(deck, 3 * players))
        hands = {p: [next(dealt) for _ in range(rng.randint(0, 3))] for p in seats if p != winner}
        facts.append(
            {"winner": winner, "end": "out", "hands": hands, "opened": dict.fromkeys(seats, True)}
        )
    request = {
        "variant": "rami",
        "options": {"target": 100000},
        "players": seats,
        "dealer": seats[0],
        "rounds": facts,
    }
    return {"name": f"Benchmark, {rounds} rounds", "created": "2026-11-22", "game": request}


def printed(record: dict, **worked_out) -> GameRecord:
    """The evening as printing is handed it, at 0.05 EUR a point (``worked_out``: the
    engine's answer and states, as a stored game's record holds them)."""
    return GameRecord(
        game=record["game"],
        name=record["name"],
        created=record["created"],
        stake="0.05",
        currency="EUR",
        **worked_out,
    )


def bare_table(record: dict) -> str:
    request = record["game"]
    result = game(request)
    players = request["players"]
    running = dict.fromkeys(players, 0)
    rows = []
    for number, scored in enumerate(result["rounds"], start=1):
        cells = []
        for p in players:
            running[p] += scored["delta"][p]
            cells.append(f"<td>{scored['delta'][p]} ({running[p]})</td>")
        rows.append(f"<tr><td>{number}</td>{''.join(cells)}</tr>")
    head = "".join(f"<th>{p}</th>" for p in players)
    return f"<table><tr><th>#</th>{head}</tr>{''.join(rows)}</table>"


def median_seconds(works, repeat: int, clock=time.perf_counter) -> list[float]:
    """The median time of each piece of work, run in turns (one of each, then again), so a
    machine that gets busier or quieter during the run slows them alike."""
    times: list[list[float]] = [[] for _ in works]
    for _ in range(repeat):
        for work, taken in zip(works, times, strict=True):
            start = clock()
            work()
            taken.append(clock() - start)
    return [statistics.median(taken) for taken in times]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--sizes",
        default="30x8,500x4,500x8",
        help="the sheets to time, as ROUNDSxPLAYERS separated by commas (default: all three)",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time the CPU this process uses instead of the clock on the wall (rendering is "
        "single-threaded: on a busy shared machine this is the work itself, without the waits)",
    )
    args = parser.parse_args()
    sizes = set(args.sizes.split(","))
    clock = time.process_time if args.cpu else time.perf_counter
    render_sheet(printed(rami_evening(3, 3)), "a4", "en")  # fonts and styles, once
    print(f"Times: medians of {args.repeat}, {'CPU time' if args.cpu else 'wall clock'}.\n")
    print("| sheet | sheet (median) | bare table (median) | ratio | target |")
    print("|---|---|---|---|---|")
    for rounds, players, target in (
        (30, 8, "ratio <= 1.5"),
        (500, 4, "sheet < 2 s"),
        (500, 8, "(reported)"),
    ):
        if f"{rounds}x{players}" not in sizes:
            continue
        record = rami_evening(rounds, players)
        html = bare_table(record)
        sheet, bare = median_seconds(
            [
                lambda record=record: render_sheet(printed(record), "a4", "en"),
                lambda html=html: HTML(string=html).write_pdf(),
            ],
            args.repeat,
            clock,
        )
        print(
            f"| {rounds} rounds x {players} players | {sheet:.3f} s | {bare:.3f} s | {sheet / bare:.2f} | {target} |"
        )
    record = rami_evening(500, 4)
    # what the app keeps with the rounds: the engine's answer and the state after each round
    # (without the states, render_sheet would score the evening again for its running totals)
    answer, kept_states = played(record["game"])
    states = [state for _score, state in kept_states]
    built, kept = median_seconds(
        [
            lambda: build(printed(record), "0.05", 2),
            lambda: render_sheet(printed(record, result=answer, states=states), "a4", "en"),
        ],
        args.repeat,
        clock,
    )
    print(f"\n500 x 4, engine + sheet model only (no WeasyPrint): {built:.3f} s")
    print(f"500 x 4, the sheet from the engine's answer (no scoring): {kept:.3f} s")


if __name__ == "__main__":
    main()
