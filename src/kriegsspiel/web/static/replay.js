"use strict";
// A seat's replay: its board and view after each entry of its own log (Game.replay), stepped
// with first/back/forward/last or the slider; its notes and bookmarks on entries. Once the game is
// over, or the umpire opens it, every seat may replay the full record (the umpire's knowledge).
// The page follows the live notices: told of the reveal while open, it turns to the full record
// and checks the umpire's record against the commitments, without a reload.

const replayToken = location.pathname.split("/").slice(-2)[0];
const replayUrl = (path) => `/api/seats/${replayToken}${path}`;
const replay = {upto: 0, length: 0, full: false, revealed: false, log: [], notes: [], asked: 0};

const fullQuery = () => (replay.full ? "&full=1" : "");

async function start() {
  const table = await callApi(replayUrl(""));
  document.title = `${table.title} – replay – ${table.seat_name}`;
  document.getElementById("title").textContent = `${table.title}: replay`;
  document.getElementById("back-to-seat").href = `/play/${replayToken}`;
  replay.seat = table.seat;
  replay.view = table.view;  // the sides' names
  await reload();
  await go(replay.length);
  keepCommitments(replayToken, 0, false).catch(() => {});  // audit.js: check what was opened
  // after the first load, so that a notice of a reveal the page already knew changes nothing
  const onState = (on) => { document.body.dataset.live = String(on); };
  followLive(replayUrl, () => {}, onState, showError, () => turnToFullRecord().catch(
    (error) => showError(error.message)));
}

// Told live that the whole record is open: the full record, checked, at its newest entry.
async function turnToFullRecord() {
  if (replay.revealed) return;
  if (replay.seat !== "umpire") {
    replay.full = document.getElementById("full").checked = true;
  }
  await reload();
  await go(replay.length);
  if (replay.seat !== "umpire") await runAudit();
}

// The log being replayed, the notes, and whether the full record is open.
async function reload() {
  const head = await callApi(replayUrl(`/replay?upto=0${fullQuery()}`));
  replay.length = head.length;
  replay.revealed = head.revealed;
  const log = await callApi(replayUrl(`/log${replay.full ? "?full=1" : ""}`));
  replay.log = log.log;
  replay.notes = (await callApi(replayUrl("/notes"))).notes;
  const slider = document.getElementById("slider");
  slider.max = String(replay.length);
  document.getElementById("full-box").hidden = !replay.revealed;
  document.getElementById("audit-box").hidden = !replay.revealed || replay.seat === "umpire";
  document.getElementById("reveal-box").hidden = replay.revealed || replay.seat !== "umpire";
  renderBookmarks();
}

async function go(upto) {
  const n = Math.max(0, Math.min(replay.length, upto));
  const asked = ++replay.asked;  // a later step wins over an answer still on its way
  try {
    const [state, svg] = await Promise.all([
      callApi(replayUrl(`/replay?upto=${n}${fullQuery()}`)),
      fetch(replayUrl(`/replay.svg?upto=${n}${fullQuery()}`)).then((r) => r.text()),
    ]);
    if (asked !== replay.asked) return;
    replay.upto = n;
    renderBoard(svg);
    renderPosition(state);
    showError(null);
    document.body.dataset.upto = String(n);
  } catch (error) {
    showError(error.message);
  }
}

function renderBoard(svgText) {
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  mountBoard(document.getElementById("svg"), document.importNode(doc.documentElement, true),
    () => {}, []);
}

function renderPosition(state) {
  const n = replay.upto;
  document.getElementById("slider").value = String(n);
  document.getElementById("position").textContent = `${n} / ${replay.length}`;
  document.getElementById("clock").textContent = state.clock;
  document.getElementById("status").textContent =
    `${replay.full ? "the full record" : `as ${replay.seat} knew it`} · entry ${n} of ${replay.length}`;
  document.getElementById("first").disabled = document.getElementById("back").disabled = n === 0;
  document.getElementById("forward").disabled = document.getElementById("last").disabled =
    n === replay.length;
  const item = replay.log[n - 1];
  const box = document.getElementById("entry");
  if (!item) {
    box.replaceChildren(el("p", {class: "empty"}, "The start of the game, before any entry."));
  } else {
    const head = item.kind === "undo" ? `undo of ${show(item.undoes)}` : seatName(replay.view, item.seat);
    box.replaceChildren(el("p", {}, el("span", {class: "who"}, `${item.n}. ${head}`),
      item.undone ? " (undone later)" : ""),
      ...item.events.map((e) => el("p", {class: "event"}, namedText(e.text, replay.view))));
  }
  const note = noteOn(n);
  document.getElementById("note").value = note ? note.text : "";
  document.getElementById("note-form").hidden = n === 0;
  renderBookmarks();
}

function noteOn(n) {
  return replay.notes.find((x) => x.n === n && x.full === replay.full);
}

function renderBookmarks() {
  const mine = replay.notes.filter((x) => x.full === replay.full);
  const list = document.getElementById("bookmarks");
  list.replaceChildren(...mine.map((x) => {
    const jump = el("button", {type: "button", "data-n": String(x.n)}, `${x.n}: ${x.text}`);
    jump.addEventListener("click", () => go(x.n));
    const li = el("li", {}, jump);
    if (x.n === replay.upto) li.classList.add("current");
    return li;
  }));
  if (!mine.length) list.replaceChildren(el("li", {class: "empty"}, "none yet"));
}

async function keepNote(event) {
  event.preventDefault();
  try {
    const answer = await callApi(replayUrl("/notes"),
      {n: replay.upto, text: document.getElementById("note").value, full: replay.full});
    replay.notes = answer.notes;
    renderBookmarks();
  } catch (error) {
    showError(error.message);
  }
}

async function toggleFull() {
  replay.full = document.getElementById("full").checked;
  await reload();
  await go(replay.length);
}

async function revealAll() {
  try {
    await callApi(replayUrl("/reveal"), {});
    await reload();
  } catch (error) {
    showError(error.message);
  }
}

async function runAudit() {
  const box = document.getElementById("audit-result");
  try {
    const result = await audit(replayToken);
    const unkept = result.unkept.length
      ? ` ${result.unkept.length} entries never reached this browser's pages and were not checked.`
      : "";
    const things = result.thingsFailed.length
      ? ` Does not match: hidden things ${result.thingsFailed.join(", ")} differ from what was ` +
        "committed."
      : ` All ${result.things} hidden things match what was committed.`;
    box.textContent = (result.failed.length
      ? `Does not match: entries ${result.failed.join(", ")} differ from what was committed then.`
      : `Verified: all ${result.checked} entries match their commitments ` +
        `(${result.hidden} records were hidden from this seat).`) + things + unkept;
    box.className = result.failed.length || result.thingsFailed.length ? "refused" : "verified";
  } catch (error) {
    showError(error.message);
  }
}

document.getElementById("audit").addEventListener("click", runAudit);
document.getElementById("first").addEventListener("click", () => go(0));
document.getElementById("back").addEventListener("click", () => go(replay.upto - 1));
document.getElementById("forward").addEventListener("click", () => go(replay.upto + 1));
document.getElementById("last").addEventListener("click", () => go(replay.length));
document.getElementById("slider").addEventListener("input", (e) => go(Number(e.target.value)));
document.getElementById("note-form").addEventListener("submit", keepNote);
document.getElementById("full").addEventListener("change", toggleFull);
document.getElementById("reveal").addEventListener("click", revealAll);
document.addEventListener("keydown", (e) => {
  if (e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT") return;
  if (e.key === "ArrowLeft") go(replay.upto - 1);
  if (e.key === "ArrowRight") go(replay.upto + 1);
});
start().catch((error) => showError(error.message));
