"""The worker `scorekeeper serve` runs, built as gunicorn builds it (in a process of its own:
what it does to the garbage collector is for the whole process)."""

import json
import os
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]

LOADED_WORKER = """
import gc, json, os
from gunicorn.glogging import Logger
from scorekeeper.serving.gunicorn_worker import worker_class
from scorekeeper.serving.server import _Gunicorn
from scorekeeper.web.photos import stop_reader

served = _Gunicorn({"threads": 2})
worker = worker_class(15, 1024)(1, os.getpid(), [], served, 30, served.cfg, Logger(served.cfg))
before = gc.get_freeze_count()
worker.load_wsgi()
after = gc.get_freeze_count()
loose = len(gc.get_objects())
stop_reader()
env = served.callable.jinja_env  # the app gunicorn loaded for this worker
pages = env.list_templates(extensions=["html"])
compiled = sorted({name for _loader, name in env.cache.keys()} & set(pages))
print(json.dumps({"before": before, "after": after, "loose": loose, "pages": sorted(pages),
                  "compiled": compiled}))
"""


def loaded_worker(tmp_path) -> dict:
    """What LOADED_WORKER reports of a worker it loaded in a process of its own."""
    environment = {
        **os.environ,
        "PYTHONPATH": str(PROJECT),
        "SCOREKEEPER_DATABASE": str(tmp_path / "worker.sqlite"),
        "SCOREKEEPER_SECRET_KEY": "k" * 64,
    }
    answer = subprocess.run(
        [sys.executable, "-c", LOADED_WORKER],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(answer.stdout.strip().splitlines()[-1])


def test_a_loaded_worker_keeps_what_it_loaded_out_of_the_collectors_full_passes(tmp_path):
    """The app a worker loads is tens of thousands of objects that live as long as the
    worker: a full collection that walks them all lands in the middle of a request. Once
    loaded, they are frozen (gc.freeze): the objects a full pass still walks are the few
    made since."""
    found = loaded_worker(tmp_path)
    assert found["before"] == 0
    # the app, the rules and the reader are far more than ten thousand objects
    assert found["after"] > 10_000
    assert found["loose"] < found["after"] / 10


def test_a_loaded_worker_has_compiled_every_page_template(tmp_path):
    """A worker compiles each template the first time it renders it: a fresh worker's first
    save waited for it. Every page template is compiled as the worker loads, before its
    first request (and frozen with the rest)."""
    found = loaded_worker(tmp_path)
    assert "session.html" in found["pages"] and "round_form.html" in found["pages"]
    assert found["compiled"] == found["pages"]
