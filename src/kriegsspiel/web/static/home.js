"use strict";
// The home page: pick a bundled scenario or upload one, create the game, show the seat links.

async function loadScenarios() {
  const select = document.getElementById("scenario");
  for (const s of await callApi("/api/scenarios")) {
    select.append(el("option", {value: s.name}, `${s.title} (${s.name}, ${s.ruleset})`));
  }
}

async function create(event) {
  event.preventDefault();
  showError(null);
  const file = document.getElementById("upload").files[0];
  const body = file
    ? {scenario_yaml: await file.text()}
    : {scenario: document.getElementById("scenario").value};
  try {
    showCreated(await callApi("/api/games", body));
  } catch (error) {
    showError(error.message);
  }
}

function showCreated(game) {
  document.getElementById("created-title").textContent = `${game.title}: the seats' links`;
  const list = document.getElementById("links");
  list.replaceChildren(...game.seats.map((s) => {
    const url = new URL(s.page, location.origin).href;
    return el("li", {}, el("strong", {}, s.seat), " ", el("a", {href: url, "data-seat": s.seat}, url));
  }));
  document.getElementById("created").hidden = false;
}

document.getElementById("create").addEventListener("submit", create);
loadScenarios().catch((error) => showError(error.message));
