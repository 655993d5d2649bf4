// The dice of an action rolled at the table: one input per die, asked roll by roll (the server's
// dice prompt names the next roll once the faces before it are in), each taking only the faces its
// die shows. `facesSoFar()` are the complete rolls' faces, in order.

import {rollName} from "./seat-odds.js";

const box = () => document.getElementById("die-inputs");

// Each die of a check's pools: "2d6" -> [6, 6], "d10" -> [10].
export function diceOf(check) {
  return check.dice.flatMap((label) => {
    const [, count, sides] = label.match(/^(\d*)d(\d+)$/) || [];
    return Array(Number(count || 1)).fill(Number(sides));
  });
}

export function resetDice() {
  box().replaceChildren();
  document.getElementById("dice-engine").checked = true;
  document.getElementById("player").value = "";
  syncMode();
}

export function tableDice() {
  return document.getElementById("dice-table").checked;
}

export function syncMode() {
  document.getElementById("table-dice").hidden = !tableDice();
}

// A face typed into a die's input, or null if it is not one the die shows.
function face(input) {
  const raw = input.value.trim();
  const sides = Number(input.max);
  if (!/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= sides ? value : null;
}

// The faces of every complete roll asked so far; an input holding a face its die cannot show is
// marked, and stops the count there.
export function facesSoFar() {
  const faces = [];
  for (const roll of box().querySelectorAll(".roll")) {
    const inputs = [...roll.querySelectorAll("input")];
    const values = inputs.map(face);
    inputs.forEach((input, i) => {
      const bad = input.value.trim() !== "" && values[i] === null;
      input.setAttribute("aria-invalid", String(bad));
      input.title = bad ? `a d${input.max} shows 1 to ${input.max}` : "";
    });
    if (values.some((v) => v === null)) break;
    faces.push(...values);
  }
  return faces;
}

// Whether any input holds a face its die cannot show.
export function badFace() {
  return [...box().querySelectorAll("input")].some((i) => i.getAttribute("aria-invalid") === "true");
}

// Show the inputs for `check`, the roll that comes after `known` faces: rolls after it go, and
// one already asked there for the same dice stays as typed.
export function askFor(check, known, onChange) {
  box().querySelectorAll(".roll-done").forEach((p) => p.remove());
  const key = check ? `${check.name} ${check.dice.join("+")}` : "";
  let kept = false;
  for (const roll of box().querySelectorAll(".roll")) {
    const at = Number(roll.dataset.at);
    if (at === known && roll.dataset.key === key) kept = true;
    else if (at >= known) roll.remove();
  }
  if (!check) {
    box().append(el("p", {class: "roll-done small"}, "All the dice this action needs are in."));
    return;
  }
  if (kept) return;
  const name = rollName(check.name);
  const sides = diceOf(check);
  const inputs = sides.map((n, i) => {
    const label = `${sides.length > 1 ? `die ${i + 1}: ` : ""}d${n} for the ${name}`;
    const input = el("input", {type: "number", inputmode: "numeric", min: "1", max: String(n),
      step: "1", class: "die", autocomplete: "off"});
    input.addEventListener("input", onChange);
    return el("label", {class: "die-label"}, el("span", {}, label), input);
  });
  box().append(el("div", {class: "roll", "data-at": String(known), "data-key": key}, ...inputs));
}
