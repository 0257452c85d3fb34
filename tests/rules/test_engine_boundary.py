"""The engine is pure Python: it must import nothing of the web shell's."""

import subprocess
import sys

FORBIDDEN = ("flask", "flask_wtf", "flask_babel", "sqlite_utils", "weasyprint", "sqlite3", "segno")


def test_engine_imports_no_web_database_or_pdf_library():
    code = (
        "import sys\n"
        "from scorekeeper.rules import variants, check, arrange, score, game\n"
        "import scorekeeper.rules.melds, scorekeeper.rules.arranger\n"
        "import scorekeeper.rules.scoring, scorekeeper.rules.games\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
