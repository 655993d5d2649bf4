// Turns that explain themselves: a banner in plain words (whose move, in the ruleset's own clock),
// a prompt saying why when the seat is offered a reaction (with the unit that triggered it), and,
// when it becomes the seat's move, a toast, the page title and (if chosen) a vibration.

import {state, named, sideName} from "./seat-state.js";

const turn = {mine: null};
const $ = (id) => document.getElementById(id);

// Why this seat is asked to react now, and the units that triggered it (or null).
export function reaction(table) {
  const view = table.view;
  const seat = table.seat;
  if (!table.to_act.includes(seat)) return null;
  const pending = view.pending;
  if (pending && pending.awaiting === seat) {  // engineering: ENG-ACT-09's window
    return {kind: "opportunity fire", units: [pending.unit],
      text: `${named(pending.unit)} declared ${article(pending.what)} — take opportunity fire, or hold fire?`};
  }
  const window = view.window;
  if (window && window.awaiting === seat && window.movers) {  // waterborne: reactive fire
    const movers = window.movers;
    return {kind: "reactive fire", units: movers,
      text: `${movers.map(named).join(", ")} moved — answer with reactive fire, or pass?`};
  }
  if (window && window.side === seat && window.trigger) {  // abilities: opportunity fire
    const why = window.why || "moved, pivoted or fired";  // what the trigger did, if the view says
    return {kind: "opportunity fire", units: [window.trigger],
      text: `${named(window.trigger)} ${why} — take opportunity fire, or hold fire?`};
  }
  const attack = view.attack;
  if (attack && (attack.targets || []).some((t) => owned(view, seat, t.unit))) {  // break-off
    const mine = attack.targets.filter((t) => owned(view, seat, t.unit)).map((t) => named(t.unit));
    return {kind: "break-off", units: [attack.firer],
      text: `${named(attack.firer)} fires at ${mine.join(", ")} — break off, or stand?`};
  }
  return null;
}

function owned(view, seat, id) {
  return (view.units || []).some((u) => u.id === id && u.side === seat);
}

function article(what) {
  return /^[aeiou]/i.test(what) ? `an ${what}` : `a ${what}`;
}

// The banner, the reaction prompt and the signals of a new move; the units to highlight.
export function renderTurn(table) {
  const view = table.view;
  const mine = table.to_act.includes(table.seat);
  const why = reaction(table);
  const others = table.to_act.filter((s) => s !== table.seat).map(sideName);
  let head;
  if (view.over) head = "The game is over";
  else if (table.seat === "public") head = table.to_act.length ? `${table.to_act.map(sideName).join(" and ")} to move` : "Nobody to move";
  else if (why) head = `Your move — ${why.kind}`;
  else if (mine) head = "Your move";
  else head = `Waiting for ${others.join(" and ") || "nobody"}${waitingWhy(table)}`;
  $("title").textContent = table.title;
  $("banner-head").textContent = head;
  $("banner-clock").textContent = table.clock;
  $("banner").classList.toggle("yours", mine && !view.over);
  const prompt = $("reaction");
  prompt.hidden = !why;
  prompt.textContent = why ? why.text : "";
  document.title = `${mine && !view.over ? "● Your move — " : ""}${table.title} – ${table.seat_name}`;
  if (mine && turn.mine === false && !view.over) signal(why ? why.text : `Your move — ${table.clock}`);
  turn.mine = mine;
  return why ? why.units : [];
}

function waitingWhy(table) {
  const view = table.view;
  if (view.pending && view.pending.awaiting && view.pending.awaiting !== table.seat) return " (opportunity fire)";
  if (view.window && (view.window.awaiting || view.window.side) && table.to_act.every((s) => s !== view.phasing)) {
    return view.window.movers ? " (reactive fire)" : " (opportunity fire)";
  }
  return "";
}

// A toast (read out), and a vibration if the player asked for one.
function signal(text) {
  toast(text);
  if ($("vibrate").checked && navigator.vibrate) navigator.vibrate([120, 60, 120]);
}

export function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(turn.timer);
  turn.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

export function wireTurn() {
  const vibrate = $("vibrate");
  vibrate.checked = localStorage.getItem("kriegsspiel-vibrate") === "1";
  vibrate.addEventListener("change", () => {
    localStorage.setItem("kriegsspiel-vibrate", vibrate.checked ? "1" : "0");
  });
}
