// The seat's legal actions as verbs in plain words, grouped ("Move", "Fire", …), and narrowed to
// the selected unit: an action belongs to the unit (vehicle, craft, man, commander, Blind) that
// carries it out; actions that no unit carries out (ending a phase, passing) are always listed.
// A man of a team (a unit whose view lists its `men`, as afv's) acts for the team drawn on the
// board: tapping the team lists its men's actions.

import {state} from "./seat-state.js";

const ACTORS = ["unit", "vehicle", "craft", "man", "commander", "blind"];

const GROUPS = [
  ["Move", ["move", "move-craft", "pivot", "steer", "set-speed", "cross", "cross-bridge", "breach",
    "flail", "board", "disembark", "deploy", "follow-lane", "lay-bobbin", "unlimber", "deck",
    "change-position", "break-off", "limber", "hold", "culin-assist"]],
  ["Fire", ["fire", "shoot", "opportunity-fire", "reactive-fire", "indirect-fire", "bombard",
    "fire-on", "acquire", "traverse", "sight-in", "assault", "close-combat", "petard"]],
  ["Engineering", ["prepare", "demolish", "lay-minefield", "emplace", "engineer", "work",
    "cut-wire", "prepare-charge", "prime-conger", "fire-conger", "clear", "fill-ditch",
    "build-span", "remove-demolition", "doze", "drop-fascine", "drop-skirts", "discard-flail",
    "lay-bridge", "load-bridging", "unload-bridging", "place-obstacle", "remove-obstacle",
    "spot-minefield"]],
  ["Crew", ["load", "reload-mg", "button", "unbutton", "look", "unload", "split-ammo",
    "roll-ammo", "bail-out", "take-card"]],
  ["Command", ["order", "roll-command", "discard", "remove-suppression", "rally", "spot", "draw"]],
  ["Turn", ["end-phase", "pass", "end-initiative", "end-pulse"]],
  ["Umpire", ["record", "damage", "fired-on", "set-status", "set-unit", "reveal", "end-game"]],
];
const GROUP_OF = new Map(GROUPS.flatMap(([name, kinds]) => kinds.map((k) => [k, name])));

export function actorOf(action) {
  const key = ACTORS.find((k) => typeof action[k] === "string");
  return key ? teamOf(action[key]) : null;
}

function teamOf(id) {
  const units = (state.table && state.table.view.units) || [];
  const team = units.find((u) => Array.isArray(u.men) && u.men.some((m) => m && m.id === id));
  return team ? team.id : id;
}

export function groupOf(action) {
  return GROUP_OF.get(action.action) || "Other";
}

// [[group, [choice, …]], …] in GROUPS' order, for the selected unit (or all when none).
export function verbs(choices, selected) {
  const shown = choices.filter((c) => !selected || actorOf(c.action) === null
    || actorOf(c.action) === selected);
  const order = [...GROUPS.map(([name]) => name), "Other"];
  const grouped = new Map(order.map((name) => [name, []]));
  for (const choice of shown) grouped.get(groupOf(choice.action)).push(choice);
  return [...grouped].filter(([, list]) => list.length);
}

// The ids of units that carry out at least one of these actions, in order of first appearance.
export function actors(choices) {
  return [...new Set(choices.map((c) => actorOf(c.action)).filter(Boolean))];
}
