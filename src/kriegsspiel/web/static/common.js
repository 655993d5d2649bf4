"use strict";
// Helpers shared by the pages. All text goes in through textContent, never as HTML.

// An element with attributes and children (strings become text).
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

// Show one error message (or hide the box with null).
function showError(message) {
  const box = document.getElementById("error");
  box.textContent = message || "";
  box.hidden = !message;
}

// Call the JSON API; throws an Error carrying the server's one-line message (and `status`).
async function callApi(url, body, headers = {}) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: {"content-type": "application/json", ...headers},
    body: JSON.stringify(body),
  };
  const response = await fetch(url, options);
  const data = await response.json().catch(() => ({error: `${response.status} ${response.statusText}`}));
  if (!response.ok) {
    const error = new Error(data.error || response.statusText);
    error.status = response.status;
    throw error;
  }
  return data;
}

// A value for display: lists joined, objects as compact JSON.
// A seat as players call it: its side's name (a view's `sides`), "Umpire", or the seat itself.
function seatName(view, seat) {
  if (seat === "umpire") return "Umpire";
  const side = ((view && view.sides) || []).find((s) => s.id === seat);
  return side && side.name ? side.name : seat;
}

// A text of the server's (an outcome, a log line) with the ids of the things this seat's view
// names (any list of {id, name} but the sides, whose names the texts already use; units' men and
// crewmen too) read as their names: "sherman-1's main gun at pzf-1a: miss" reads "Sherman 1 (Sgt
// Miller)'s main gun at Gefr Lenz: miss". Only whole ids, and only what the view holds, so a
// text tells nothing the view does not.
const namesOf = new WeakMap();
function namedText(text, view) {
  if (!text || !view || typeof view !== "object") return text;
  let found = namesOf.get(view);
  if (!found) {
    const names = new Map();
    const add = (item) => {
      if (!item || typeof item !== "object") return;
      const name = item.name || item.label;
      if (typeof item.id === "string" && typeof name === "string" && name && name !== item.id) {
        names.set(item.id, name);
      }
      for (const inner of [...(item.men || []), ...(item.crew || [])]) add(inner);
    };
    for (const [key, list] of Object.entries(view)) {
      if (key !== "sides" && Array.isArray(list)) list.forEach(add);
    }
    const ids = [...names.keys()].sort((a, b) => b.length - a.length)
      .map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const whole = ids.length
      ? new RegExp(`(?<![\\w.#-])(?:${ids.join("|")})(?![\\w#-]|\\.\\w)`, "g") : null;
    found = {names, whole};
    namesOf.set(view, found);
  }
  return found.whole ? text.replace(found.whole, (id) => found.names.get(id)) : text;
}

function show(value) {
  if (value === null || value === undefined) return "–";
  if (Array.isArray(value)) return value.map(show).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

// A table of rows (objects), with the union of their keys as columns.
function rowsTable(rows) {
  if (!rows.length) return el("p", {class: "empty"}, "none");
  const keys = [...new Set(rows.flatMap(Object.keys))];
  const head = el("tr", {}, ...keys.map((k) => el("th", {scope: "col"}, k.replaceAll("_", " "))));
  const body = rows.map((row) => el("tr", {}, ...keys.map((k) => el("td", {}, show(row[k])))));
  return el("div", {class: "scroll", tabindex: "0"}, el("table", {}, el("thead", {}, head), el("tbody", {}, ...body)));
}
