"""Actions and dice typed on the command line, turned into the plain data a game takes.

Action names, field names (which the help shows in capitals, `UNIT`) and the words of a field
with a fixed set of them (a minefield's `AT`) may be typed in any case."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

import msgspec

from kriegsspiel.core.dice import EnteredDice
from kriegsspiel.core.game import action_names
from kriegsspiel.core.ruleset import Ruleset
from kriegsspiel.errors import DiceError, InputError
from kriegsspiel.rulesets import RULESETS

_KEY_VALUE = re.compile(r"([A-Za-z_][\w-]*)=(.*)", re.DOTALL)
_ARRAY_TYPES = (msgspec.inspect.TupleType, msgspec.inspect.VarTupleType, msgspec.inspect.ListType)


def action_tag(ruleset: Ruleset[Any, Any, Any, Any], typed: str) -> str:
    """The ruleset's action name `typed` is, in any case."""
    kinds = action_names(ruleset.action_type)
    by_case = {_folded(tag): tag for tag in kinds}
    if _folded(typed) not in by_case:
        raise InputError("action", f"unknown action {typed!r} (actions: {', '.join(kinds)})")
    return by_case[_folded(typed)]


def action_fields(ruleset: Ruleset[Any, Any, Any, Any], tag: str) -> tuple[Any, ...]:
    """The fields of the ruleset's action tagged `tag` (in any case), in declaration order."""
    kind = action_names(ruleset.action_type)[action_tag(ruleset, tag)]
    info = msgspec.inspect.type_info(kind)
    assert isinstance(info, msgspec.inspect.StructType)
    return info.fields


def _folded(word: str) -> str:
    """A name as compared: in any case, with `-` for `_` (`DEFENDER_MODIFIER`)."""
    return word.lower().replace("_", "-")


def _words(kind: msgspec.inspect.Type) -> tuple[str, ...]:
    """The fixed words a field takes (a Literal of strings, perhaps optional), or none."""
    if isinstance(kind, msgspec.inspect.UnionType):
        return tuple(word for k in kind.types for word in _words(k))
    if isinstance(kind, msgspec.inspect.LiteralType):
        return tuple(v for v in kind.values if isinstance(v, str))
    return ()


def _array_items(kind: msgspec.inspect.Type) -> list[msgspec.inspect.Type] | None:
    """The item types of an array field (a point, a list of ids), or None if not an array."""
    if isinstance(kind, msgspec.inspect.UnionType):
        found = [_array_items(k) for k in kind.types]
        return next((items for items in found if items is not None), None)
    if isinstance(kind, msgspec.inspect.TupleType):
        return list(kind.item_types)
    if isinstance(kind, _ARRAY_TYPES):
        return [kind.item_type]  # type: ignore[union-attr]
    return None


def field_value(field: msgspec.inspect.Field, raw: str) -> Any:
    """A typed-in value: comma-separated for array fields (a point `16,20`, ids `eng-1,eng-2`);
    other text as typed, which the game converts (and checks) when it parses the action."""
    items = _array_items(field.type)
    if items is None:
        words = {_folded(w): w for w in _words(field.type)}
        return words.get(_folded(raw), raw)  # a word in any case; else as typed, for the game
    parts = raw.split(",")
    if not all(isinstance(t, msgspec.inspect.FloatType | msgspec.inspect.IntType) for t in items):
        return parts
    try:
        numbers = [float(part) for part in parts]
    except ValueError:
        numbers = []
    if not numbers or not all(map(math.isfinite, numbers)):  # no NaN, no infinity
        raise InputError(
            field.encode_name,
            f"expected finite numbers separated by commas, such as 16,20 (got {raw!r})",
        )
    return numbers


def action_data(
    ruleset: Ruleset[Any, Any, Any, Any], tag: str, values: Sequence[str]
) -> dict[str, Any]:
    """`{"action": tag, ...}` from VALUES filling the fields in order, and/or KEY=VALUE pairs."""
    tag = action_tag(ruleset, tag)
    fields = {f.encode_name: f for f in action_fields(ruleset, tag)}
    by_case: dict[str, str] = {_folded(name): name for name in fields}
    names = ", ".join(fields) or "none"
    data: dict[str, Any] = {"action": tag}
    positional: list[str] = []
    for value in values:
        match = _KEY_VALUE.fullmatch(value)
        if match is None:
            positional.append(value)
            continue
        typed, raw = match.groups()
        name = by_case.get(_folded(typed), typed)
        if name not in fields:
            raise InputError(typed, f"{tag} has no field {typed!r} (fields: {names})")
        if name in data:
            raise InputError(name, "given twice")
        data[name] = field_value(fields[name], raw)
    free = [f for name, f in fields.items() if name not in data]
    if len(positional) > len(free):
        raise InputError("action", f"too many values for {tag} (fields: {names})")
    for field, raw in zip(free, positional, strict=False):
        data[field.encode_name] = field_value(field, raw)
    missing = [name for name, field in fields.items() if field.required and name not in data]
    if missing:
        raise InputError("action", f"{tag} needs {', '.join(missing)} (fields: {names})")
    return data


def actions_help() -> str:
    """Every ruleset's actions and their fields, for `kriegsspiel act --help`."""
    lines = []
    for ruleset in RULESETS.values():
        lines.append(f"\b\n{ruleset.name} actions (values in this order, or as KEY=VALUE):")
        for tag in action_names(ruleset.action_type):
            fields = [
                f.encode_name.upper() if f.required else f"[{f.encode_name.upper()}]"
                for f in action_fields(ruleset, tag)
            ]
            lines.append("  " + " ".join([tag, *fields]))
    return "\n".join(lines)


def parse_faces(text: str) -> list[int]:
    """Faces rolled at the table, typed as `3,7`."""
    try:
        return [int(face) for face in text.split(",")]
    except ValueError:
        raise DiceError(
            "dice", f"faces must be whole numbers separated by commas, such as 3,7 (got {text!r})"
        ) from None


def entered_dice(text: str, player: str) -> EnteredDice:
    return EnteredDice(parse_faces(text), player)
