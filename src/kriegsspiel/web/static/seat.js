"use strict";
// A seat's page. Everything shown comes from this seat's API answers; nothing is cached across
// seats. The live connection only says "changed": the page then fetches its table again.

const token = location.pathname.split("/").pop();
const seatUrl = (path) => `/api/seats/${token}${path}`;
const SHOWN = new Set(["ruleset", "seat", "title", "sides", "terrain", "units", "tasks", "pending",
  "turn", "phasing", "phase", "acting", "over"]);  // the clock is in the status line
const state = {table: null, selected: null, action: null, dice: []};
const feed = logFeed(seatUrl);  // the log, fetched entry by entry as it grows (feed.js)

// -- fetching -----------------------------------------------------------------------------------

async function refresh() {
  try {
    const table = await callApi(seatUrl(""));
    const unit = state.selected ? `?unit=${encodeURIComponent(state.selected)}` : "";
    const [log, svg] = await Promise.all([
      feed.update(),
      fetch(seatUrl(`/table.svg${unit}`)).then((r) => r.text()),
    ]);
    state.table = table;
    renderStatus(table);
    renderResult(table);  // result.js: the score, and the banner once the game is over
    renderBoard(svg);
    renderActions(table);
    renderLedger(table.view);
    renderUnits(table.view);
    renderExtra(table.view);
    renderLog(log);
    document.body.dataset.loaded = String(Number(document.body.dataset.loaded || 0) + 1);
  } catch (error) {
    showError(error.message);
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${seatUrl("/live")}`);
  const live = document.getElementById("live");
  socket.onopen = () => { live.textContent = "● live"; live.className = "live on"; };
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.error) showError(data.error);
    else if (data.type === "changed") refresh();
  };
  socket.onclose = (event) => {
    live.textContent = "○ reconnecting…";
    live.className = "live off";
    if (event.code !== 4404) setTimeout(connect, 2000);
  };
}

// -- rendering ----------------------------------------------------------------------------------

function renderStatus(table) {
  const view = table.view;
  document.title = `${table.title} – ${table.seat_name}`;
  document.getElementById("title").textContent = table.title;
  const parts = [`${table.seat_name} (${table.seat})`];
  parts.push(table.clock);  // in the ruleset's words: a turn and phase, or an initiative
  if (!view.over) parts.push(`to act: ${table.to_act.join(", ") || "nobody"}`);
  const status = document.getElementById("status");
  status.textContent = parts.join(" · ");
  status.classList.toggle("yours", table.to_act.includes(table.seat));
  document.getElementById("umpire").hidden = table.seat !== "umpire";
  document.getElementById("undo").disabled = !table.can_undo;
}

function renderBoard(svgText) {
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = document.importNode(doc.documentElement, true);
  const table = state.table;
  const own = (table.view.units || []).filter((u) => u.side === table.seat).map((u) => u.id);
  mountBoard(document.getElementById("svg"), svg, (unit) => {
    state.selected = unit && unit !== state.selected ? unit : null;
    refresh();
  }, state.selected ? [state.selected] : own);
}

function renderActions(table) {
  const sel = state.selected;
  const unitName = sel && (table.view.units || []).find((u) => u.id === sel);
  document.getElementById("selected").textContent = sel
    ? `Selected: ${unitName ? unitName.name || sel : sel} (tap it again to clear)`
    : "";
  // a selected unit narrows the list to what names it (as unit, vehicle, commander, …)
  const names = (choice) => Object.entries(choice.action).some(
    ([key, value]) => key !== "action" && value === sel);
  const choices = table.choices.flatMap(options).filter((c) => !sel || names(c));
  const box = document.getElementById("actions");
  if (!choices.length) {
    const why = table.seat === "public" ? "The public display cannot act." : "No actions now.";
    box.replaceChildren(el("p", {class: "empty"}, why));
    return;
  }
  box.replaceChildren(...choices.map((choice) => {
    const button = el("button", {type: "button", class: "action",
      "data-action": choice.action.action}, choice.label);
    button.addEventListener("click", () => choose(choice.action, choice.label));
    return button;
  }));
}

// Every option of a "choice" domain is legal whenever the entry is (core/choices.py): each gets
// its own button, up to MANY_OPTIONS buttons an entry (beyond, the listed action alone).
const MANY_OPTIONS = 12;

function options(choice) {
  let out = [{action: choice.action, label: choice.label}];
  for (const d of choice.domains || []) {
    if (d.kind !== "choice" || out.length * d.options.length > MANY_OPTIONS) continue;
    out = out.flatMap((c) => d.options.map((option, i) => ({
      action: {...c.action, [d.param]: option}, label: `${c.label}: ${d.labels[i]}`})));
  }
  return out;
}

function renderLedger(view) {
  document.getElementById("tasks").replaceChildren(rowsTable(view.tasks || []));
  renderPlans(token, view.tasks, document.getElementById("plans"));  // plans.js
  const due = view.pending ? [view.pending] : [];
  document.getElementById("due").replaceChildren(rowsTable(due));
}

function renderUnits(view) {
  const keys = ["id", "name", "side", "status", "position", "facing", "actions_left"];
  const rows = (view.units || []).map((u) => Object.fromEntries(
    keys.filter((k) => k in u).map((k) => [k, u[k]])));
  document.getElementById("units").replaceChildren(rowsTable(rows));
}

function renderExtra(view) {
  const items = Object.entries(view).filter(([key]) => !SHOWN.has(key));
  document.getElementById("extra").replaceChildren(...items.map(([key, value]) => {
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
  document.getElementById("log").replaceChildren(...log.map((item) => {
    const head = item.kind === "undo" ? `undo of ${show(item.undoes)}` : `${item.seat}`;
    const texts = item.events.map((e) => el("div", {class: "event"}, e.text));
    const li = el("li", {value: String(item.n)}, el("span", {class: "who"}, head), ...texts);
    if (item.undone) li.classList.add("undone");
    return li;
  }));
}

// -- choosing, previewing and confirming an action ----------------------------------------------

function choose(action, label) {
  state.action = action;
  showError(null);
  const form = document.getElementById("confirm");
  document.getElementById("confirm-title").textContent = label;
  const fields = Object.entries(action).filter(([k]) => k !== "action").map(([key, value]) => {
    const input = el("input", {name: key, "data-kind": typeof value === "string" ? "text" : "json",
      value: typeof value === "string" ? value : (value === null ? "" : JSON.stringify(value))});
    input.addEventListener("change", preview);
    return el("label", {}, `${key.replaceAll("_", " ")} `, input);
  });
  document.getElementById("fields").replaceChildren(...fields);
  form.hidden = false;
  preview();
  form.scrollIntoView({block: "nearest"});
}

// The action as edited: text fields as strings, others parsed as JSON (blank means null).
function editedAction() {
  const action = {action: state.action.action};
  for (const input of document.querySelectorAll("#fields input")) {
    const raw = input.value.trim();
    if (input.dataset.kind === "text") action[input.name] = input.value;
    else if (raw === "") action[input.name] = null;
    else {
      try { action[input.name] = JSON.parse(raw); }
      catch { throw new Error(`${input.name}: not a number or list: ${raw}`); }
    }
  }
  return action;
}

async function preview() {
  const box = document.getElementById("odds");
  const confirm = document.getElementById("do");
  try {
    const typed = (document.getElementById("faces").value.match(/\d+/g) || []).map(Number);
    const result = await callApi(seatUrl("/preview"), {action: editedAction(), dice: typed});
    state.dice = result.checks.flatMap((c) => c.dice);
    const blocks = [outcomesBlock(result.odds), ...result.checks.map(oddsBlock)];
    box.replaceChildren(...blocks);
    document.getElementById("faces").placeholder = state.dice.length
      ? `next: faces for ${state.dice.join(" + ")}` : "no more dice needed";
    confirm.disabled = false;
  } catch (error) {
    box.replaceChildren(el("p", {class: "refused"}, error.message));
    confirm.disabled = true;
  }
}

// What the whole action can lead to, from what this seat knows.
function outcomesBlock(odds) {
  const rows = odds.outcomes.map((o) => el("tr", {},
    el("td", {}, o.summary),
    el("td", {class: "num"}, o.probability || `≈ ${(o.estimate * 100).toFixed(1)}%`),
    el("td", {class: "num"}, o.percent !== undefined ? `${o.percent}%`
      : `${(o.low * 100).toFixed(1)}–${(o.high * 100).toFixed(1)}%`)));
  const head = odds.rolls.length ? `Rolls: ${odds.rolls.join(", ")}` : "No dice: this action rolls nothing.";
  return el("div", {class: "check"},
    el("p", {}, el("strong", {}, odds.exact ? "What can happen" : "What can happen (estimated)"),
      ` — ${head}`),
    el("table", {class: "odds"}, el("tbody", {}, ...rows)));
}

function oddsBlock(check) {
  const mods = check.modifiers.map((m) => `${m.value >= 0 ? "+" : ""}${m.value} ${m.label} (${m.rule})`);
  const rows = check.odds.map((o) => el("tr", {},
    el("td", {}, o.outcome), el("td", {class: "num"}, o.fraction),
    el("td", {class: "num"}, `${o.percent}%`)));
  return el("div", {class: "check"},
    el("p", {}, el("strong", {}, check.name), ` — ${check.dice.join(" + ")}`,
      mods.length ? `, ${mods.join(", ")}` : "", ` [${check.rules.join(", ")}]`),
    el("table", {class: "odds"}, el("tbody", {}, ...rows)));
}

async function confirmAction(event) {
  event.preventDefault();
  const body = {action: editedAction()};
  if (document.querySelector("input[name=dice]:checked").value === "typed") {
    body.dice = (document.getElementById("faces").value.match(/\d+/g) || []).map(Number);
    body.player = document.getElementById("player").value;
  }
  try {
    const result = await callApi(seatUrl("/act"), body);
    closeForm();
    notice(result.entries.flatMap((e) => e.events.map((ev) => ev.text)).join(" / "));
    await refresh();
  } catch (error) {
    showError(error.message);
  }
}

async function undo() {
  try {
    await callApi(seatUrl("/undo"), {count: 1});
    notice("The last action was undone.");
    await refresh();
  } catch (error) {
    showError(error.message);
  }
}

function closeForm() {
  document.getElementById("confirm").hidden = true;
  state.action = null;
  showError(null);
}

function notice(text) {
  const box = document.getElementById("notice");
  box.textContent = text;
  box.hidden = !text;
}

document.getElementById("confirm").addEventListener("submit", confirmAction);
document.getElementById("faces").addEventListener("change", preview);
document.getElementById("cancel").addEventListener("click", closeForm);
document.getElementById("undo").addEventListener("click", undo);
refresh();
connect();
