"""`core.memo.Memo`: values remembered by the identity of the object they were made of."""

from __future__ import annotations

from kriegsspiel.core.memo import Memo


def test_a_value_is_found_by_the_very_object_and_what_else_it_depends_on() -> None:
    memo: Memo[str] = Memo()
    units = {"a": 1}
    assert memo.put(units, "made", "red") == "made"
    assert memo.get(units, "red") == "made"
    assert memo.get(units, "blue") is None  # another `also`
    assert memo.get({"a": 1}, "red") is None  # an equal object is not the same one


def test_of_builds_once_per_object() -> None:
    memo: Memo[list[int]] = Memo()
    built: list[int] = []

    def build() -> list[int]:
        built.append(1)
        return [len(built)]

    terrain = (1, 2)
    first = memo.of(terrain, build, "shapes")
    assert memo.of(terrain, build, "shapes") is first
    assert built == [1]
    memo.of(terrain, build, "index")
    assert built == [1, 1]


def test_it_is_emptied_once_past_its_limit() -> None:
    memo: Memo[int] = Memo(limit=2)
    objects = [object() for _ in range(4)]
    for i, obj in enumerate(objects[:3]):
        memo.put(obj, i)
    assert [memo.get(o) for o in objects[:3]] == [0, 1, 2]
    memo.put(objects[3], 3)  # three held, past two: emptied first
    assert [memo.get(o) for o in objects] == [None, None, None, 3]
