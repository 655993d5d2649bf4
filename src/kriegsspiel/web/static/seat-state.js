// What a seat's page knows, shared by its modules: the seat's last table and log, the selected
// unit, and the API addresses. Nothing here outlives the page; nothing is shared across seats.

export const token = location.pathname.split("/").pop();
export const seatUrl = (path) => `/api/seats/${token}${path}`;
export const state = {table: null, log: [], selected: null};

// A side's name, from the view's `sides` (common.js `seatName`).
export function sideName(id) {
  return seatName(state.table && state.table.view, id);
}

// A text of the server's, or an id, with the ids this seat's view names put as their names
// (common.js `namedText`).
export function named(text) {
  return namedText(text, state.table && state.table.view);
}
