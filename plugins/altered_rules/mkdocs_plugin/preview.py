"""`make dev`: the live preview of the site in every language, for rules editors and translators
(issues 41, 43).

`mkdocs serve` previewed English alone (the French and Italian pages were 404), and a build error
never reached the browser: the page stayed stale and a reload hung until the error was fixed (its
server waits for a build that succeeds). Here one process builds each language as `mkdocs serve`
does (MkDocs' own build, each language with its own serve session: mkdocs_plugin/session.py), into
one folder served as the site is (`/en/`, `/fr/`, `/it/`, `/_sandbox/`), and:

- a save rebuilds the language the editor looked at last first, then the others; a request waits
  only for its own language's build, and only while it runs;
- a build that fails shows in each of that language's pages instead of the page: the file, the
  line and the message of each problem, framed in the page's language, every text escaped; the
  page reloads itself at the language's next build, so a good save brings the page back;
- files are watched with the system's notifications (inotify), not polled every half second.

    .venv/bin/python -m altered_rules.mkdocs_plugin.preview [--port 8000]
"""

from __future__ import annotations

import argparse
import html
import http.server
import logging
import mimetypes
import os
import posixpath
import re
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from mkdocs.commands.build import build as mkdocs_build
from mkdocs.config import load_config

from ..build_site import LANGUAGE_CONFIGS
from ..site_assets.sandbox import SandboxError, runtime_files, write_runtime
from ..strings import tr

log = logging.getLogger("altered_rules.preview")

# How long a request waits for its language's build, and a page's reload poll for the next one.
WAIT_SECONDS = 60.0
# A burst of saves (an editor's "save all", a formatter) is built once: the builds start this long
# after the last change seen.
SETTLE_SECONDS = 0.05
# Where each served page asks whether its language was built again (never a path of the site).
POLL_PATH = "/.altered-rules-preview/"
_PROBLEM = re.compile(r"^\s*(?:-\s+)?(?P<file>[^\s:][^:\n]*?\.(?:ya?ml|md|po|json|html)):(?P<line>\d+)(?::\d+)?:\s*(?P<message>.+)$")


@dataclass(frozen=True)
class Problem:
    """One problem of a failed build: the file and line it names (if any), and what it says."""

    file: str | None
    line: int | None
    message: str


def problems_of(text: str) -> list[Problem]:
    """The problems a build's error text names, one per `file:line: message` line; any other line
    (a heading such as "3 problem(s) in docs/en/editing.md:") is a problem without a place, kept
    as it is, so that nothing the build said is lost."""
    found: list[Problem] = []
    for raw in text.splitlines():
        if not raw.strip():
            continue
        match = _PROBLEM.match(raw)
        if match:
            found.append(Problem(match["file"], int(match["line"]), match["message"].strip()))
        else:
            found.append(Problem(None, None, raw.strip()))
    return found


def error_page(language: str, problems: list[Problem], poll: str) -> str:
    """The page shown instead of any page of a language whose last build failed: every text
    escaped, the frame in the page's language, and the script that reloads it at the next build."""
    rows = "\n".join(
        f'<tr><td class="file">{html.escape(p.file or "")}</td><td class="line">{p.line if p.line is not None else ""}</td>'
        f'<td class="message">{html.escape(p.message)}</td></tr>' for p in problems)
    title = html.escape(tr(language, "preview_failed"))
    return f"""<!doctype html>
<html lang="{html.escape(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2rem; line-height: 1.4; }}
h1 {{ color: #b00020; font-size: 1.4rem; }}
table {{ border-collapse: collapse; }}
th, td {{ border-bottom: 1px solid #ccc; padding: .3rem .6rem; text-align: left; vertical-align: top; }}
td.file, td.line {{ font-family: monospace; white-space: nowrap; }}
td.message {{ white-space: pre-wrap; }}
</style>
</head>
<body>
<main class="ar-preview-error" data-problems="{len(problems)}">
<h1>{title}</h1>
<p>{html.escape(tr(language, "preview_failed_intro"))}</p>
<table>
<thead><tr><th>{html.escape(tr(language, "preview_file"))}</th><th>{html.escape(tr(language, "preview_line"))}</th><th>{html.escape(tr(language, "preview_problem"))}</th></tr></thead>
<tbody>
{rows}
</tbody>
</table>
<p>{html.escape(tr(language, "preview_reloads"))}</p>
</main>
{reload_script(poll)}
</body>
</html>
"""


def reload_script(poll: str) -> str:
    """A page's script that asks the preview, again and again, whether its language was built
    again since the page was served (`poll` holds the build it was served from), and reloads it
    then: after a good save the page comes back, after a bad one the error shows."""
    return ("<script>(() => { const ask = () => fetch(" + _js_string(poll) + ", { cache: 'no-store' })"
            ".then((r) => r.text()).then((t) => { if (t === 'built') location.reload(); else ask(); })"
            ".catch(() => setTimeout(ask, 1000)); ask(); })();</script>")


def _js_string(text: str) -> str:
    """`text` as a JavaScript string literal that is safe inside a <script> element."""
    import json

    return json.dumps(text).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


@dataclass
class Language:
    """One language of the preview: its configuration, its folder, and its builds so far."""

    code: str
    config_file: Path
    site: Path
    builds: int = 0            # finished builds, good or failed
    pending: bool = True       # a build is asked for (or runs): its pages wait for it
    problems: list[Problem] | None = None   # the last build's, when it failed
    seconds: list[float] = field(default_factory=list)


class _Collected(logging.Handler):
    """MkDocs' errors and warnings while one build runs (a strict build stops on a warning, and
    says only "Aborted with 1 warnings in strict mode!": the warning itself is the problem)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


class Preview:
    """The preview's builds and what it serves (the server and the watcher call it)."""

    def __init__(self, project: Path, root: Path, address: str) -> None:
        self.project = project
        self.root = root
        self.address = address.rstrip("/")   # http://127.0.0.1:8000
        self.languages = {code: Language(code, project / config, root / code) for code, config in LANGUAGE_CONFIGS.items()}
        self.asked = next(iter(self.languages))   # the language a page was last asked in: built first
        self.changed = threading.Condition()
        self._plugins: Any = None    # the first configuration's plugins: the sessions live in them
        self._runtime: Any = None    # the sandbox runtime written in root/_sandbox/
        self.write_sandbox()

    # ---- builds ---------------------------------------------------------------------------
    def write_sandbox(self) -> None:
        """The sandbox's runtime beside the languages, as build_site writes it, when it changed."""
        try:
            found = runtime_files(self.project)[0]
            if found != self._runtime:
                write_runtime(self.project, self.root)
                self._runtime = found
        except SandboxError as exc:   # the sandbox page says it cannot start; the build says why
            log.warning(f"preview: the sandbox's runtime: {exc}")

    def build(self, code: str) -> None:
        """Build one language as `mkdocs serve` does; a failure is kept to be shown in its pages."""
        language = self.languages[code]
        collected = _Collected()
        logging.getLogger("mkdocs").addHandler(collected)
        start = time.perf_counter()
        problems: list[Problem] | None = None
        try:
            config = load_config(str(language.config_file), site_dir=str(language.site))
            if self._plugins is None:
                config.plugins.on_startup(command="serve", dirty=False)
                self._plugins = config.plugins
            config.site_url = f"{self.address}/{code}/"
            mkdocs_build(config, serve_url=config.site_url)
        except (Exception, SystemExit) as exc:   # whatever stopped it is the editor's to see
            said = [line for line in collected.lines if line.strip()]
            generic = str(exc).startswith("Aborted with")
            problems = [problem for line in said for problem in problems_of(line)]
            if not generic or not problems:
                problems += problems_of(str(exc) or type(exc).__name__)
        finally:
            logging.getLogger("mkdocs").removeHandler(collected)
        with self.changed:
            language.problems = problems
            language.builds += 1
            language.pending = False
            language.seconds.append(time.perf_counter() - start)
            self.changed.notify_all()
        state = "failed" if problems else "built"
        log.info(f"preview: {code} {state} in {language.seconds[-1]:.2f} s")

    def ask_all(self) -> None:
        """A file changed: every language is to be built again."""
        with self.changed:
            for language in self.languages.values():
                language.pending = True
            self.changed.notify_all()

    def next_pending(self) -> str | None:
        """The language to build next: the one asked for last, then the others in order."""
        with self.changed:
            order = [self.asked, *(code for code in self.languages if code != self.asked)]
            return next((code for code in order if self.languages[code].pending), None)

    def build_pending(self) -> None:
        """Build every pending language, the one asked for last first."""
        while (code := self.next_pending()) is not None:
            self.build(code)
        self.write_sandbox()

    def close(self) -> None:
        if self._plugins is not None:
            self._plugins.on_shutdown()

    # ---- what is served ------------------------------------------------------------------
    def wait_built(self, code: str) -> Language:
        """The language once no build of it is pending (at most WAIT_SECONDS)."""
        language = self.languages[code]
        with self.changed:
            self.asked = code
            self.changed.notify_all()
            self.changed.wait_for(lambda: not language.pending, timeout=WAIT_SECONDS)
        return language

    def wait_next(self, code: str, builds: int) -> bool:
        """Whether the language was built again after its build number `builds` (waits at most
        WAIT_SECONDS for it)."""
        language = self.languages[code]
        with self.changed:
            self.asked = code
            return self.changed.wait_for(lambda: language.builds > builds and not language.pending, timeout=WAIT_SECONDS)

    def respond(self, path: str) -> tuple[int, str, bytes, dict[str, str]]:
        """(status, content type, body, headers) for a GET of `path` (already unquoted)."""
        if path.startswith(POLL_PATH):
            parts = path[len(POLL_PATH):].split("/")
            if len(parts) == 2 and parts[0] in self.languages and parts[1].isdigit():
                built = self.wait_next(parts[0], int(parts[1]))
                return 200, "text/plain", b"built" if built else b"wait", {"Cache-Control": "no-store"}
            return 404, "text/plain", b"not found", {}
        if path in ("", "/"):
            return 302, "text/plain", b"", {"Location": f"/{next(iter(self.languages))}/"}
        relative = posixpath.normpath(path).lstrip("/")
        if relative.startswith("..") or "\0" in relative:
            return 404, "text/plain", b"not found", {}
        code = relative.split("/", 1)[0]
        language = self.languages.get(code)
        if language is not None:
            language = self.wait_built(code)
        target = self.root / relative
        if target.is_dir():
            if not path.endswith("/"):
                return 302, "text/plain", b"", {"Location": path + "/"}
            target = target / "index.html"
        page = path.endswith("/") or target.suffix == ".html"
        if language is not None and language.problems is not None and page:
            poll = f"{POLL_PATH}{code}/{language.builds}"
            return 500, "text/html; charset=utf-8", error_page(code, language.problems, poll).encode("utf-8"), {"Cache-Control": "no-store"}
        if not target.is_file():
            missing = self.root / code / "404.html" if language is not None else None
            if language is not None and missing is not None and missing.is_file() and page:
                return 404, "text/html; charset=utf-8", self._with_reload(missing.read_bytes(), language), {}
            return 404, "text/plain", b"not found", {}
        body = target.read_bytes()
        kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
        if kind == "text/html" and language is not None:
            return 200, "text/html; charset=utf-8", self._with_reload(body, language), {"Cache-Control": "no-store"}
        return 200, kind, body, {"Cache-Control": "no-store"}

    def _with_reload(self, body: bytes, language: Language) -> bytes:
        script = reload_script(f"{POLL_PATH}{language.code}/{language.builds}").encode("utf-8")
        end = body.rfind(b"</body>")
        return body + script if end < 0 else body[:end] + script + body[end:]


def _handler(preview: Preview) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the base class's name
            path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
            status, kind, body, headers = preview.respond(path)
            try:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):   # the browser left (a reload)
                pass

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            pass

    return Handler


def _editor_scratch(name: str) -> bool:
    """A file an editor writes beside the one it saves (a swap or backup file): no input."""
    return name.startswith((".", "#")) or name.endswith(("~", ".swp", ".swx", ".tmp"))


def watch(preview: Preview, on_change: Callable[[], None]) -> Any:
    """Watch what the site is built from (the glossary, docs/, the configuration files): each
    change calls `on_change`. Nothing else of the project's folder is watched (a log written
    there, the site, .git): a build that wrote there would start another. Returns the observer."""
    from watchdog.events import FileSystemEventHandler
    from watchdog.observers import Observer

    configs = {language.config_file.name for language in preview.languages.values()}

    class Changed(FileSystemEventHandler):
        def __init__(self, only: set[str] | None = None) -> None:
            self.only = only   # the names that count, for the project's own folder

        def on_any_event(self, event: Any) -> None:
            if event.event_type in ("opened", "closed", "closed_no_write") or event.is_directory and event.event_type == "modified":
                return
            paths = [event.src_path, getattr(event, "dest_path", "") or ""]
            names = [os.path.basename(os.fsdecode(path)) for path in paths if path]
            if self.only is not None:
                if any(name in self.only for name in names):
                    on_change()
            elif any(not _editor_scratch(name) for name in names):
                on_change()

    observer = Observer()
    for folder in ("glossary", "docs"):
        if (preview.project / folder).is_dir():
            observer.schedule(Changed(), str(preview.project / folder), recursive=True)
    observer.schedule(Changed(configs), str(preview.project), recursive=False)   # mkdocs*.yml
    observer.start()
    return observer


@dataclass
class Running:
    """A preview serving and watching (start), until stop()."""

    preview: Preview
    server: http.server.ThreadingHTTPServer
    observer: Any
    threads: list[threading.Thread]
    stopping: threading.Event

    @property
    def url(self) -> str:
        return self.preview.address

    def stop(self) -> None:
        self.stopping.set()
        with self.preview.changed:
            self.preview.changed.notify_all()
        self.observer.stop()
        self.server.shutdown()
        self.server.server_close()
        for thread in self.threads:
            thread.join(timeout=30)
        self.observer.join(timeout=10)
        self.preview.close()


def start(project: Path, root: Path, host: str = "127.0.0.1", port: int = 8000) -> Running:
    """Serve the preview on host:port (0: a free port), build every language, and rebuild on saves."""
    server = http.server.ThreadingHTTPServer((host, port), http.server.BaseHTTPRequestHandler)
    address = f"http://{host}:{server.server_address[1]}"
    preview = Preview(project, root, address)
    server.RequestHandlerClass = _handler(preview)
    server.daemon_threads = True
    stopping = threading.Event()
    seen = {"at": 0.0, "count": 0}

    def changed() -> None:
        with preview.changed:
            seen["at"], seen["count"] = time.monotonic(), seen["count"] + 1
            preview.changed.notify_all()

    def builds() -> None:
        done = 0
        while not stopping.is_set():
            preview.build_pending()
            with preview.changed:
                preview.changed.wait_for(lambda waited=done: seen["count"] > waited or stopping.is_set())  # type: ignore[misc]
                if stopping.is_set():
                    return
            while time.monotonic() - seen["at"] < SETTLE_SECONDS:   # a burst of saves: built once
                time.sleep(SETTLE_SECONDS)
            done = int(seen["count"])
            preview.ask_all()

    observer = watch(preview, changed)
    threads = [threading.Thread(target=server.serve_forever, daemon=True, name="preview-server"),
               threading.Thread(target=builds, daemon=True, name="preview-builds")]
    for thread in threads:
        thread.start()
    return Running(preview, server, observer, threads, stopping)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m altered_rules.mkdocs_plugin.preview",
                                     description="The live preview of the site in every language (make dev).")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)-8s-  %(message)s")   # as MkDocs writes them
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    with tempfile.TemporaryDirectory(prefix="altered-rules-preview-") as root:
        running = start(Path.cwd(), Path(root), args.host, args.port)
        print(f"Previewing the site on {running.url}/en/ ({', '.join(f'/{code}/' for code in running.preview.languages)}); "
              "Ctrl-C to stop", flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
        finally:
            running.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
