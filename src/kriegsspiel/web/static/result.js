// The game's score and, once it is over, its result: a banner under the page's header, from the
// seat table's `scores` and `result` (docs/victory.md). Self-contained: seat.js calls
// renderResult(table) after each refresh.
"use strict";

function renderResult(table) {
  let banner = document.getElementById("result");
  if (!banner) {
    banner = document.createElement("section");
    banner.id = "result";
    banner.setAttribute("role", "status");
    document.querySelector("header").after(banner);
  }
  const sides = Object.keys(table.scores || {});
  const board = sides.map((side) => `${seatName(table.view, side)} ${table.scores[side]}`).join(" · ");
  banner.replaceChildren();
  const result = table.result;
  banner.className = result ? "result over" : "result";
  const head = document.createElement(result ? "h2" : "p");
  if (result) {
    // the last reason is the verdict in words, naming the sides ("Wehrmacht wins (…)")
    head.textContent = `Game over: ${result.reasons[result.reasons.length - 1]}`;
  } else {
    head.textContent = board ? `Score: ${board}` : "";
  }
  banner.append(head);
  if (result) {
    const reasons = document.createElement("ul");
    for (const reason of result.reasons.slice(0, -1)) {
      const item = document.createElement("li");
      item.textContent = reason;
      reasons.append(item);
    }
    banner.append(reasons);
  }
  banner.hidden = !head.textContent;
}
