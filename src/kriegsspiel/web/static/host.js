"use strict";
// The host's page: the server's games (scenario, where each stands, when last played), each
// game's umpire page and seat links, and new games. Its token is the last part of the address.

const hostToken = location.pathname.split("/").pop();
const hostUrl = (path) => `/api/host/${hostToken}${path}`;

async function loadGames() {
  const lobby = await callApi(hostUrl(""));
  const rows = lobby.games.map((g) => {
    const links = el("button", {type: "button", class: "links", "data-game": g.game}, "Seat links");
    links.addEventListener("click", () => showLinks(g.game, g.title).catch((e) => showError(e.message)));
    return el("tr", {"data-game": g.game},
      el("td", {}, `${g.title} (${g.ruleset})`),
      el("td", {}, g.over ? `${g.clock} · over` : g.clock),
      el("td", {class: "num"}, String(g.entries)),
      el("td", {}, g.active),
      el("td", {}, el("a", {href: g.umpire, class: "umpire", target: "_blank"}, "Umpire page"),
        " ", links));
  });
  document.querySelector("#games tbody").replaceChildren(...rows);
  document.getElementById("no-games").hidden = rows.length > 0;
}

async function showLinks(game, title) {
  const data = await callApi(hostUrl(`/games/${game}/links`));
  document.getElementById("game-links-title").textContent = `${title}: the seats' links`;
  renderSeatLinks(document.getElementById("seat-links"), data.seats,
    (seat) => callApi(hostUrl(`/games/${game}/seats/${seat}/reissue`), {}));
  const section = document.getElementById("game-links");
  section.hidden = false;
  section.dataset.game = game;
}

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
  const umpire = document.getElementById("umpire").value;
  const body = file
    ? {scenario_yaml: await file.text(), umpire}
    : {scenario: document.getElementById("scenario").value, umpire};
  try {
    const response = await fetch("/api/games", {method: "POST", body: JSON.stringify(body),
      headers: {"content-type": "application/json", "x-host-token": hostToken}});
    const game = await response.json();
    if (!response.ok) throw new Error(game.error || response.statusText);
    await loadGames();
    await showLinks(game.game, game.title);
  } catch (error) {
    showError(error.message);
  }
}

document.getElementById("create").addEventListener("submit", create);
loadScenarios().catch((error) => showError(error.message));
loadGames().catch((error) => showError(error.message));
