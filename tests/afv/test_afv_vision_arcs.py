"""The vision arcs a side's own AFVs show on its board (AFV-VIS-02..04, AMB-AFV-07)."""

from __future__ import annotations

import kriegsspiel as ks


def _sherman(view: dict[str, object], name: str) -> dict[str, object]:
    units = view["units"]
    assert isinstance(units, list)
    return next(u for u in units if u["id"] == name)


def test_own_afvs_show_each_crewmans_vision_arc_and_the_enemy_none() -> None:
    game = ks.new_game("afv", seed="arcs")
    sherman = _sherman(game.view("us"), "sherman-1")
    facing, gun = float(sherman["facing"]), float(sherman["gun_bearing"])  # type: ignore[arg-type]
    arcs = {a["crew"].rsplit("(", 1)[1].rstrip(")"): (a["from"], a["to"])
            for a in sherman["vision_arcs"]}  # type: ignore[attr-defined]  # fmt: skip
    assert arcs["driver"] == (round((facing - 45) % 360, 1), round((facing + 45) % 360, 1))
    assert arcs["gunner"] == (round((gun - 22.5) % 360, 1), round((gun + 22.5) % 360, 1))
    assert arcs["commander"] == (round((facing - 180) % 360, 1), round((facing + 180) % 360, 1))
    assert "loader" not in arcs  # AFV-CREW duties: the loader looks for nothing
    assert "vision_arcs" not in _sherman(game.view("german"), "sherman-1")
