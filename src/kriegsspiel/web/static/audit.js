"use strict";
// Auditing the record: every commitment a page of this seat received is kept in the browser
// (localStorage): each entry's, and each slot's commitment to a thing hidden from the seat (a
// buried minefield, a Blind's contents). A thing shown to the seat in play comes opened with the
// entry that shows it, and is checked at once against the commitment kept before; once the game
// is revealed, every entry's and every slot's opening is checked the same way (sha256.js).

const auditKey = (token) => `kriegsspiel-commitments-${token}`;
const thingsKey = (token) => `kriegsspiel-things-${token}`;

function keptIn(key) {
  try { return JSON.parse(localStorage.getItem(key) || "{}"); }
  catch { return {}; }
}

function keep(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* full: skip */ }
}

function keptCommitments(token) { return keptIn(auditKey(token)); }

// Fetch the commitments after entry `since` and keep any not kept yet (never overwriting one);
// check the things those entries opened against what was kept before this answer came. With
// `keepNew` false (the replay page, opened after the fact) nothing new is kept: only checked.
async function keepCommitments(token, since, keepNew = true) {
  const answer = await callApi(`/api/seats/${token}/commitments?since=${since}`);
  const kept = keptCommitments(token);
  const before = keptIn(thingsKey(token));
  if (keepNew) {
    const things = {...before};
    for (const c of answer.commitments) {
      if (c.commitment && !(c.n in kept)) kept[c.n] = c.commitment;
      for (const t of c.things) if (!(t.slot in things)) things[t.slot] = t.commitment;
    }
    keep(auditKey(token), kept);
    keep(thingsKey(token), things);
  }
  showChecks(answer.opened.map((o) => checkThing(o, before)));
  return kept;
}

const matches = (opening, text, commitment) => sha256Hex(`${opening.salt}\n${text}`) === commitment;

// One opened thing, in words: {slot, ok (true, false; null: never kept here), text}.
function checkThing(opening, kept) {
  let content = null;
  try { content = JSON.parse(opening.content); } catch { /* not JSON: cannot match either */ }
  const label = (content && content.label) || "A hidden thing";
  const at = opening.slot.split(".")[0];
  const when = at === "0" ? "at the start" : `with entry ${at}`;
  if (!(opening.slot in kept)) {
    return {slot: opening.slot, ok: null,
      text: `${label}: not checked — this browser never received its commitment`};
  }
  const ok = matches(opening, opening.content, kept[opening.slot]);
  return {slot: opening.slot, ok, text: ok
    ? `${label}: verified — it was as the umpire committed ${when}`
    : `${label}: does not match — it is not what the umpire committed ${when}`};
}

// The checks in the page's #checks list (newest last), one line a slot.
function showChecks(checks) {
  const list = document.getElementById("checks");
  if (!list || !checks.length) return;
  for (const check of checks) {
    const old = list.querySelector(`[data-slot="${check.slot}"]`);
    const line = el("li", {"data-slot": check.slot,
      class: check.ok ? "verified" : check.ok === false ? "refused" : "unchecked"}, check.text);
    if (old) old.replaceWith(line); else list.append(line);
  }
  list.hidden = false;
}

// Check every opening against the commitment this browser kept when the entry came. An entry or
// slot it never received cannot be checked (the server's commitment of today proves nothing): it
// is counted apart. {checked, failed: [n...], unkept: [n...], hidden: records hidden in all,
// things: slots checked, thingsFailed: [slot...]}.
async function audit(token) {
  const kept = keptCommitments(token);
  const things = keptIn(thingsKey(token));
  const {openings} = await callApi(`/api/seats/${token}/openings`);
  const failed = [];
  const unkept = [];
  const thingsFailed = [];
  let hidden = 0;
  let checked = 0;
  let thingsChecked = 0;
  for (const o of openings) {
    for (const t of o.things) {
      if (!(t.slot in things)) continue;
      thingsChecked += 1;
      if (!matches(t, t.content, things[t.slot])) thingsFailed.push(t.slot);
    }
    if (o.salt === undefined || o.salt === null) continue;  // the start: slots only
    if (!(o.n in kept)) unkept.push(o.n);
    else if (!matches(o, o.hidden, kept[o.n])) failed.push(o.n);
    else hidden += JSON.parse(o.hidden).length;
    if (o.n in kept) checked += 1;
  }
  return {checked, failed, unkept, hidden, things: thingsChecked, thingsFailed};
}
