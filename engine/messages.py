"""What the engine says, as data: a message id with typed parameters, never a finished sentence.

A `Message` is an id ("dusk.fails_to_move") and its parameters, each a typed value:

    Player("Alice")          a player's name, shown as given
    Card("Kuwat")            an object's or card's name, as the rules quote it (2.2.3.c); a page
                             may show its printed French or Italian name beside it
    Quote("When I ...")      card text or a reading, quoted as printed (English)
    Term("hero")             a word of the game's vocabulary (a zone, a region type, an expedition,
                             a phase...): each language's catalogue says it, `term.<value>`
    Reading("...")           a reading of an open question, by its label (`reading.<label>`)
    Rules(("4.2.4.c",))      rule numbers
    Items((...,))            a list, joined the language's way ("a, b and c")
    int                      a number; a sentence may choose its words by its plural category
    Message                  a clause told by another message (a reason, a consequence)

The sentences live in catalogues, one per language: English (the source) in `engine.catalogue`,
the translations in plugins/altered_rules/strings/engine/ (the translators' flow of the interface
strings). `render` fills a catalogue's template, in the standard library only, so the sandbox can
render in the browser too. Template syntax:

    {player}                     a parameter
    {zone:of}                    a form of a Term: the catalogue's `term.<value>:of`, else `term.<value>`
    {reasons:clauses}            a list of clauses, joined by `list.clauses` ("; ")
    {limit:grouped}              a number with its thousands grouped the language's way (`number.group`,
                                 one thousand as the language writes it: "1,000", "1\u202f000")
    contractions                 "de le >du ;à le >au ": applied to each sentence rendered
    {player:de}                  a form of a name: the catalogue's `form.de`, "de {}|d'{}" (the second
                                 before a vowel of `form.vowels`): "de Bob", "d'Alice"
    {n, plural, one {# card} other {# cards}}    the form of n's CLDR plural category ("#" is n)
"""

from __future__ import annotations

import ast
import functools
import re
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Union

__all__ = ["check_params", "cldr_plural", "typed_key", "Renderer", "Player", "Card", "Quote", "Term", "Reading", "English", "Rules", "Items", "Message", "Param", "msg", "render", "english_plural", "param_json"]


class Player(str):
    """A player's name."""


class Card(str):
    """An object's or card's name, as the rules quote it (2.2.3.c)."""


class Quote(str):
    """Card text, a reading or a question quoted as printed: never translated."""


class Term(str):
    """A word of the game's vocabulary, said by each catalogue (`term.<value>`)."""


class English(str):
    """A finished English sentence no catalogue says: only an error raised with a str (a reader's
    error about its input file) carries one. Shown as it is; the pseudo-locale test reports any
    that reaches a page (tests/test_pseudo_locale.py)."""


class Reading(str):
    """A reading of an open question (engine.readings), by its label: each catalogue says it
    (`reading.<label>`); an order of abilities, "A, then B", names them (`reading.then`)."""


class _Values(tuple[Any, ...]):
    """A parameter holding several values: a tuple of its own kind, made as cheaply as a tuple (most
    lines of a Dusk hold a list), equal only to the same kind with the same values, and frozen."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return other.__class__ is self.__class__ and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        return f"{type(self).__name__}({tuple(self)!r})"


class Rules(_Values):
    """Rule numbers: Rules(("4.2.4.c",))."""

    __slots__ = ()

    @property
    def numbers(self) -> tuple[str, ...]:
        return self


class Items(_Values):
    """A list, joined the language's way: Items((Player("A"), Player("B")))."""

    __slots__ = ()

    @property
    def items(self) -> tuple["Param", ...]:
        return self


Param = Union[Player, Card, Quote, Term, Reading, English, Rules, Items, int, "Message"]
_PARAM_CLASSES = (str, int, Rules, Items, tuple)  # tuple: a Message (a named tuple)

_TYPES = ((Player, "player"), (Card, "card"), (Quote, "quote"), (Term, "term"), (Reading, "reading"), (English, "english"))
_TYPE_NAMES: dict[type, str] = dict(_TYPES)
# Parameters said as they are when no form is asked (a Card may add its printed name, a Term or a
# Reading is the catalogue's): Renderer.value's first test.
_SAID_AS_GIVEN = frozenset({Player, Quote, English, int})


class Message(NamedTuple):
    """A message: its id and its parameters by name. A named tuple holding the dict of the keyword
    arguments `msg` was called with, as it was given: the engine makes one for every line of every
    trace, most never shown, so making one copies nothing and checks nothing (`check_params` does,
    where a message is used). A message is a value: its parameters are never changed after it is
    made (a message may be shared, e.g. `Expedition.said`)."""

    id: str
    params: Mapping[str, "Param"] = {}

    def get(self, name: str) -> "Param":
        return self.params[name]

    def __hash__(self) -> int:
        # Equal messages (the same id, the same parameters in any order) hash alike; the dict of
        # parameters itself is not hashable.
        return hash((self.id, frozenset(self.params.items())))

    def to_json(self) -> dict[str, object]:
        """The message as data: its id and each parameter with its type."""
        check_params(self)
        return {"id": self.id, "params": {k: param_json(v) for k, v in self.params.items()}}


_new_message = tuple.__new__


def msg(id: str, **params: Param) -> Message:
    """A message: `msg("day.takes_turn", player=Player("Alice"))`. A parameter is typed (see the
    module's docstring): a bare str would be a finished English phrase, which no catalogue says.
    The engine makes one for every line of every trace, most never shown, so the keyword arguments'
    dict is kept as it is and the types are checked where a message is used (`Renderer`,
    `to_json`: `check_params`), not here: checking here made a Dusk nearly twice as slow, and
    copying the parameters into (name, value) pairs, as msg once did, was among a Dusk's larger costs."""
    return _new_message(Message, (id, params))


def check_params(message: Message) -> None:
    """TypeError naming the message and the parameter that is a bare str or no parameter type."""
    for value in message.params.values():
        if value.__class__ is str or value.__class__ is bool or not isinstance(value, _PARAM_CLASSES):
            _refuse(message.id, message.params)


def _refuse(id: str, params: Mapping[str, object]) -> None:
    for key, value in params.items():
        if type(value) is str:
            raise TypeError(f"message {id!r}: parameter {key!r} is a bare str; give it a type (Player, Card, Quote, Term)")
        if type(value) is bool or not isinstance(value, _PARAM_CLASSES):
            raise TypeError(f"message {id!r}: parameter {key!r} is not a message parameter: {value!r}")


def typed_key(value: "Param") -> tuple[object, ...]:
    """A message (or parameter) as a key that tells its parameters' types apart and keeps their
    order: a Card and a Term of the same text are equal strings, but they are said differently. Two
    messages with the same key say the same in every language and are the same JSON (to_json)."""
    if isinstance(value, Message):
        return (Message, value.id, tuple((name, typed_key(param)) for name, param in value.params.items()))
    if isinstance(value, Items):
        return (Items, tuple(typed_key(item) for item in value.items))
    return (value.__class__, value)


def param_json(value: Param) -> object:
    named = _TYPE_NAMES.get(value.__class__)   # most parameters: a name or a word, as its exact type
    if named is not None:
        return {"type": named, "value": str(value)}
    if isinstance(value, Message):
        return {"type": "message", "value": value.to_json()}
    if isinstance(value, Rules):
        return {"type": "rules", "value": list(value.numbers)}
    if isinstance(value, Items):
        return {"type": "items", "value": [param_json(v) for v in value.items]}
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError(f"not a message parameter: {value!r}")
    if isinstance(value, int):
        return {"type": "number", "value": value}
    for cls, name in _TYPES:
        if isinstance(value, cls):
            return {"type": name, "value": str(value)}
    raise TypeError(f"not a message parameter: {value!r}")


def english_plural(n: int) -> str:
    """CLDR's English plural category of a whole number (the plugin uses Babel's rules for every
    language; the engine's own English text, standard library only, needs this one)."""
    return "one" if n == 1 else "other"


def cldr_plural(rules: Iterable[tuple[str, str]]) -> Callable[[int], str]:
    """A language's CLDR plural rule for whole numbers, from its rules as Babel compiles them:
    (category, expression) pairs such as ("one", "IN(i, [(0, 0),(1, 1)])"). The expressions are
    read into a tree once and evaluated by walking it (no eval): only the names, calls and
    operators of Babel's output are accepted, so the sandbox needs no Babel and runs no code."""
    compiled = [(tag, ast.parse(expression, mode="eval").body) for tag, expression in rules]
    known: dict[int, str] = {}   # a number's category, walked once: traces say the same few numbers

    def category(n: int) -> str:
        tag = known.get(n)
        if tag is None:
            tag = _category(compiled, n)
            if len(known) < _KNOWN_LIMIT:
                known[n] = tag
        return tag

    return category


_KNOWN_LIMIT = 10_000   # numbers whose category is kept (memory stays bounded whatever is said)


def _category(compiled: list[tuple[str, ast.expr]], n: int) -> str:
    operands = {"n": abs(n), "i": abs(n), "v": 0, "w": 0, "f": 0, "t": 0, "c": 0, "e": 0}
    for tag, tree in compiled:
        if _evaluate(tree, operands):
            return tag
    return "other"


def _evaluate(node: ast.AST, operands: Mapping[str, int]) -> object:
    if isinstance(node, ast.BoolOp):
        values = (_evaluate(v, operands) for v in node.values)
        return all(values) if isinstance(node.op, ast.And) else any(values)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return not _evaluate(node.operand, operands)
    if isinstance(node, ast.Name) and node.id in operands:
        return operands[node.id]
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_evaluate(e, operands) for e in node.elts]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 2:
        left, right = (_evaluate(a, operands) for a in node.args)
        if node.func.id in ("IN", "WITHIN"):
            return any(low <= left <= high for low, high in right)  # type: ignore[attr-defined]
        if node.func.id == "MOD":
            return left % right  # type: ignore[operator]
    raise ValueError(f"not a CLDR plural rule as Babel compiles it: {ast.dump(node)[:80]}")


_PLURAL = re.compile(r"\{(\w+), plural,((?:\s*[a-z=0-9]+\s*\{[^{}]*\})+)\s*\}")
_FORM = re.compile(r"([a-z=0-9]+)\s*\{([^{}]*)\}")
_FIELD = re.compile(r"\{(\w+)(?::(\w+))?\}")


@functools.lru_cache(maxsize=1024)
def _forms(choices: str) -> dict[str, str]:
    """A plural's forms by category ("one {# card} other {# cards}"), read once per catalogue text.
    Callers only read the dict."""
    return dict(_FORM.findall(choices))


_TEXT_PART, _FIELD_PART, _PLURAL_PART = "text", "field", "plural"
_Part = tuple[str, str, object]   # (_TEXT_PART, text, None), (_FIELD_PART, name, form), (_PLURAL_PART, name, forms)


@functools.lru_cache(maxsize=4096)
def _parts(template: str) -> tuple[_Part, ...] | None:
    """A template read once into its text, fields and plurals, in order: filling it then joins them,
    where its regexes took two passes a message (a trace says thousands). None where a brace of its
    text outside a field could meet a plural's words and make a field of them ("{{n, plural, ...}}"):
    that template is filled by its regexes (Renderer._fill_as_written), which would find it."""
    chunks: list[_Part] = []
    at = 0
    for found in _PLURAL.finditer(template):
        chunks += [(_TEXT_PART, template[at:found.start()], None), (_PLURAL_PART, found.group(1), _forms(found.group(2)))]
        at = found.end()
    chunks.append((_TEXT_PART, template[at:], None))
    parts: list[_Part] = []
    for kind, text, forms in chunks:
        if kind is _PLURAL_PART:
            parts.append((kind, text, forms))
            continue
        if len(chunks) > 1 and ("{" in _FIELD.sub("", text) or "}" in _FIELD.sub("", text)):
            return None
        at = 0
        for found in _FIELD.finditer(text):
            parts += [(_TEXT_PART, text[at:found.start()], None), (_FIELD_PART, found.group(1), found.group(2))]
            at = found.end()
        parts.append((_TEXT_PART, text[at:], None))
    return tuple(part for part in parts if part[0] is not _TEXT_PART or part[1])


class Renderer:
    """Renders messages with one language's catalogue (id or `term.<value>` -> template) and its
    plural rule (a number -> its CLDR category). `card_names` (English name -> printed name), when
    given, adds a card's printed name beside the rules' name. A missing id raises KeyError."""

    def __init__(self, catalogue: Mapping[str, str], plural: Callable[[int], str] = english_plural,
                 card_names: Mapping[str, str] | None = None) -> None:
        self.catalogue = catalogue
        self.plural = plural
        self.card_names = card_names or {}
        # A language's contractions, "de le >du ;à le >au ": a preposition of a template meets the
        # article of a Term's form ("de" + "le Deck" -> "du Deck", "da" + "la Riserva" -> "dalla Riserva").
        pairs = [p.split(">", 1) for p in catalogue.get("contractions", "").split(";") if ">" in p]
        self.contractions = dict(pairs)
        self._contract = (re.compile(r"(?<![\w'])(" + "|".join(re.escape(a) for a in sorted(self.contractions, key=len, reverse=True)) + ")")
                          if pairs else None)

    def __call__(self, message: Message) -> str:
        return self.line(message)

    def line(self, message: Message) -> str:
        """A message as a sentence of its own (a trace line): its first letter a capital."""
        text = self.render(message)
        return text[:1].upper() + text[1:]

    def render(self, message: Message) -> str:
        text = self._fill(message)
        if self._contract is not None:
            text = self._contract.sub(lambda m: self.contractions[m.group(1)], text)
        return text

    def _fill(self, message: Message) -> str:
        check_params(message)
        template = self.catalogue[message.id]
        values = message.params
        parts = _parts(template)
        if parts is None:
            return self._fill_as_written(message.id, template, values)
        # The plurals first, then the fields, as _fill_as_written fills them (the same errors).
        # A plural part's third item is its forms (_parts).
        plurals = iter([self._plural(message.id, values, name, forms) for kind, name, forms in parts if kind is _PLURAL_PART])  # type: ignore[arg-type]
        return "".join(name if kind is _TEXT_PART else self.value(values[name], form) if kind is _FIELD_PART  # type: ignore[arg-type]
                       else next(plurals) for kind, name, form in parts)

    def _fill_as_written(self, id: str, template: str, values: Mapping[str, Param]) -> str:
        """The template filled by its regexes: each plural, then each field of the text that gives."""
        def plural(found: re.Match[str]) -> str:
            return self._plural(id, values, found.group(1), _forms(found.group(2)))

        def field(found: re.Match[str]) -> str:
            return self.value(values[found.group(1)], found.group(2))

        return _FIELD.sub(field, _PLURAL.sub(plural, template))

    def _plural(self, id: str, values: Mapping[str, Param], name: str, forms: Mapping[str, str]) -> str:
        n = values[name]
        assert isinstance(n, int), f"{id}: {name} is not a number"
        chosen = forms.get(f"={n}", forms.get(self.plural(n), forms.get("other", "")))
        return chosen.replace("#", str(n))

    def value(self, value: Param, form: str | None = None) -> str:
        if form is None and value.__class__ in _SAID_AS_GIVEN:   # most parameters: what the steps below say too
            return str(value)
        if isinstance(value, Message):
            return self._fill(value)
        if isinstance(value, Rules):
            return ", ".join(value.numbers)
        if isinstance(value, Items):
            if form == "clauses":  # clauses that may hold lists of their own: "a and b; c"
                return self.catalogue["list.clauses"].join(self.value(v) for v in value.items)
            return self.join([self.value(v, form) for v in value.items])
        if isinstance(value, Term):
            key = f"term.{value}"
            if form and f"{key}:{form}" in self.catalogue:
                return self.catalogue[f"{key}:{form}"]
            return self.catalogue[key]
        if form == "grouped" and isinstance(value, int):
            return f"{value:,}".replace(",", self.catalogue["number.group"][1:-3])
        if isinstance(value, Reading):
            key = f"reading.{value}"
            if key in self.catalogue:
                return self.catalogue[key]
            parts = [self.value(Card(p)) for p in str(value).split(", then ")]
            return self.catalogue["reading.then"].join(parts)
        if isinstance(value, Card):
            printed = self.card_names.get(str(value))
            shown = f"{value} ({printed})" if printed and printed != value else str(value)
        else:
            shown = str(value)
        if form and f"form.{form}" in self.catalogue:
            # A form of a name, "de Bob" / "d'Alice": the catalogue's `form.<form>`, "before a
            # consonant|before a vowel", each with {} for the name; the vowels are `form.vowels`.
            consonant, _, vowel = self.catalogue[f"form.{form}"].partition("|")
            elides = bool(vowel) and shown[:1].lower() in self.catalogue.get("form.vowels", "")
            return (vowel if elides else consonant).replace("{}", shown)
        return shown

    def join(self, parts: list[str]) -> str:
        if not parts:
            return self.catalogue["list.none"]
        if len(parts) == 1:
            return parts[0]
        # Filled as every template is, never str.format (which reads {first.__class__} and {last:>9}: F-3).
        values = {"first": self.catalogue["list.separator"].join(parts[:-1]), "last": parts[-1]}
        return _FIELD.sub(lambda m: values[m.group(1)] if m.group(1) in values and not m.group(2) else m.group(0),
                          self.catalogue["list.and"])


def render(message: Message, catalogue: Mapping[str, str], plural: Callable[[int], str] = english_plural) -> str:
    return Renderer(catalogue, plural).render(message)


def template_fields(template: str) -> set[str]:
    """The parameters a template names (for the catalogue check: a translation names the same)."""
    names = {m.group(1) for m in _PLURAL.finditer(template)}
    rest = _PLURAL.sub("", template)
    names |= {m.group(1) for m in _FIELD.finditer(rest)}
    return names


def ids(messages: Iterable[Message]) -> list[str]:
    return [m.id for m in messages]
