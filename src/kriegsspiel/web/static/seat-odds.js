// The odds of a whole action as a small bar chart: one bar an outcome, with its exact fraction
// and its percentage in words beside it (the bar itself is decoration; the numbers are read out).

import {named} from "./seat-state.js";

export function oddsChart(odds) {
  const rolls = [...new Set(odds.rolls.map(rollName))];  // "abilities.fire" -> "fire"
  const head = rolls.length ? `Dice: ${rolls.join(", ")}` : "No dice: this action rolls nothing.";
  const rows = odds.outcomes.map((o) => {
    const share = o.percent !== undefined ? o.percent : o.estimate * 100;
    const fraction = o.probability || `≈ ${(o.estimate * 100).toFixed(1)}%`;
    const percent = o.percent !== undefined ? `${o.percent}%`
      : `${(o.low * 100).toFixed(1)}–${(o.high * 100).toFixed(1)}%`;
    const bar = el("span", {class: "bar", "aria-hidden": "true"});
    bar.style.width = `${Math.max(0, Math.min(100, share))}%`;
    return el("li", {class: "outcome"},
      el("span", {class: "what"}, named(o.summary)),
      el("span", {class: "track", "aria-hidden": "true"}, bar),
      el("span", {class: "num"}, `${fraction} · ${percent}`));
  });
  return el("div", {class: "check"},
    el("p", {}, el("strong", {}, odds.exact ? "What can happen" : "What can happen (estimated)"),
      ` — ${head}`),
    el("ul", {class: "chart", "aria-label": "the odds of each outcome"}, ...rows));
}

// The next roll to type in: its dice, modifiers and rules, and its own odds.
export function checkBlock(check) {
  const mods = check.modifiers.map(modifierText);
  const rows = check.odds.map((o) => el("tr", {},
    el("td", {}, o.outcome), el("td", {class: "num"}, o.fraction),
    el("td", {class: "num"}, `${o.percent}%`)));
  return el("div", {class: "check"},
    el("p", {}, el("strong", {}, rollName(check.name)), ` — ${check.dice.join(" + ")}`,
      mods.length ? `, ${mods.join(", ")}` : "", ` [${check.rules.join(", ")}]`),
    el("table", {class: "odds"}, el("tbody", {}, ...rows)));
}

// A check's name in words: "engineering.direct-fire" -> "direct fire".
export function rollName(name) {
  return name.split(".").pop().replaceAll("-", " ");
}

// A modifier in words. An opposed roll lists the defender's modifiers negated (they count against
// the attacker's total): they are shown with the defender's own sign, and what they count.
function modifierText(m) {
  const signed = (v) => `${v >= 0 ? "+" : "−"}${Math.abs(v)}`;
  if (m.label.startsWith("defender: ")) {
    const own = -m.value;
    return `defender's ${m.label.slice(10)} ${signed(own)} (counts ${signed(m.value)} for the attacker; ${m.rule})`;
  }
  return `${signed(m.value)} ${m.label} (${m.rule})`;
}
