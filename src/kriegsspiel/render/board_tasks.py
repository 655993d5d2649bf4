"""Tasks in progress: a progress chit at the thing a task works on, and the ledger under the
board with every task and everything the view holds that has no place on the table."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from kriegsspiel.render.canvas import Canvas
from kriegsspiel.render.read import Item, Point, dicts, name, num, text
from kriegsspiel.render.style import FONT
from kriegsspiel.render.svgxml import box, group, n, sub, title

ROW = 1.1


def progress(task: Item) -> tuple[float, float] | None:
    done, needed = num(task.get("progress")), num(task.get("required"))
    return (done, needed) if done is not None and needed else None


def draw_task_markers(c: Canvas) -> None:
    """A chit "done/needed" by the thing each task works on (bridge and ferry sites draw their
    own)."""
    for task in dicts(c.view.get("tasks")):
        tid, target = text(task.get("id")), text(task.get("target"))
        at, pr = c.places.get(target), progress(task)
        if not tid or at is None or pr is None or text(task.get("bank")):
            continue
        spot = (at[0] - 1.6, at[1] + 0.9)
        g = group(c.layers["markers"], class_="chit", data_id=tid, data_kind="task")
        title(
            g,
            f"{name(task)}: {pr[0]:g} of {pr[1]:g}"
            + (f" ({text(task.get('status'))})" if text(task.get("status")) else ""),
        )
        words = f"{pr[0]:g}/{pr[1]:g}"
        w = len(words) * 0.36 + 0.3
        sub(
            g,
            "rect",
            x=spot[0] - w / 2,
            y=-spot[1] - 0.4,
            width=w,
            height=0.8,
            rx=0.35,
            fill="#ffffff" if pr[0] < pr[1] else "#bfe6bf",
            stroke="#2a8a2a",
            stroke_width=0.08,
        )
        sub(
            g,
            "text",
            x=n(spot[0]),
            y=n(-spot[1] + FONT * 0.36),
            font_size=n(FONT),
            text_anchor="middle",
            fill="#000",
        ).text = words
        c.labels.block(spot, w / 2, 0.4)
        c.legend.use("task", "task in progress: work done / needed", _task_swatch, "marker")


def ledger_height(c: Canvas) -> float:
    rows = len(list(dicts(c.view.get("tasks")))) + len(c.off_table)
    return (rows + 1.5) * ROW if rows else 0.0


def draw_ledger(c: Canvas, parent: ET.Element, left: float, top: float) -> None:
    """Rows from `top` down: each task with its progress bar, then what is off the table."""
    tasks = list(dicts(c.view.get("tasks")))
    if not tasks and not c.off_table:
        return
    top -= ROW / 2
    box = group(parent, class_="ledger", data_role="ledger")
    sub(
        box, "text", x=n(left), y=n(-top + FONT), font_size=n(FONT), font_weight="bold"
    ).text = "Tasks, and what is off the table"
    y = top - ROW * 1.5
    for task in tasks:
        tid = text(task.get("id"))
        g = group(box, class_="task", data_id=tid, data_kind="task")
        pr = progress(task) or (0.0, 0.0)
        done = pr[0] / pr[1] if pr[1] else 0.0
        sub(
            g,
            "rect",
            x=left,
            y=-y - 0.25,
            width=3.0,
            height=0.5,
            fill="#ffffff",
            stroke="#000",
            stroke_width=0.05,
        )
        sub(g, "rect", x=left, y=-y - 0.25, width=3.0 * min(done, 1.0), height=0.5, fill="#2a8a2a")
        status = text(task.get("status"))
        words = f"{name(task)}: {pr[0]:g}/{pr[1]:g}" + (f" ({status})" if status else "")
        title(g, words)
        sub(g, "text", x=n(left + 3.4), y=n(-y + FONT * 0.35), font_size=n(FONT)).text = words
        y -= ROW
    for oid, kind, words in c.off_table:
        g = group(box, class_="offtable", data_id=oid, data_kind=kind)
        title(g, words)
        sub(
            g, "text", x=n(left + 3.4), y=n(-y + FONT * 0.35), font_size=n(FONT)
        ).text = f"off the table: {words}"
        y -= ROW


def _task_swatch(parent: ET.Element, at: Point) -> None:
    box(
        parent,
        at,
        1.2,
        0.7,
        rx=0.3,
        fill="#ffffff",
        stroke="#2a8a2a",
        stroke_width=0.08,
    )
