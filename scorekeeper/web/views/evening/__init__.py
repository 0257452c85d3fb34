"""The end of an evening, a module per feature, all on the one ``evening`` blueprint.

The settlement with the evening's name and stake, export and import, blank score pads,
and the statistics with table groups. Settlement and the session's name show on the
session page through the ``evening_block`` template global, so the session view stays as
it is.
"""

from . import export, imports, pads, settlement, stats
from .blueprint import bp

__all__ = ["bp", "export", "imports", "pads", "settlement", "stats"]
