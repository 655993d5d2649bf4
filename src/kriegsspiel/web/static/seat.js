// A seat's page. Everything shown comes from this seat's API answers; nothing is cached across
// seats. The live connection only says "changed": the page then fetches its table again.
// After every refresh the page sends `seat:table` (detail: {table, log}) on `document`, so that
// another script adds to the page with one listener.

import {state, seatUrl, sideName, token, named} from "./seat-state.js";
import {verbs, actors, actorOf} from "./seat-verbs.js";
import {openSheet, closeSheet, isOpen, boardTap, drawOverlay, preview, wireSheet} from "./seat-sheet.js";
import {renderTurn, toast, wireTurn} from "./seat-turn.js";

const SHOWN = new Set(["ruleset", "seat", "title", "sides", "terrain", "units", "tasks", "pending",
  "turn", "phasing", "phase", "acting", "over"]);  // the clock is in the banner
const $ = (id) => document.getElementById(id);
const page = {highlight: [], svg: "", loading: null, again: false, verbs: ""};
const feed = logFeed(seatUrl);  // the log, fetched entry by entry as it grows (feed.js)

// -- fetching -----------------------------------------------------------------------------------

async function refresh() {
  if (page.loading) {  // one at a time; a change meanwhile fetches once more after it
    page.again = true;
    return page.loading;
  }
  page.loading = (async () => {
    try {
      const table = await callApi(seatUrl(""));
      const unit = state.selected ? `?unit=${encodeURIComponent(state.selected)}` : "";
      const [log, svg] = await Promise.all([
        feed.update(),
        fetch(seatUrl(`/table.svg${unit}`)).then((r) => r.text()),
      ]);
      await boardReleased();  // board.js: the page never moves under a finger on the board
      state.table = table;
      state.log = log;
      page.highlight = renderTurn(table);
      renderResult(table);  // result.js: the score, and the banner once the game is over
      renderBoard(svg);
      renderActions(table);
      renderLedger(table.view);
      renderUnits(table.view);
      renderExtra(table.view);
      renderLog(log);
      if (isOpen()) preview();  // the odds as the table stands now
      showError(null);
      document.dispatchEvent(new CustomEvent("seat:table", {detail: {table, log}}));
      document.body.dataset.loaded = String(Number(document.body.dataset.loaded || 0) + 1);
    } catch (error) {
      showError(error.message);
    }
  })();
  await page.loading;
  page.loading = null;
  if (page.again) {
    page.again = false;
    await refresh();
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${seatUrl("/live")}`);
  const live = $("live");
  socket.onopen = () => { live.textContent = "● live"; live.className = "live on"; };
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.error) showError(data.error);
    else if (data.type === "changed") refresh();
    else if (data.type === "revealed") document.dispatchEvent(new CustomEvent("seat:revealed"));
  };
  socket.onclose = (event) => {
    const crowded = event.code === 4429;  // the link has as many live pages as it may
    live.textContent = crowded ? "○ not live: too many pages open on this link" : "○ reconnecting…";
    live.className = "live off";
    if (event.code !== 4404) setTimeout(connect, crowded ? 30000 : 2000);
  };
}

// -- the board ----------------------------------------------------------------------------------

function renderBoard(svgText) {
  page.svg = svgText;
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = document.importNode(doc.documentElement, true);
  const table = state.table;
  const own = (table.view.units || []).filter((u) => u.side === table.seat).map((u) => u.id);
  mountBoard($("svg"), svg, tapped, state.selected ? [state.selected] : own);
  decorate();
}

// What the board shows on top of the server's picture: the trigger of a reaction, the units that
// can act, and the sheet's targets, ruler and handle.
function decorate() {
  const svg = document.querySelector("#svg svg");
  if (!svg) return;
  const can = new Set(actors(state.table.choices));
  for (const g of svg.querySelectorAll("g[data-unit]")) {
    g.classList.toggle("can-act", can.has(g.dataset.unit));
    g.classList.toggle("trigger", page.highlight.includes(g.dataset.unit));
  }
  drawOverlay();
}

function tapped(hit) {
  if (boardTap(hit)) return;
  if (!hit.unit) return;
  select(hit.unit === state.selected ? null : hit.unit);
}

function select(unit) {
  if (isOpen()) closeSheet();
  state.selected = unit;
  $("unit-picker").value = unit || "";
  refresh();
}

// -- the actions --------------------------------------------------------------------------------

function renderActions(table) {
  const sel = state.selected;
  renderPicker(table);
  $("selected").textContent = sel ? `Selected: ${named(sel)} (tap it again to clear)` : "";
  const groups = verbs(table.choices, sel);
  const box = $("actions");
  // the same verbs stay the same buttons: a refresh under a finger must not eat its tap
  const key = JSON.stringify([table.seat, groups]);
  if (key === page.verbs) return;
  page.verbs = key;
  if (!groups.length) {
    const why = table.seat === "public" ? "The public display cannot act." : "No actions now.";
    box.replaceChildren(el("p", {class: "empty"}, why));
    return;
  }
  box.replaceChildren(...groups.map(([name, choices]) => {
    const buttons = choices.map((choice) => {
      const button = el("button", {type: "button", class: "action",
        "data-action": choice.action.action}, choice.label);
      button.addEventListener("click", () => {
        if (!state.selected && actorOf(choice.action)) state.selected = actorOf(choice.action);
        openSheet(choice, {redraw: decorate, acted}, button);
      });
      return button;
    });
    return el("div", {class: "verbs", role: "group", "aria-label": name},
      el("h3", {}, name), el("div", {class: "buttons"}, ...buttons));
  }));
}

// A list to pick a unit with the keyboard: the seat's units that can act, then the rest.
function renderPicker(table) {
  const picker = $("unit-picker");
  const can = actors(table.choices);
  const rest = (table.view.units || []).map((u) => u.id).filter((id) => !can.includes(id));
  const options = [el("option", {value: ""}, "all units")];
  for (const id of [...can, ...rest]) {
    options.push(el("option", {value: id}, `${named(id)}${can.includes(id) ? "" : " (no actions)"}`));
  }
  picker.replaceChildren(...options);
  picker.value = state.selected || "";
}

function acted(result) {
  const text = result.entries.flatMap((e) => e.events.map((ev) => named(ev.text))).join(" / ");
  notice(text);
  toast(text || "Done.");
  refresh();
}

// -- the rest of the page -----------------------------------------------------------------------

function renderLedger(view) {
  $("tasks").replaceChildren(rowsTable(view.tasks || []));
  renderPlans(token, view.tasks, $("plans"));  // plans.js
  $("due").replaceChildren(rowsTable(view.pending ? [view.pending] : []));
}

function renderUnits(view) {
  const keys = ["id", "name", "side", "status", "position", "facing", "actions_left"];
  const rows = (view.units || []).map((u) => Object.fromEntries(
    keys.filter((k) => k in u).map((k) => [k, u[k]])));
  $("units").replaceChildren(rowsTable(rows));
}

function renderExtra(view) {
  const items = Object.entries(view).filter(([key]) => !SHOWN.has(key));
  $("extra").replaceChildren(...items.map(([key, value]) => {
    if (Array.isArray(value) && value.every((v) => v && typeof v === "object")) {
      return el("div", {}, el("h3", {}, key.replaceAll("_", " ")), rowsTable(value));
    }
    if (value && typeof value === "object" && !Array.isArray(value)) {  // options, supplies
      const rows = Object.entries(value).map(([name, v]) => ({name: name.replaceAll("_", " "),
        value: v}));
      return el("div", {}, el("h3", {}, key.replaceAll("_", " ")), rowsTable(rows));
    }
    return el("p", {}, el("strong", {}, `${key.replaceAll("_", " ")}: `), show(value));
  }));
}

function renderLog(log) {
  $("log").replaceChildren(...log.map((item) => {
    const head = item.kind === "undo" ? `undo of ${show(item.undoes)}` : sideName(item.seat);
    const texts = item.events.map((e) => el("div", {class: "event"}, named(e.text)));
    const li = el("li", {value: String(item.n)}, el("span", {class: "who"}, head), ...texts);
    if (item.undone) li.classList.add("undone");
    return li;
  }));
}

function notice(text) {
  const box = $("notice");
  box.textContent = text;
  box.hidden = !text;
}

async function undo() {
  const button = $("undo");
  button.disabled = true;
  try {
    await callApi(seatUrl("/undo"), {count: 1}, {"Idempotency-Key": crypto.randomUUID()});
    notice("The last action was undone.");
    await refresh();
  } catch (error) {
    showError(error.message);
  } finally {
    button.disabled = !(state.table && state.table.can_undo);
  }
}

function renderUmpire(table) {
  $("umpire").hidden = table.seat !== "umpire";
  $("undo").disabled = !table.can_undo;
}

document.addEventListener("seat:table", (event) => renderUmpire(event.detail.table));
$("undo").addEventListener("click", undo);
$("unit-picker").addEventListener("change", (event) => select(event.target.value || null));
wireSheet();
wireTurn();
refresh();
connect();
