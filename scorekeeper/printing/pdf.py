"""PDF rendering with WeasyPrint, shared by the web app and the command line.

The fonts (DejaVu, embedded in every PDF) and the print stylesheet are loaded
once per process. Rendering takes one of a few slots (a bounded semaphore), so
printing a long sheet never occupies every server thread and round saves keep
going; finished PDFs are cached per (what was printed, its revision), so printing
the same sheet twice renders it once.
"""

from __future__ import annotations

import atexit
import gc
import threading
import zlib
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jinja2

from scorekeeper.language import formatting
from scorekeeper.settings import PROJECT_ROOT

TEMPLATES = PROJECT_ROOT / "templates"
RENDER_SLOTS = threading.BoundedSemaphore(2)
PAPERS = {"a4": "A4", "letter": "letter"}
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")

PRINT_CSS = """
@font-face { font-family: "Sheet Sans"; src: url("{font_dir}/DejaVuSans.ttf"); }
@font-face { font-family: "Sheet Sans"; font-weight: bold; src: url("{font_dir}/DejaVuSans-Bold.ttf"); }
@font-face { font-family: "Sheet Mono"; src: url("{font_dir}/DejaVuSansMono.ttf"); }
@font-face { font-family: "Sheet Mono"; font-weight: bold; src: url("{font_dir}/DejaVuSansMono-Bold.ttf"); }
@page {
  margin: 14mm 12mm 16mm;
  /* widths given, or WeasyPrint measures both boxes' content on every page to share it out */
  @bottom-left { content: string(sheet-name); font: 7.5pt "Sheet Sans"; color: #333; width: 85%; }
  @bottom-right { content: counter(page) " / " counter(pages); font: 7.5pt "Sheet Sans"; width: 15%; }
}
html { font-family: "Sheet Sans", sans-serif; font-size: 9pt; color: #000; }
h1 { font-size: 15pt; margin: 0 0 3pt; string-set: sheet-name content(); }
h2 { font-size: 11pt; margin: 10pt 0 3pt; break-after: avoid; }
p { margin: 2pt 0; }
.muted { color: #333; }
.red { color: #c00000; }
.rounds { break-inside: avoid; margin: 4pt 0 0; }
/* each block after the first fills a page of its own (score_pdf.page_rows): WeasyPrint then
   does not first try it in the space left under the one before, lay it out, and move it */
.rounds + .rounds { break-before: page; }
.rounds pre { font-family: "Sheet Mono", monospace; font-size: 1em; margin: 0; padding: 0 2pt; }
.rounds .heading { font-weight: bold; border-bottom: 0.9pt solid #000; }
.rounds .total { border-top: 0.9pt solid #000; border-bottom: none; }
/* a thin rule under every round line, rendered as one background, not a border per row */
.rounds .lines {
  background-image: linear-gradient(to bottom, transparent 92%, #aaa 92%);
  background-repeat: repeat;
}
table.grid { border-collapse: collapse; margin: 3pt 0; }
table.grid th, table.grid td { border: 0.5pt solid #444; padding: 2pt 5pt; text-align: left; }
table.grid td.num, table.grid th.num { text-align: right; }
.winner { font-weight: bold; }
table.pad { width: 100%; table-layout: fixed; }
table.pad th:first-child, table.pad td:first-child { width: 6%; }
table.pad td { height: 17pt; }
.suits { font-weight: normal; }
.appendix { font-size: 6.5pt; line-height: 1.25; white-space: pre-wrap; }
.chart { margin: 6pt 0; break-inside: avoid; }
"""

PAPER_CSS = "@page { size: %s; }"
ARCHIVAL_VARIANT = "pdf/a-3a"
# WeasyPrint writes one conformance claim; the PDF/UA one goes in beside it, as XMP
UNIVERSAL_ACCESS_XMP = "data:application/rdf+xml," + quote(
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
    '<rdf:Description rdf:about="" xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">'
    "<pdfuaid:part>1</pdfuaid:part></rdf:Description></rdf:RDF>"
)
SMALLEST_SIZE = 3.0
LINE_SPACING = 1.3


def line_height(size: float) -> float:
    return round(size * LINE_SPACING, 2)


def size_class(size: float) -> str:
    return f"size-{round(size * 100)}"


def _size_css() -> str:
    """One class per quarter point the round lines may take (pages carry no inline style)."""
    rules = []
    for quarter in range(int(SMALLEST_SIZE * 4), 8 * 4 + 3):
        size = quarter / 4
        height = line_height(size)
        rules.append(
            f".{size_class(size)} {{ font-size: {size}pt; line-height: {height}pt; }} "
            f".{size_class(size)} .lines {{ background-size: 100% {height}pt; }}"
        )
    return "\n".join(rules)


@cache
def templates() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    formatting.install(env)  # the words, filters and globals the app's pages have too
    return env


@cache
def _weasy() -> tuple[Any, Any, dict[str, Any]]:
    """WeasyPrint, its font configuration and the stylesheets: once per process."""
    # WeasyPrint loads with the first PDF: the app and the command line start without it
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    fonts = FontConfiguration()
    text = PRINT_CSS.replace("{font_dir}", FONT_DIR.as_uri()) + _size_css()
    base = CSS(string=text, font_config=fonts)
    papers = {
        name: CSS(string=PAPER_CSS % size, font_config=fonts) for name, size in PAPERS.items()
    }
    # dropped before the interpreter tears modules down, or its __del__ fails noisily at exit
    atexit.register(_weasy.cache_clear)
    return fonts, base, papers


class CollectorPause:
    """Python's cyclic garbage collector paused while any render runs, on again when the
    last one ends. WeasyPrint makes hundreds of thousands of short-lived objects and the
    collector kept walking them, a share of every sheet's time (benchmarks/README.md). Nearly
    all of them are freed as they go out of use anyway; the few cycles a render leaves (under
    1 MB for 500 rounds) wait for the next collection."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._renders = 0
        self._resume = False

    def __enter__(self) -> None:
        with self._lock:
            if self._renders == 0:
                self._resume = gc.isenabled()
                gc.disable()
            self._renders += 1

    def __exit__(self, *exc_info: object) -> None:
        with self._lock:
            self._renders -= 1
            if self._renders == 0 and self._resume:
                gc.enable()


COLLECTOR_PAUSE = CollectorPause()


def compress_streams_once(document: Any, pdf: Any) -> None:
    """WeasyPrint's finisher: every stream pydyf would compress, compressed here once, at
    zlib's default level.

    PDF/A requires a file identifier, and pydyf makes it by serialising every object a
    second time to hash it, compressing each page's content again, both times at level 9:
    compressing once, here, spares the second pass. Level 6 compresses a sheet's pages much
    faster than level 9, into a few per cent more bytes (benchmarks/README.md)."""
    import pydyf  # WeasyPrint's PDF writer, loaded with it (see _weasy)

    for stream in pdf.objects:
        if isinstance(stream, pydyf.Stream) and stream.compress:
            # the items joined as pydyf joins them (its own serialisation of each item)
            content = b"\n".join(pydyf._to_bytes(item) for item in stream.stream)
            stream.stream = [zlib.compress(content, zlib.Z_DEFAULT_COMPRESSION)]
            stream.extra["Filter"] = "/FlateDecode"
            stream.compress = False


def paper_of(value: object) -> str:
    """The paper asked for, A4 unless it names another we know."""
    return value if isinstance(value, str) and value in PAPERS else "a4"


def render(template: str, paper: str = "a4", **context: Any) -> bytes:
    """A template rendered to PDF bytes, within a render slot."""
    from weasyprint import HTML  # loaded with the first PDF (see _weasy)

    html = templates().get_template(template).render(**context)
    fonts, base, papers = _weasy()
    with RENDER_SLOTS, COLLECTOR_PAUSE:
        return HTML(string=html).write_pdf(
            stylesheets=[base, papers[paper_of(paper)]],
            font_config=fonts,
            # Sheets are kept for years and read aloud: PDF/A-3 at its accessible level A,
            # which tags the structure (headings, tables) for screen readers, and says
            # that it is also PDF/UA.
            pdf_variant=ARCHIVAL_VARIANT,
            xmp_metadata=[UNIVERSAL_ACCESS_XMP],
            finisher=compress_streams_once,
        )
