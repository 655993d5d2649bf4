"""Composing a ruleset from topic modules: each module's one `TOPIC`, and the checks `Topics` makes
as it composes them (at import): an action without a performer, an event without an applier, a
key registered twice, a module that declares actions or events without a TOPIC."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from uuid import uuid4

import pytest
from toy import TOPICS, Shoot, Shot, ToyState

from kriegsspiel.core.topics import CompositionError, Context, Topic, Topics, merge

HEADER = """\
from __future__ import annotations

from kriegsspiel.core.topics import Act, Ev, Topic, applier, performer


def same(state, event):
    return state


def act(ctx, action):
    ctx.emit(Done())


class Done(Ev, frozen=True, tag="done"):
    pass
"""


IMPORTS = "from .base import Act, Done, Ev, Topic, act, applier, performer, same\n"


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Write a throwaway ruleset package of topic modules and import them."""
    name = f"fake_ruleset_{uuid4().hex[:8]}"
    (tmp_path / name).mkdir()
    (tmp_path / name / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))

    def make(**modules: str) -> list[ModuleType]:
        for module, source in modules.items():
            text = HEADER if module == "base" else IMPORTS
            path = tmp_path / name / f"{module}.py"
            path.write_text(text + textwrap.dedent(source))
        return [importlib.import_module(f"{name}.{module}") for module in modules]

    yield make
    for module in [m for m in sys.modules if m.startswith(name)]:
        del sys.modules[module]


def _compose(modules: list[ModuleType]) -> Topics[Any, Any]:
    return Topics([m.TOPIC for m in modules if hasattr(m, "TOPIC")])


BASE = """\
class Wait(Act, frozen=True, tag="wait"):
    pass


TOPIC = Topic(__name__, performers=(performer(Wait, act),), appliers=(applier(Done, same),))
"""


def test_a_well_formed_composition_dispatches(package: Any) -> None:
    base, fire = package(
        base=BASE,
        fire="""
        class Fire(Act, frozen=True, tag="fire"):
            pass

        TOPIC = Topic(__name__, performers=(performer(Fire, act),))
        """,
    )
    topics = _compose([base, fire])
    assert set(topics.performers) == {base.Wait, fire.Fire}
    assert set(topics.appliers) == {base.Done}
    roll: Any = None  # the performer rolls no dice
    ctx: Context[int] = Context(state=0, seat="red", roll=roll, appliers=topics.appliers)
    assert [r.event for r in topics.dispatch(ctx, fire.Fire())] == [base.Done()]
    assert topics.apply(0, base.Done()) == 0


def test_an_action_without_a_performer_is_refused(package: Any) -> None:
    modules = package(
        base=BASE,
        fire="""
        class Fire(Act, frozen=True, tag="fire"):
            pass

        class Rally(Act, frozen=True, tag="rally"):
            pass

        TOPIC = Topic(__name__, performers=(performer(Fire, act),))
        """,
    )
    with pytest.raises(CompositionError) as raised:
        _compose(modules)
    module = modules[1].__name__
    assert (
        f"action Rally ('rally') has no performer: add performer(Rally, ...) to {module}.TOPIC"
        in (str(raised.value))
    )
    assert "Fire" not in str(raised.value)


def test_an_event_without_an_applier_is_refused(package: Any) -> None:
    modules = package(
        base=BASE,
        fire="""
        class Fired(Ev, frozen=True, tag="fired"):
            pass

        class Missed(Ev, frozen=True, tag="missed"):
            pass

        TOPIC = Topic(__name__, appliers=(applier(Fired, same),))
        """,
    )
    with pytest.raises(CompositionError) as raised:
        _compose(modules)
    module = modules[1].__name__
    assert str(raised.value).splitlines()[1:] == [
        f"event Missed ('missed') has no applier: add applier(Missed, ...) to {module}.TOPIC"
    ]


def test_a_shared_base_needs_no_handler_but_its_subclasses_do(package: Any) -> None:
    modules = package(
        base=BASE,
        crew="""
        class CrewAct(Act, frozen=True):
            vehicle: str

        class Load(CrewAct, frozen=True, tag="load"):
            pass

        class Steer(CrewAct, frozen=True, tag="steer"):
            pass

        TOPIC = Topic(__name__, performers=(performer(Load, act),))
        """,
    )
    with pytest.raises(CompositionError) as raised:
        _compose(modules)
    assert "CrewAct" not in str(raised.value)
    assert "action Steer ('steer') has no performer" in str(raised.value)


def test_a_key_registered_twice_is_refused(package: Any) -> None:
    modules = package(
        base=BASE,
        fire="""
        TOPIC = Topic(__name__, appliers=(applier(Done, same),))
        """,
    )
    with pytest.raises(CompositionError) as raised:
        _compose(modules)
    base, fire = (m.__name__ for m in modules)
    assert str(raised.value) == f"event Done ('done') is registered twice: in {base} and {fire}"


def test_a_key_registered_twice_by_one_topic_is_refused(package: Any) -> None:
    modules = package(
        base="TOPIC = Topic(__name__, appliers=(applier(Done, same), applier(Done, same)))\n"
    )
    with pytest.raises(CompositionError, match=r"event Done \('done'\) is registered twice"):
        _compose(modules)


def test_a_module_that_declares_events_without_a_topic_is_refused(package: Any) -> None:
    modules = package(
        base=BASE,
        sight="""
        class Spotted(Ev, frozen=True, tag="spotted"):
            pass

        class Lost(Ev, frozen=True, tag="lost"):
            pass

        class Spot(Act, frozen=True, tag="spot"):
            pass

        TOPICS = Topic(__name__, appliers=(applier(Spotted, same),))  # misspelt: not a TOPIC
        """,
    )
    with pytest.raises(CompositionError) as raised:
        _compose(modules)
    assert str(raised.value).splitlines()[1:] == [
        f"{modules[1].__name__} declares Spot, Spotted, Lost but has no TOPIC: "
        "declare TOPIC = Topic(__name__, ...) there and compose it"
    ]


def test_a_topic_left_out_of_the_composition_is_refused(package: Any) -> None:
    base, sight = package(
        base=BASE,
        sight="""
        class Spotted(Ev, frozen=True, tag="spotted"):
            pass

        TOPIC = Topic(__name__, appliers=(applier(Spotted, same),))
        """,
    )
    with pytest.raises(CompositionError) as raised:
        Topics([base.TOPIC])
    assert f"event Spotted ('spotted') has no applier: {sight.__name__}.TOPIC is not composed" in (
        str(raised.value)
    )


def test_check_finds_what_a_module_imported_later_declares(package: Any) -> None:
    (base,) = package(base=BASE)
    topics = _compose([base])
    package(late="class Late(Ev, frozen=True, tag='late'):\n    pass\n")
    with pytest.raises(CompositionError, match=r"\.late declares Late but has no TOPIC"):
        topics.check()


def test_merge_names_both_registering_modules() -> None:
    with pytest.raises(CompositionError) as raised:
        merge("kind of work", [("a", "dig", 1), ("b", "fill", 2), ("c", "dig", 3)])
    assert str(raised.value) == "kind of work 'dig' is registered twice: in a and c"


def test_the_toy_composes() -> None:
    assert TOPICS.performers[Shoot].__name__ == "_shoot"
    assert TOPICS.apply(ToyState(trap=False), Shot(result="hit")).shots == 1


RULESETS = ("abilities", "afv", "engineering", "waterborne")


@pytest.mark.parametrize("name", RULESETS)
def test_every_ruleset_composes_with_all_its_modules_imported(name: str) -> None:
    """Composition checks the modules imported by then; with every module of the package
    imported, every action and event declared anywhere in it is registered."""
    package = importlib.import_module(f"kriegsspiel.rulesets.{name}")
    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
        importlib.import_module(info.name)
    topics = importlib.import_module(f"{package.__name__}.topics")
    composed: Topics[Any, Any] = topics.COMPOSED
    composed.check()
    assert all(isinstance(t, Topic) for t in composed.topics)
    modules = {t.module for t in composed.topics}
    for module in modules:
        assert sys.modules[module].TOPIC in composed.topics


def test_engineering_refuses_an_unknown_hook_name() -> None:
    from kriegsspiel.rulesets.engineering import topics
    from kriegsspiel.rulesets.engineering.base import MOVED, Topic

    def hook(*_: Any) -> None:
        pass

    assert topics.gather_hooks((Topic("x", hooks={MOVED: hook}),)) == {MOVED: (hook,)}
    with pytest.raises(CompositionError, match="x hooks 'moves': not one of"):
        topics.gather_hooks((Topic("x", hooks={"moves": hook}),))
