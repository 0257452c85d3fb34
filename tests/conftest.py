"""The web tests' fixtures are in tests/web/conftest.py, their shared steps in tests/web/sessions.py.

This import stays only while tests written before the move still import the steps from here.
"""

from tests.web.sessions import start_game, view_link  # noqa: F401
