"use strict";
// A seat's log kept in the page: only the entries after the newest one held are fetched
// (GET …/log?since=N, in the seat's own numbering), so what one action costs a page does not grow
// with the game; an undo entry marks what it took back (its `undoes` numbers).

function logFeed(seatUrl) {
  const entries = [];
  return {
    entries,
    async update() {
      const since = entries.length;
      const fresh = (await callApi(seatUrl(`/log?since=${since}`))).log;
      if (typeof keepCommitments === "function") {  // audit.js: kept for the audit after the game
        keepCommitments(seatUrl("").split("/").pop(), since).catch(() => {});
      }
      for (const item of fresh) {
        if (item.n !== entries.length + 1) continue;  // two updates crossed: held already
        for (const n of item.undoes || []) if (entries[n - 1]) entries[n - 1].undone = true;
        entries.push(item);
      }
      return entries;
    },
  };
}

// Follow a seat's live notices: `onChange(version)` once per connection and whenever the seat's
// version moves; `onState(connected)` as the socket opens and closes; `onRevealed()` when told the
// whole record is open to every seat (once a connection). Reconnects unless revoked.
function followLive(seatUrl, onChange, onState, onError, onRevealed = () => {}) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${seatUrl("/live")}`);
  let version = null;  // a new connection always refreshes: the server may have restarted
  socket.onopen = () => onState(true);
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.error) onError(data.error);
    else if (data.type === "revealed") onRevealed();
    else if (data.type === "changed" && data.version !== version) {
      version = data.version;
      onChange(version);
    }
  };
  socket.onclose = (event) => {
    onState(false);
    const wait = event.code === 4429 ? 30000 : 2000;  // 4429: the link has too many pages open
    if (event.code !== 4404) {
      setTimeout(() => followLive(seatUrl, onChange, onState, onError, onRevealed), wait);
    }
  };
}
