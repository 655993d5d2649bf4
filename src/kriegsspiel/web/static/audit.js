"use strict";
// Auditing the record: every commitment a page of this seat received is kept in the browser
// (localStorage), and once the game is revealed, each entry's opening (its salt and the records
// it hid from this seat) is hashed here and compared with the commitment received at the time.

const auditKey = (token) => `kriegsspiel-commitments-${token}`;

function keptCommitments(token) {
  try { return JSON.parse(localStorage.getItem(auditKey(token)) || "{}"); }
  catch { return {}; }
}

// Fetch the commitments after entry `since` and keep any not kept yet (never overwriting one).
async function keepCommitments(token, since) {
  const answer = await callApi(`/api/seats/${token}/commitments?since=${since}`);
  const kept = keptCommitments(token);
  for (const c of answer.commitments) if (!(c.n in kept)) kept[c.n] = c.commitment;
  try { localStorage.setItem(auditKey(token), JSON.stringify(kept)); } catch { /* full: skip */ }
  return kept;
}

// Check every opening against the commitment this browser kept when the entry came. An entry it
// never received cannot be checked (the server's commitment of today proves nothing): it is
// counted apart. {checked, failed: [n...], unkept: [n...], hidden: records hidden in all}.
async function audit(token) {
  const kept = keptCommitments(token);
  const {openings} = await callApi(`/api/seats/${token}/openings`);
  const failed = [];
  const unkept = [];
  let hidden = 0;
  for (const o of openings) {
    if (!(o.n in kept)) unkept.push(o.n);
    else if (sha256Hex(`${o.salt}\n${o.hidden}`) !== kept[o.n]) failed.push(o.n);
    else hidden += JSON.parse(o.hidden).length;
  }
  return {checked: openings.length - unkept.length, failed, unkept, hidden};
}
