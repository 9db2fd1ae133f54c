"""Build the whole site: one MkDocs build per language, then the root page.

`python -m altered_rules.build_site` is what `make site` runs. Each language
is a strict build (`mkdocs build --strict`) into site/<language>/,
site/index.html leads to the English site, and site/_sandbox/ holds the judge's sandbox
runtime, shared by the languages.

`--no-symlinks` (the publishing workflow, .github/workflows/pages.yml) replaces the links the
build makes between releases' folders by copies: GitHub Pages and some hosts serve no symlink.
`ALTERED_RULES_SITE_URL` (the published address, e.g. https://example.org/altered-rules/) gives
each language its `site_url` (the address plus `en/`, `fr/`, `it/`) for sitemaps, feeds and
canonical links. Without it the build uses the local address (LOCAL_SITE_URL, where `make serve`
serves the site) and says so; `--publish` (the publishing workflow) refuses to build without a
published address rather than ship feeds and canonical links that lead to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path
from urllib.parse import urlsplit

from .languages import DECLARED
from .site_assets.sandbox import SandboxError, write_runtime

SITE_URL_ENV = "ALTERED_RULES_SITE_URL"          # the published address, all languages
LANGUAGE_URL_ENV = "ALTERED_RULES_LANGUAGE_URL"  # one language's site_url (read by mkdocs*.yml)
LOCAL_SITE_URL = "http://127.0.0.1:8000/"        # where `make serve` serves site/ (mkdocs*.yml say it too)
_LOOPBACK = {"127.0.0.1", "localhost", "::1", "0.0.0.0"}


class AddressError(Exception):
    """The site's address is missing for a build for publishing, or is no address at all."""


def site_address(environ: dict[str, str] | os._Environ, publish: bool) -> tuple[str, str]:
    """The address the site is built for and where it comes from: ALTERED_RULES_SITE_URL, or the
    local one. Raises AddressError for a build for publishing without a published address, or for
    a value that is no absolute http(s) address."""
    given = environ.get(SITE_URL_ENV, "").strip()
    if not given:
        if publish:
            raise AddressError(f"a build for publishing (--publish) needs {SITE_URL_ENV}, the address the site is "
                               f"published at (e.g. {SITE_URL_ENV}=https://example.org/altered-rules/): without it the "
                               f"Atom feeds, sitemaps and canonical links would point at {LOCAL_SITE_URL}; nothing was built")
        return LOCAL_SITE_URL, f"the local address: {SITE_URL_ENV} is not set"
    parts = urlsplit(given)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise AddressError(f"{SITE_URL_ENV}={given!r} is no absolute address; write it whole, with http:// or https:// "
                           "(e.g. https://example.org/altered-rules/); nothing was built")
    if publish and parts.hostname in _LOOPBACK:
        raise AddressError(f"{SITE_URL_ENV}={given!r} is this machine's address, which no reader can reach; a build "
                           "for publishing (--publish) needs the address the site is published at; nothing was built")
    return given.rstrip("/") + "/", SITE_URL_ENV

# Each language's MkDocs configuration (the French and Italian ones inherit mkdocs.yml).
LANGUAGE_CONFIGS: dict[str, str] = {language.code: language.config for language in DECLARED}

ROOT_INDEX = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Altered Rules</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="canonical" href="en/">
<meta http-equiv="refresh" content="0; url=en/">
</head>
<body>
<p><a href="en/">Altered Rules (English)</a></p>
</body>
</html>
"""


def build(project: Path, site: Path | None = None, publish: bool = False) -> int:
    """Build every language into `site` (default: project/site); return a process exit code.
    `publish`: a build for publishing, refused without a published address (site_address)."""
    site = site or project / "site"
    try:
        address, origin = site_address(os.environ, publish)
    except AddressError as exc:
        print(f"build_site: {exc}", file=sys.stderr)
        return 2
    # The address goes into every feed, sitemap and canonical link: the build says which it used.
    print(f"build_site: the site's address is {address} ({origin}); feeds, sitemaps and canonical links use it",
          flush=True)
    # The site carries no date (the sitemap has no <lastmod>, its gzip no time stamp): two builds
    # of one commit are byte-identical whatever the clock, SOURCE_DATE_EPOCH or the checkout's path.
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    # The judge's sandbox runtime, once beside the languages (site/_sandbox/): the same for each,
    # written first so that every language's page points at these very files (the language builds
    # of this process link to the runtime written: sandbox.runtime). If it cannot be written, the
    # language builds say why, after any mistake in the glossary.
    try:
        write_runtime(project, site)
    except SandboxError:
        pass
    # The languages verify the glossary once between them: they share this process (mkdocs_build),
    # which keeps the last passing verification (verification/checks.py, verify_glossary_once).
    for language, config in LANGUAGE_CONFIGS.items():
        env[LANGUAGE_URL_ENV] = f"{address}{language}/"
        arguments = ["build", "--strict", "--clean", "-f", str(project / config), "-d", str(site / language)]
        print(f"build_site: {language}: mkdocs {' '.join(arguments)}", flush=True)
        # NO_MKDOCS_2_WARNING: Material prints an end-of-life banner on every build; it is known (issue 2).
        code = mkdocs_build(arguments, project, env)
        if code != 0:
            print(f"build_site: the {language} build failed", file=sys.stderr)
            return code
    (site / "index.html").write_text(ROOT_INDEX, encoding="utf-8")
    return 0


def mkdocs_build(arguments: list[str], project: Path, env: dict[str, str]) -> int:
    """`mkdocs <arguments>` run in this process, in `project` with `env` as its environment, as
    its command line runs it (the same messages, the same exit code); everything it changes in
    the process is put back after it: the folder, the environment, MkDocs's loggers and warning
    filters (its filter of repeated messages would otherwise hide a warning of one language's
    strict build that an earlier language's build gave).

    The languages share this process rather than each starting one (issue 29): Python, MkDocs,
    Material and the plugin are imported once, and each glossary file is parsed once for the
    site (content/glossary/reading.py keeps what it read, by content), where three processes
    did all of it three times: about a third of what the plugin cost beyond a plain build."""
    import logging
    import warnings

    from mkdocs.__main__ import cli
    from mkdocs.commands import build as mkdocs_commands

    loggers = [logging.getLogger(name) for name in ("mkdocs", mkdocs_commands.log.name)]
    kept = [(logger, list(logger.handlers), list(logger.filters), logger.level, logger.propagate) for logger in loggers]
    folder, environment = os.getcwd(), dict(os.environ)
    sys.stdout.flush()
    try:
        os.chdir(project)
        _set_environment(env)
        with warnings.catch_warnings():
            try:
                cli.main(args=arguments, prog_name="mkdocs", standalone_mode=True)
            except SystemExit as exc:   # the command line's way to give its exit code
                return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
            return 0
    finally:
        os.chdir(folder)
        _set_environment(environment)
        for logger, handlers, filters, level, propagate in kept:
            logger.handlers[:], logger.filters[:] = handlers, filters
            logger.setLevel(level)
            logger.propagate = propagate
        sys.stdout.flush()
        sys.stderr.flush()


def _set_environment(values: dict[str, str]) -> None:
    """This process's environment made `values`, key by key (never empty in between)."""
    for key in [key for key in os.environ if key not in values]:
        del os.environ[key]
    os.environ.update(values)


class LinkError(Exception):
    """A symlink in the site that points outside it (or nowhere): never copied in."""


def replace_links(site: Path) -> int:
    """Replace every symlink under `site` by a copy of what it points at; the number replaced.
    A link that leaves `site` or points nowhere is refused, naming it: nothing from outside the
    site may be copied into what gets published."""
    site = site.resolve()
    count = 0
    for folder, directories, names in os.walk(site):
        for name in sorted(directories + names):
            path = Path(folder) / name
            if not path.is_symlink():
                continue
            target = path.resolve()
            if not target.exists() or not target.is_relative_to(site):
                raise LinkError(f"{path}: a symlink to {os.readlink(path)}, which is not inside {site}")
            path.unlink()
            if target.is_dir():
                shutil.copytree(target, path, symlinks=False)
            else:
                shutil.copy2(target, path)
            count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m altered_rules.build_site", description="Build the site in three languages into site/.")
    parser.add_argument("--no-symlinks", action="store_true",
                        help="replace the symlinks the build makes by copies (for hosts that serve none, such as GitHub Pages)")
    parser.add_argument("--publish", action="store_true",
                        help=f"a build for publishing: refused unless {SITE_URL_ENV} gives the published address")
    args = parser.parse_args(argv)
    project = Path.cwd()
    code = build(project, publish=args.publish)
    if code == 0 and args.no_symlinks:
        try:
            print(f"build_site: {replace_links(project / 'site')} symlink(s) replaced by copies", flush=True)
        except LinkError as exc:
            print(f"build_site: {exc}", file=sys.stderr)
            return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
