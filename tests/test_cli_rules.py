"""`kriegsspiel rules ID`: one rule, its text, ruleset and source, with the code and tests citing
it; `rules` with no ID still lists them all, or a ruleset's with --ruleset."""

from __future__ import annotations

import json

from click.testing import CliRunner, Result

from kriegsspiel.cli import cli

ENG_SOURCE = "shared/rules/ENG.md (kriegsspiel/rulesets/engineering/data/rules.toml)"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def test_one_rule_of_the_spec() -> None:
    row = json.loads(run("rules", "ENG-DEMO-05", "--json").stdout)
    assert row["rule"] == "ENG-DEMO-05"
    assert (row["ruleset"], row["rulesets"]) == ("engineering", ["engineering"])
    assert row["text"].startswith("Resolve a DA with a d10: every result except 1 succeeds")
    assert row["section"] == "Demolition and remove-demolition actions"
    assert row["source"] == ENG_SOURCE
    assert "kriegsspiel/rulesets/engineering/checks.py" in " ".join(row["implemented_in"])
    assert "tests/engineering/test_demolitions.py" in row["tests"]


def test_any_case_and_the_human_output() -> None:
    shown = run("rules", "eng-demo-05").stdout
    lines = shown.splitlines()
    assert lines[0] == "ENG-DEMO-05 (engineering): Demolition and remove-demolition actions"
    assert lines[1].startswith("Resolve a DA with a d10")
    assert (
        lines[2] == "source: shared/rules/ENG.md (kriegsspiel/rulesets/engineering/data/rules.toml)"
    )
    assert "implemented in:" in lines
    assert "  tests/engineering/test_demolitions.py" in lines


def test_a_house_rule_and_a_shared_one() -> None:
    house = json.loads(run("rules", "SK-DECK", "--json").stdout)
    assert house["ruleset"] == "afv"
    assert house["source"] == (
        "house rule, kriegsspiel's own; see shared/rules/parent-games.md §2 "
        "(kriegsspiel/rulesets/afv/data/house_rules.toml)"
    )
    shared = json.loads(run("rules", "SEATS", "--json").stdout)
    assert shared["rulesets"] == ["engineering", "abilities", "afv", "waterborne"]
    assert shared["ruleset"] == "engineering, abilities, afv, waterborne"
    assert (
        shared["source"]
        == "kriegsspiel's own, shared by every ruleset (kriegsspiel/core/rules.toml)"
    )
    assert "kriegsspiel/core/guards.py:2" in shared["implemented_in"]


def test_an_unknown_rule_is_one_line_with_near_ones() -> None:
    result = run("rules", "ENG-DEMO-5")
    assert result.exit_code == 2
    assert result.stderr == (
        "error: ENG-DEMO-5: no such rule (did you mean ENG-DEMO-05, ENG-DEMO-09, ENG-DEMO-08? "
        "`kriegsspiel rules` lists them all)\n"
    )
    result = run("rules", "ENG-DEMO-05", "--ruleset", "afv")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ENG-DEMO-05: afv has no such rule")


def test_every_rule_has_a_source() -> None:
    rows = json.loads(run("rules", "--json").stdout)
    assert len(rows) > 500
    sources = {row["source"].split(" (")[0] for row in rows}
    assert sources == {
        "kriegsspiel's own, shared by every ruleset",
        "shared/rules/ENG.md",
        "shared/rules/AFV.md",
        "shared/rules/WAT.md",
        "shared/rules/ABL.md",
        "house rule, kriegsspiel's own; see shared/rules/parent-games.md",
        "house rule, kriegsspiel's own; see shared/rules/parent-games.md §2",
        "house rule, kriegsspiel's own; see shared/rules/parent-games.md §3",
        "house rule, kriegsspiel's own; see shared/rules/parent-games.md §4",
    }
    afv = json.loads(run("rules", "--ruleset", "afv", "--json").stdout)
    assert {row["ruleset"] for row in afv} == {"afv"}
