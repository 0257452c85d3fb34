"""The Flask extensions the app and its blueprints share, created once here.

Blueprints import them from this module, never from :mod:`scorekeeper.app`, so
the factory and the views do not import each other.
"""

from __future__ import annotations

from flask_babel import Babel
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
babel = Babel()
