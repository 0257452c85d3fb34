"""The web tests' fixtures are in tests/web/conftest.py, their shared steps in tests/web/sessions.py."""
