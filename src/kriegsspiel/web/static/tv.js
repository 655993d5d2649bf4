"use strict";
// The table display (the public seat, or any seat with ?display=tv): the seat's board, a large
// banner of whose turn it is, the phase and what just happened, and the last events newest first.
// No action controls: it only shows what its seat's API answers hold, and follows them live.

const tvToken = location.pathname.split("/").pop();
const tvUrl = (path) => `/api/seats/${tvToken}${path}`;
const tvFeed = logFeed(tvUrl);
const SHOWN_EVENTS = 12;  // as many as fit a 720-line screen in large type; the rest are cut

async function refreshTv() {
  try {
    const [table, log, svg] = await Promise.all([
      callApi(tvUrl("")),
      tvFeed.update(),
      fetch(tvUrl("/table.svg")).then((r) => r.text()),
    ]);
    renderBanner(table, log);
    renderTvBoard(svg);
    renderEvents(log, table.view);
    showError(null);
    document.body.dataset.loaded = String(Number(document.body.dataset.loaded || 0) + 1);
  } catch (error) {
    showError(error.message);
  }
}

function renderBanner(table, log) {
  document.title = `${table.title} – table display`;
  document.getElementById("title").textContent = table.title;
  const acting = table.to_act.map((seat) => seatName(table.view, seat));
  document.getElementById("turn").textContent = table.view.over
    ? "The game is over"
    : acting.length ? `${acting.join(" and ")} to act` : "Nobody to act";
  document.getElementById("phase").textContent = table.clock;
  const last = [...log].reverse().find((item) => !item.undone && item.events.length);
  document.getElementById("happening").textContent = last
    ? last.events.map((e) => namedText(e.text, table.view)).join(" · ") : "The game begins.";
  const parts = [table.seat_name, table.clock];
  if (!table.view.over) parts.push(`to act: ${acting.join(", ") || "nobody"}`);
  document.getElementById("status").textContent = parts.join(" · ");
}

function renderTvBoard(svgText) {
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = document.importNode(doc.documentElement, true);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  mountBoard(document.getElementById("svg"), svg, () => {}, []);
}

function renderEvents(log, view) {
  const newest = log.slice(-SHOWN_EVENTS).reverse();
  document.getElementById("log").replaceChildren(...newest.map((item) => {
    const head = item.kind === "undo" ? `undo of ${show(item.undoes)}` : seatName(view, item.seat);
    const texts = item.events.map((e) => el("span", {class: "event"}, namedText(e.text, view)));
    const li = el("li", {value: String(item.n)}, el("span", {class: "who"}, head), ...texts);
    if (item.undone) li.classList.add("undone");
    return li;
  }));
}

function setLive(on) {
  const live = document.getElementById("live");
  live.textContent = on ? "● live" : "○ reconnecting…";
  live.className = on ? "live on" : "live off";
}

refreshTv();
followLive(tvUrl, refreshTv, setLive, showError);
