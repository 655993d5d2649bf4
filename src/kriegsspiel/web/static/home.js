"use strict";
// The home page: pick a bundled scenario or upload one, create the game, show the seat links.

let scenarioSides = {};
let botChoices = [];

async function loadScenarios() {
  const select = document.getElementById("scenario");
  botChoices = await callApi("/api/bots");
  for (const s of await callApi("/api/scenarios")) {
    scenarioSides[s.name] = s.sides;
    select.append(el("option", {value: s.name}, `${s.title} (${s.name}, ${s.ruleset})`));
  }
  select.addEventListener("change", showSides);
  showSides();
}

// One select per side of the chosen bundled scenario: a person, or a bot (web/bots.py).
function showSides() {
  const box = document.getElementById("bot-sides");
  const sides = scenarioSides[document.getElementById("scenario").value] || [];
  box.replaceChildren(el("legend", {}, "Who plays each side"), ...sides.map((side) => {
    const select = el("select", {"data-side": side}, el("option", {value: ""}, "a person"));
    for (const bot of botChoices) select.append(el("option", {value: bot}, `the ${bot} bot`));
    return el("p", {}, el("label", {}, `${side}: `, select));
  }));
}

function chosenBots() {
  const bots = {};
  for (const select of document.querySelectorAll("#bot-sides select")) {
    if (select.value) bots[select.dataset.side] = select.value;
  }
  return bots;
}

async function create(event) {
  event.preventDefault();
  showError(null);
  const file = document.getElementById("upload").files[0];
  const umpire = document.getElementById("umpire").value;
  const body = file
    ? {scenario_yaml: await file.text(), umpire}
    : {scenario: document.getElementById("scenario").value, bots: chosenBots(), umpire};
  try {
    showCreated(await callApi("/api/games", body));
  } catch (error) {
    showError(error.message);
  }
}

function showCreated(game) {
  const approves = game.declared_modifiers === "umpire-approves";
  document.getElementById("created-title").textContent = `${game.title}: the seats' links`;
  document.getElementById("created-mode").textContent = approves
    ? "Declared modifiers wait for the umpire's approval before the roll."
    : "Declared modifiers are trusted, as at a table where everyone sees the dice.";
  const list = document.getElementById("links");
  list.replaceChildren(...game.seats.map((s) => {
    const url = new URL(s.page, location.origin).href;
    const bot = game.bots[s.seat] ? ` (played by the ${game.bots[s.seat]} bot)` : "";
    return el("li", {}, el("strong", {}, s.seat), bot, " ", el("a", {href: url, "data-seat": s.seat}, url));
  }));
  document.getElementById("created").hidden = false;
}

document.getElementById("create").addEventListener("submit", create);
loadScenarios().catch((error) => showError(error.message));
