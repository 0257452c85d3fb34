"""Agreement with OpenSpiel's gin_rummy: how many played-out hands score the same.

.venv/bin/python benchmarks/bench_openspiel_gin.py --hands 5000 --seed 2026
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.openspiel_gin import agree  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    started, cpu = time.perf_counter(), time.process_time()
    found = agree(args.hands, args.seed)
    print(f"load average before: {load:.1f}")
    print(f"hands played to a knock: {args.hands}")
    print(f"agree with OpenSpiel: {found.agreed}")
    print(f"ties, OpenSpiel 0 and ours the undercut (VARIANTS.md): {found.ties}")
    print(f"disagree: {len(found.wrong)}")
    print(f"with lay-offs: {found.lay_offs}; gin: {found.gins}; undercuts: {found.undercuts}")
    print(f"time: {time.perf_counter() - started:.1f} s, cpu {time.process_time() - cpu:.1f} s")
    for hand in found.wrong[:5]:
        print(hand)


if __name__ == "__main__":
    main()
