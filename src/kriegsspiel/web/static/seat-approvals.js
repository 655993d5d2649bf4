// Actions held for the umpire's approval of their declared modifiers (game option
// `declared_modifiers: umpire-approves`): every seat sees what waits and the modifier declared,
// before the roll; the umpire approves or refuses each; a seat is told of its refused ones.

import {seatUrl, sideName} from "./seat-state.js";

const words = {modifier: "declared modifier", defender_modifier: "defender's modifier"};
const signed = (v) => `${v >= 0 ? "+" : "−"}${Math.abs(v)}`;

function render(table) {
  const box = document.getElementById("approvals");
  const items = table.approvals || [];
  box.hidden = !items.length;
  const list = items.map((held) => {
    const mods = Object.entries(held.modifiers).map(([k, v]) => `${words[k] || k} ${signed(v)}`);
    const what = `${sideName(held.seat)}: ${held.label} — ${mods.join(", ")}`;
    const li = el("li", {}, held.refused ? `${what}: refused by the umpire` : `${what}: awaiting the umpire`);
    if (table.seat === "umpire" && !held.refused) {
      li.append(" ", decide(held, true), " ", decide(held, false));
    }
    return li;
  });
  document.getElementById("approval-list").replaceChildren(...list);
}

function decide(held, approve) {
  const button = el("button", {type: "button", class: approve ? "approve" : "refuse"},
    approve ? "Approve" : "Refuse");
  const key = crypto.randomUUID();
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await callApi(seatUrl("/approve"), {id: held.id, approve}, {"Idempotency-Key": key});
    } catch (error) {
      showError(error.message);
      button.disabled = false;
    }
  });
  return button;
}

document.addEventListener("seat:table", (event) => render(event.detail.table));
