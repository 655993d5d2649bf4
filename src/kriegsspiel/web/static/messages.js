"use strict";
// A seat page's message box: a message to everyone, the umpire or a side. Messages are entries
// of the log, shown to their audience alone, so they arrive in the log like everything else.

async function messageBox() {
  const token = location.pathname.split("/").pop();
  const table = await callApi(`/api/seats/${token}`);
  if (table.seat === "public") return;  // the display only shows
  const sides = table.seats.filter((s) => s !== "umpire" && s !== "public");
  const to = el("select", {id: "message-to", "aria-label": "to"},
    el("option", {value: "everyone"}, "everyone"),
    ...(table.seat === "umpire" ? [] : [el("option", {value: "umpire"}, "the umpire only")]),
    ...sides.map((s) => el("option", {value: s}, s === table.seat ? `${s} (own side)` : s)));
  const text = el("input", {id: "message-text", maxlength: "1000", autocomplete: "off",
    placeholder: table.seat === "umpire" ? "e.g. your scouts report dust to the north" : "a message"});
  const send = el("button", {type: "submit", id: "message-send"}, "Send");
  const form = el("form", {id: "message-form"}, el("p", {}, "To ", to), el("p", {}, text, " ", send));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      await callApi(`/api/seats/${token}/message`, {text: text.value, to: to.value});
      text.value = "";
      showError(null);
    } catch (error) {
      showError(error.message);
    }
  });
  document.querySelector("main").append(el("section", {id: "messages-section"},
    el("h2", {}, "Messages"),
    el("p", {class: "small"}, "Each message is kept in the log, shown to its audience alone."),
    form));
}

messageBox().catch((error) => showError(error.message));
