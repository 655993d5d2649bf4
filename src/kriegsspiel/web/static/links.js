"use strict";
// Seat links, each with its QR code, a copy button and a new-link button (which revokes the old
// link at once, its live connections included). Used by the host page; on a seat page it shows
// the game's links to the umpire alone (any other seat is refused them, and nothing is shown),
// and a link to the seat's replay.

// Draw `links` ([{seat, url, qr}]) into `box`; `reissue(seat)` resolves to the new link.
function renderSeatLinks(box, links, reissue) {
  box.replaceChildren(...links.map((link) => {
    const address = el("input", {readonly: "", value: link.url, "data-seat": link.seat,
      "aria-label": `${link.seat}'s link`});
    const copied = el("span", {class: "copied", role: "status"});
    const copy = el("button", {type: "button", class: "copy"}, "Copy");
    copy.addEventListener("click", async () => {
      copied.textContent = await copyText(address) ? "copied" : "select it and copy";
    });
    const buttons = el("p", {class: "buttons"}, copy);
    if (reissue) {
      const again = el("button", {type: "button", class: "reissue"}, "New link (revokes this one)");
      again.addEventListener("click", async () => {
        try {
          const fresh = await reissue(link.seat);
          Object.assign(link, fresh);
          renderSeatLinks(box, links, reissue);
        } catch (error) {
          showError(error.message);
        }
      });
      buttons.append(again);
    }
    buttons.append(copied);
    return el("div", {class: "seat-link", "data-seat": link.seat},
      el("h3", {}, link.seat),
      el("img", {src: link.qr, alt: `QR code of ${link.seat}'s link`}),
      address, buttons);
  }));
}

// Copy an input's text: the clipboard API where the page is a secure context, else selection.
async function copyText(input) {
  input.select();
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(input.value);
      return true;
    }
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

// On a seat page: the umpire's panel of the game's links.
async function umpireLinks() {
  const token = location.pathname.split("/").pop();
  const response = await fetch(`/api/seats/${token}/links`);
  if (!response.ok) return;  // not the umpire: no links
  const data = await response.json();
  document.head.append(el("link", {rel: "stylesheet", href: "/static/links.css"}));
  const box = el("div", {class: "seat-links"});
  const others = data.seats.filter((s) => s.seat !== "umpire");
  const section = el("section", {id: "seat-links-section"},
    el("h2", {}, "Seat links"),
    el("p", {class: "small"}, "Each link is its seat's secret. A new link revokes the old one."),
    box);
  document.querySelector("main").append(section);
  renderSeatLinks(box, others, (seat) => callApi(`/api/seats/${token}/links/${seat}/reissue`, {}));
}

// On a seat page: a link to its replay, in the header; once the seat is told the game is
// revealed (live, `seat:revealed`), it offers the full record.
function replayLink() {
  const token = location.pathname.split("/").pop();
  const link = el("a", {id: "replay-link", href: `/play/${token}/replay`, style: "color: inherit"},
    "Replay the game");
  document.querySelector("header").append(el("p", {class: "small"}, link));
  document.addEventListener("seat:revealed", () => {
    link.textContent = "Replay the full record (revealed to every seat)";
    link.dataset.revealed = "true";
  });
}

if (document.body.dataset.page !== "host") {
  replayLink();
  umpireLinks();
}
