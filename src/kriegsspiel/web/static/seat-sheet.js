// The action sheet: one chosen action, its remaining choices (targets tapped on the board, a
// destination with a live ruler, a facing by a handle; the rest in a small form), the odds of the
// whole action, the dice, and a Confirm that cannot misfire (disabled in flight, one idempotency
// key per action: a retry or a double tap acts once).

import {state, seatUrl} from "./seat-state.js";
import {oddsChart, checkBlock} from "./seat-odds.js";
import * as dice from "./seat-dice.js";

const SVG = "http://www.w3.org/2000/svg";
const sheet = {choice: null, action: null, key: null, busy: false, pick: null, ready: false,
  seq: 0, timer: null, opener: null, hooks: null};
const $ = (id) => document.getElementById(id);
const NAMES = {to: "destination", at: "place", bearing: "turret bearing", land: "landing place",
  wild: "wild dice",
  defender_modifier: "defender's modifier (umpire)", modifier: "declared modifier"};
const words = (param) => NAMES[param] || param.replaceAll("_", " ");

export const isOpen = () => sheet.choice !== null;

// -- opening and closing --------------------------------------------------------------------------

export function openSheet(choice, hooks, opener) {
  sheet.choice = choice;
  sheet.action = structuredClone(choice.action);
  sheet.key = crypto.randomUUID();  // one per action: every retry of it sends the same key
  sheet.hooks = hooks;
  sheet.opener = opener || null;
  sheet.busy = false;
  sheet.asked = null;
  sheet.pick = choice.domains.find(onBoard) || choice.domains.find((d) => d.kind === "point")
    || choice.domains.find((d) => d.kind === "angle") || null;
  dice.resetDice();  // engine or table dice are chosen afresh for every action
  showActError(null);
  $("sheet-title").textContent = choice.label;
  $("fields").replaceChildren(...fieldsFor(choice));
  $("odds").replaceChildren();
  $("sheet").hidden = false;
  document.body.classList.add("sheet-open");
  syncPicker();
  hooks.redraw();
  $("sheet-title").focus();
  preview();
}

export function closeSheet() {
  if (!isOpen()) return;
  sheet.choice = null;
  sheet.pick = null;
  boardView.picker = null;
  $("sheet").hidden = true;
  document.body.classList.remove("sheet-open");
  showActError(null);
  const hooks = sheet.hooks;
  if (hooks) hooks.redraw();
  const back = sheet.opener && document.body.contains(sheet.opener) ? sheet.opener : $("actions");
  if (back) back.focus();
}

// -- the form ------------------------------------------------------------------------------------

const FIXED = new Set(["action"]);
// A blank field that names a thing, a place or a direction is the way not taken (afv's steer by a
// heading leaves `road` blank, a traverse onto a target leaves `bearing` blank): never a number
// to type. A blank quantity (a declared distance) is asked, as measured on the table if left blank.
const NOT_A_NUMBER = new Set(["road", "via", "card", "loaded", "target", "unit", "by", "to", "at",
  "position", "facing", "bearing"]);

function fieldsFor(choice) {
  const domains = new Map(choice.domains.map((d) => [d.param, d]));
  const out = [];
  for (const [param, value] of Object.entries(choice.action)) {
    if (FIXED.has(param)) continue;
    const domain = domains.get(param);
    if (domain) out.push(domainField(domain));
    else if (param === "defender_modifier" && state.table.seat !== "umpire") continue;
    else if (value === null && NOT_A_NUMBER.has(param)) continue;
    else if (typeof value === "number" || value === null) out.push(numberField(param, value));
    else if (typeof value === "boolean") out.push(checkField(param, value));
  }
  return out;
}

function domainField(d) {
  const id = `f-${d.param}`;
  if (d.kind === "choice" && d.options.length === 1) {  // nothing to choose: said in words
    return el("p", {id, class: "given"}, `${words(d.param)}: ${d.labels[0] || String(d.options[0])}`);
  }
  if (d.kind === "choice") {
    const select = el("select", {id, name: d.param});
    d.options.forEach((option, i) => {
      const item = el("option", {value: String(i)}, d.labels[i] || String(option));
      if (same(option, sheet.action[d.param])) item.selected = true;
      select.append(item);
    });
    select.addEventListener("change", () => set(d.param, d.options[Number(select.value)]));
    select.addEventListener("focus", () => pickOn(d));
    const tap = onBoard(d) ? " (or tap one on the board: they are outlined)" : "";
    return el("p", {}, el("label", {for: id}, `${words(d.param)}${tap}`), select);
  }
  if (d.kind === "point") {
    const [x, y] = sheet.action[d.param] || d.origin || [0, 0];
    const xs = coordinate(`${id}-x`, "across (x, inches)", x, d);
    const ys = coordinate(`${id}-y`, "up the table (y, inches)", y, d);
    return el("fieldset", {class: "point"},
      el("legend", {}, `${words(d.param)}: tap or drag on the board (up to ${d.high}" away)`),
      xs, ys, el("output", {id: `ruler-${d.param}`, class: "ruler", "aria-live": "polite"}));
  }
  if (d.kind === "angle") {
    const value = Number(sheet.action[d.param] || 0);
    const input = el("input", {id, type: "range", min: "0", max: "359", step: "1",
      value: String(Math.round(value))});
    input.addEventListener("input", () => set(d.param, Number(input.value)));
    input.addEventListener("focus", () => pickOn(d));
    return el("p", {}, el("label", {for: id}, `${words(d.param)}: drag the handle on the board, or `
      + "use the arrow keys here"), input, el("output", {id: `angle-${d.param}`}, `${value}°`));
  }
  const input = el("input", {id, type: "number", min: String(d.low), max: String(d.high),
    step: "any", value: String(sheet.action[d.param] ?? d.low)});
  input.addEventListener("input", () => set(d.param, input.value === "" ? null : Number(input.value)));
  return el("p", {}, el("label", {for: id}, `${words(d.param)} (${d.low} to ${d.high})`), input);
}

function coordinate(id, label, value, d) {
  const input = el("input", {id, type: "number", step: "any", value: String(value)});
  input.addEventListener("input", () => {
    const point = [Number($(`f-${d.param}-x`).value), Number($(`f-${d.param}-y`).value)];
    set(d.param, point, false);
  });
  input.addEventListener("focus", () => pickOn(d));
  return el("label", {for: id, class: "coordinate"}, label, input);
}

function numberField(param, value) {
  const id = `f-${param}`;
  const whole = param.endsWith("modifier") || Number.isInteger(value);
  const hint = value === null ? " (blank: measured on the table)" : "";
  const input = el("input", {id, type: "number", step: whole ? "1" : "any",
    value: value === null ? "" : String(value), inputmode: whole ? "numeric" : "decimal"});
  input.addEventListener("input", () => set(param, input.value === "" ? null : Number(input.value)));
  return el("p", {}, el("label", {for: id}, `${words(param)}${hint}`), input);
}

function checkField(param, value) {
  const id = `f-${param}`;
  const input = el("input", {id, type: "checkbox"});
  input.checked = value;
  input.addEventListener("change", () => set(param, input.checked));
  return el("p", {}, input, el("label", {for: id}, ` ${words(param)}`));
}

function set(param, value, syncInputs = true) {
  sheet.action[param] = value;
  sheet.hover = null;
  sheet.ready = false;  // Confirm waits for the odds of the action as it now stands
  syncConfirm();
  const d = sheet.choice.domains.find((x) => x.param === param);
  if (d && syncInputs) syncField(d);
  if (d && d.kind === "point" && sheet.pick === d) {  // a destination set: then its facing
    const angle = sheet.choice.domains.find((x) => x.kind === "angle");
    if (angle && syncInputs) pickOn(angle);
  }
  sheet.hooks.redraw();
  schedulePreview();
}

function syncField(d) {
  const value = sheet.action[d.param];
  if (d.kind === "choice") {
    const i = d.options.findIndex((o) => same(o, value));
    if (i >= 0) $(`f-${d.param}`).value = String(i);
  } else if (d.kind === "point") {
    $(`f-${d.param}-x`).value = String(value[0]);
    $(`f-${d.param}-y`).value = String(value[1]);
  } else if (d.kind === "angle") {
    $(`f-${d.param}`).value = String(Math.round(value));
  }
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// -- the board: legal targets, the ruler, the facing handle ---------------------------------------

// The board element drawing an option (a unit, a feature, a square), if any.
function drawn(svg, option) {
  if (typeof option !== "string" || !svg) return null;
  const id = CSS.escape(option);
  return svg.querySelector(`[data-unit="${id}"]`) || svg.querySelector(`[data-id="${id}"]`)
    || svg.querySelector(`[data-id="water-${id}"]`);
}

function onBoard(d) {
  const svg = document.querySelector("#svg svg");
  return d.kind === "choice" && d.options.some((o) => drawn(svg, o));
}

function pickOn(d) {
  sheet.pick = d;
  syncPicker();
  sheet.hooks.redraw();
}

function syncPicker() {
  const d = sheet.pick;
  sheet.hover = null;
  boardView.picker = d && (d.kind === "point" || d.kind === "angle") ? (point, pressed) => {
    if (d.kind === "angle" && pressed) set(d.param, bearing(originOf(d), point));
    else if (pressed) set(d.param, point);  // a drag: the ruler follows the finger
    else {  // a mouse hovering: the ruler shows where a click would put it
      sheet.hover = point;
      drawOverlay();
    }
  } : null;
  const hint = $("pick-hint");
  hint.textContent = !d ? "" : d.kind === "choice" ? `Tap a highlighted ${words(d.param)} on the board.`
    : d.kind === "point" ? `Tap or drag on the board to set the ${words(d.param)}.`
    : `Drag around the unit to set its ${words(d.param)}.`;
}

// A tap on the board while the sheet is open (true: the sheet took it, whatever it hit).
export function boardTap(hit) {
  if (!isOpen() || !sheet.pick) return false;
  const d = sheet.pick;
  if (d.kind === "point") {
    set(d.param, hit.point);
    return true;
  }
  if (d.kind === "angle") {
    set(d.param, bearing(originOf(d), hit.point));
    return true;
  }
  const under = hit.ids || [hit.unit, hit.id].filter(Boolean);
  const option = under.map((id) => d.options.find((o) => o === id || `water-${o}` === id))
    .find((o) => o !== undefined);
  if (option === undefined) {
    $("pick-hint").textContent = `That is not a legal ${words(d.param)}: tap an outlined one.`;
    return true;  // the sheet stays open
  }
  set(d.param, option);
  return true;
}

function originOf(d) {
  if (d.origin) return d.origin;
  const to = sheet.choice.domains.find((x) => x.kind === "point");
  if (to && sheet.action[to.param]) return sheet.action[to.param];
  const actor = (state.table.view.units || []).find((u) => u.id === state.selected);
  return (actor && actor.position) || [0, 0];
}

function bearing(from, to) {
  const degrees = Math.atan2(to[0] - from[0], to[1] - from[1]) * 180 / Math.PI;
  return Math.round(((degrees % 360) + 360) % 360);
}

function within(d, value) {
  const [ox, oy] = d.origin || [0, 0];
  const r = Math.hypot(value[0] - ox, value[1] - oy);
  return {r, ok: r >= d.low - 1e-9 && r <= d.high + 1e-9};
}

function inArcs(d, angle) {
  if (!d.arcs.length) return true;
  return d.arcs.some(([a, b]) => ((angle - a + 360) % 360) <= ((b - a + 360) % 360 || 360));
}

// Mark the legal targets and draw the ruler and handle on the board as it is now drawn.
export function drawOverlay() {
  const svg = document.querySelector("#svg svg");
  if (!svg) return;
  svg.querySelectorAll(".legal-target, .picked").forEach((n) => n.classList.remove("legal-target", "picked"));
  svg.querySelectorAll("g.overlay").forEach((n) => n.remove());
  if (!isOpen()) return;
  const g = document.createElementNS(SVG, "g");
  g.setAttribute("class", "overlay");
  g.setAttribute("pointer-events", "none");
  for (const d of sheet.choice.domains) {
    if (d.kind === "choice") {
      for (const option of d.options) {
        const node = drawn(svg, option);
        if (!node) continue;
        node.classList.add("legal-target");
        if (same(option, sheet.action[d.param])) node.classList.add("picked");
      }
    } else if (d.kind === "point" && d.origin) {
      const hovering = sheet.pick === d && sheet.hover;
      const value = hovering ? sheet.hover : sheet.action[d.param] || d.origin;
      const {r, ok} = within(d, value);
      g.append(shape("circle", {cx: d.origin[0], cy: -d.origin[1], r: d.high, class: "allowance"}));
      g.append(shape("line", {x1: d.origin[0], y1: -d.origin[1], x2: value[0], y2: -value[1],
        class: ok ? "ruler ok" : "ruler far"}));
      g.append(shape("circle", {cx: value[0], cy: -value[1], r: 0.5, class: ok ? "dest ok" : "dest far"}));
      const text = `${r.toFixed(1)}" of ${d.high}" — ${ok ? "within the allowance" : "beyond the allowance"}`
        + (hovering ? " (click to set)" : "");
      const out = $(`ruler-${d.param}`);
      if (out) out.textContent = text;
    } else if (d.kind === "angle") {
      const o = originOf(d);
      const a = Number(sheet.action[d.param] || 0) * Math.PI / 180;
      const tip = [o[0] + 3 * Math.sin(a), o[1] + 3 * Math.cos(a)];
      const ok = inArcs(d, Number(sheet.action[d.param] || 0));
      g.append(shape("line", {x1: o[0], y1: -o[1], x2: tip[0], y2: -tip[1], class: ok ? "facing ok" : "facing far"}));
      g.append(shape("circle", {cx: tip[0], cy: -tip[1], r: 0.6, class: "handle"}));
      const out = $(`angle-${d.param}`);
      if (out) out.textContent = `${Number(sheet.action[d.param] || 0)}°${ok ? "" : " (outside the arcs allowed)"}`;
    }
  }
  svg.append(g);
}

function shape(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

// -- the odds, the dice and Confirm ---------------------------------------------------------------

function diceChanged() {
  sheet.ready = false;
  syncConfirm();
  schedulePreview();
}

function schedulePreview() {
  clearTimeout(sheet.timer);
  sheet.timer = setTimeout(preview, 120);
}

export async function preview() {
  if (!isOpen()) return;
  const seq = ++sheet.seq;
  const typed = dice.tableDice() ? dice.facesSoFar() : [];
  const asked = JSON.stringify([sheet.action, dice.tableDice(), typed, dice.badFace()]);
  if (asked !== sheet.asked) {  // changed: wait for its odds (a refresh alone keeps Confirm)
    sheet.ready = false;
    syncConfirm();
  }
  sheet.asked = asked;
  try {
    const result = await callApi(seatUrl("/preview"), {action: sheet.action, dice: typed});
    if (seq !== sheet.seq || !isOpen()) return;
    const rollsNothing = result.odds.rolls.length === 0 && result.checks.length === 0;
    $("dice").hidden = rollsNothing;  // no dice to choose who rolls
    if (rollsNothing && dice.tableDice()) dice.resetDice();
    if (dice.tableDice()) dice.askFor(result.checks[0] || null, typed.length, diceChanged);
    $("odds").replaceChildren(oddsChart(result.odds), ...result.checks.map(checkBlock));
    keepErrorInView();
    sheet.ready = !dice.tableDice() || (result.checks.length === 0 && !dice.badFace());
    syncConfirm();
  } catch (error) {
    if (seq !== sheet.seq) return;
    $("odds").replaceChildren(el("p", {class: "refused"}, error.message));
    keepErrorInView();
    sheet.ready = false;
    sheet.asked = null;
    syncConfirm();
  }
}

function syncConfirm() {
  const button = $("do");
  button.disabled = sheet.busy || !sheet.ready;
  button.setAttribute("aria-busy", String(sheet.busy));
  button.textContent = sheet.busy ? "Sending…" : "Confirm";
}

// The page may have moved under an error (a refresh redraws the lists above it).
function keepErrorInView() {
  const box = $("act-error");
  if (!box.hidden) box.scrollIntoView({block: "nearest"});
}

function showActError(message) {
  const box = $("act-error");
  box.textContent = message || "";
  box.hidden = !message;
  if (message) box.scrollIntoView({block: "nearest"});
}

export async function confirmAction(event) {
  event.preventDefault();
  if (sheet.busy || !isOpen() || !sheet.ready) return;
  const body = {action: sheet.action};
  if (dice.tableDice()) {
    body.dice = dice.facesSoFar();
    body.player = $("player").value;
  }
  sheet.busy = true;
  syncConfirm();
  showActError(null);
  try {
    const result = await callApi(seatUrl("/act"), body, {"Idempotency-Key": sheet.key});
    if (result.pending) result.entries = [{events: [{text: "Held for the umpire to approve "
      + "the modifier declared; nothing is rolled until then."}]}];
    sheet.busy = false;
    const hooks = sheet.hooks;
    closeSheet();
    hooks.acted(result);
  } catch (error) {
    sheet.busy = false;  // the same key goes with a retry: if this one was acted on, it acts once
    syncConfirm();
    showActError(error.status ? error.message : `Not sent (${error.message}); try again.`);
  }
}

export function wireSheet() {
  $("confirm").addEventListener("submit", confirmAction);
  $("cancel").addEventListener("click", closeSheet);
  for (const radio of document.querySelectorAll("input[name=dice]")) {
    radio.addEventListener("change", () => { dice.syncMode(); preview(); });
  }
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && isOpen()) closeSheet();
  });
}
