"""Issue 36, F-7: a player's name is data in the sandbox's board. `given[player] = block` on an
object literal made "__proto__" the object's prototype, which JSON.stringify leaves out: the
engine then ran the board without that player's cards, in silence. The sandbox's `boardData`
(docs/assets/sandbox.js) runs here in Node on the form of such a board."""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from project_paths import PROJECT

SANDBOX = PROJECT / "docs" / "assets" / "sandbox.js"


def _function(source: str, name: str) -> str:
    found = re.search(rf"^function {name}\(.*?^}}\n", source, re.S | re.M)
    assert found, f"test setup: no function {name} in sandbox.js"
    return found.group(0)


# The two functions, with what they read of the page: the kinds of expedition, the words, no kept scenario.
HARNESS = """
const KINDS = ["hero", "companion"];
const SUBTYPE_WORDS = new Map();
const state = {};
const say = (key) => key;
%s
%s
const side = (stats) => ({hero: {region: 0, characters: [{name: "A", stats, subtypes: [], keywords: []}]},
                          companion: {region: 0, characters: []}});
const form = {players: JSON.parse(process.argv[1]), first_player: null, day: 0, tiebreakers: false,
              tumults: [], sides: [side(["5", "5", "5"]), side(["1", "0", "0"])], action: {kind: "dusk"}};
process.stdout.write(JSON.stringify(boardData(form)));
"""


@pytest.mark.parametrize("name", ["__proto__", "constructor", "toString", "Carol"])
def test_every_players_board_reaches_the_engine_whatever_their_name(name):
    source = SANDBOX.read_text(encoding="utf-8")
    script = HARNESS % (_function(source, "characterData"), _function(source, "boardData"))
    # Node.js is a requirement of the README's set-up (npm ci): no Node, no test run, not a skip.
    done = subprocess.run(["node", "-e", script, json.dumps([name, "Bob"])], capture_output=True, text=True, timeout=60, check=True)
    data = json.loads(done.stdout)   # JSON.parse keeps "__proto__" as a key of its own
    assert data["given"]["players"] == [name, "Bob"]
    assert data["given"][name]["hero"]["characters"] == [{"name": "A", "stats": "5/5/5"}]
    assert data["given"]["Bob"]["hero"]["characters"] == [{"name": "A", "stats": "1/0/0"}]
