"""A serve session's compiled templates (pages/served_pages.py, issue 29): MkDocs makes a new Jinja
environment for every rebuild; the session compiles a template only when its source or the
environment's syntax changed, and every other rebuild draws with the code compiled before."""

from __future__ import annotations

import jinja2

from altered_rules.pages.served_pages import CompiledTemplates


def _environment(templates: CompiledTemplates, sources: dict[str, str], **options) -> jinja2.Environment:
    """What MkDocs does at each rebuild: a new environment over the same files."""
    return jinja2.Environment(loader=jinja2.DictLoader(sources), auto_reload=False, bytecode_cache=templates, **options)


def test_an_unchanged_template_is_not_compiled_again_in_a_new_environment():
    templates = CompiledTemplates()
    sources = {"page.html": "<p>{{ title }}</p>"}
    assert _environment(templates, sources).get_template("page.html").render(title="A") == "<p>A</p>"
    assert templates.compiled == 1
    assert _environment(templates, sources).get_template("page.html").render(title="B") == "<p>B</p>"
    assert templates.compiled == 1


def test_an_edited_template_is_compiled_again_and_draws_its_new_source():
    templates = CompiledTemplates()
    sources = {"page.html": "<p>{{ title }}</p>"}
    _environment(templates, sources).get_template("page.html").render(title="A")
    sources["page.html"] = "<h1>{{ title }}</h1>"
    assert _environment(templates, sources).get_template("page.html").render(title="A") == "<h1>A</h1>"
    assert templates.compiled == 2


def test_another_syntax_setting_compiles_the_same_source_again():
    templates = CompiledTemplates()
    sources = {"page.html": "{% if x %}\nyes{% endif %}"}
    assert _environment(templates, sources).get_template("page.html").render(x=True) == "\nyes"
    assert _environment(templates, sources, trim_blocks=True).get_template("page.html").render(x=True) == "yes"
    assert templates.compiled == 2
