"use strict";
// The board on a seat's page: the server's SVG of this seat's view, with zoom and pan (wheel,
// drag, pinch, and + / − / fit buttons) kept across refreshes. On a phone it starts at the zoom
// the picture asks for (data-phone-zoom), so that labels and counters stay readable, centred on
// the units in `focus` (the selected one, or the seat's own). A tap calls `onTap` with what it hit:
// `{unit, id, point, ids}` (the unit's id, the topmost drawn thing's id, the table point in
// inches, and the ids of everything drawn under the finger). While
// `boardView.picker` is set (a destination or a facing being chosen), a one-finger drag or a
// mouse hover moves the picker (`picker(point, pressed)`) instead of the table.
//
// `boardReleased()` resolves once no finger or button is down on the board (after the click its
// release makes): a page redraws only then, so that nothing moves under a tap and loses it.

const boardView = {box: null, key: null, fit: null, picker: null, down: new Set(), waiting: []};

function boardReleased() {
  if (!boardView.down.size) return Promise.resolve();
  return new Promise((go) => boardView.waiting.push(go));
}

function released(event) {
  if (!boardView.down.delete(event.pointerId) || boardView.down.size) return;
  const waiting = boardView.waiting.splice(0);
  setTimeout(() => waiting.forEach((go) => go()), 0);  // after the click of this release
}
window.addEventListener("pointerup", released, true);  // wherever the finger lifts
window.addEventListener("pointercancel", released, true);

// The table point (inches, +y up the table) under a screen point: the SVG draws y downwards.
function tablePoint(svg, clientX, clientY) {
  const [x, y] = boardPoint(svg, clientX, clientY);
  return [Math.round(x * 100) / 100, Math.round(-y * 100) / 100];
}

// The board point under a screen point, through the SVG's own transform: right even when the
// picture does not fill its box (a phone's board held short while the sheet is open).
function boardPoint(svg, clientX, clientY) {
  const m = svg.getScreenCTM();
  if (m) {
    const p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }
  const rect = svg.getBoundingClientRect();
  const b = boardView.box;
  return [b.x + (clientX - rect.left) / rect.width * b.w,
          b.y + (clientY - rect.top) / rect.height * b.h];
}

function mountBoard(container, svg, onTap, focus) {
  const full = svg.viewBox.baseVal;
  const fit = {x: full.x, y: full.y, w: full.width, h: full.height};
  const key = `${fit.w}x${fit.h}`;
  const controls = document.createElement("div");
  controls.className = "zoom";
  container.replaceChildren(svg, controls);
  if (!boardView.box) {
    const zoom = window.innerWidth <= 500 ? Number(svg.dataset.phoneZoom || 1) : 1;
    const [cx, cy] = focusPoint(svg, focus) || [fit.x + fit.w / 2, fit.y + fit.h / 2];
    boardView.box = zoomed(fit, Math.max(1, zoom), cx, cy);
  } else if (boardView.key !== key) {  // the picture grew or shrank (its legend): the same view
    const b = boardView.box;
    const whole = b.w >= boardView.fit.w && b.h >= boardView.fit.h;
    boardView.box = whole ? {...fit} : clamp(fit, {x: b.x, y: b.y, w: Math.min(b.w, fit.w),
      h: Math.min(b.h, fit.h)});
  }
  boardView.key = key;
  boardView.fit = fit;
  const apply = () => {
    const b = boardView.box;
    svg.setAttribute("viewBox", `${b.x} ${b.y} ${b.w} ${b.h}`);
  };
  apply();
  svg.style.touchAction = "none";

  const toBoard = (clientX, clientY) => boardPoint(svg, clientX, clientY);
  const zoomAt = (factor, clientX, clientY) => {
    const [x, y] = toBoard(clientX, clientY);
    const b = boardView.box;
    const scale = Math.min(Math.max(fit.w / b.w * factor, 1), 12);
    boardView.box = zoomed(fit, scale, x, y, b, clientX, clientY, svg);
    apply();
  };

  svg.addEventListener("wheel", (event) => {
    event.preventDefault();
    zoomAt(event.deltaY < 0 ? 1.2 : 1 / 1.2, event.clientX, event.clientY);
  }, {passive: false});

  const pointers = new Map();
  let moved = 0;
  let pinch = null;
  svg.addEventListener("pointerdown", (event) => {
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    boardView.down.add(event.pointerId);
    moved = 0;
    if (pointers.size === 2) pinch = spread(pointers);
  });
  svg.addEventListener("pointermove", (event) => {
    const last = pointers.get(event.pointerId);
    if (boardView.picker && pointers.size <= 1) {  // choosing a point: the table stays put
      if (last || event.pointerType === "mouse") {  // pressed: a drag; else a mouse hovering
        boardView.picker(tablePoint(svg, event.clientX, event.clientY), Boolean(last));
      }
      if (last) {
        moved += Math.abs(event.clientX - last[0]) + Math.abs(event.clientY - last[1]);
        pointers.set(event.pointerId, [event.clientX, event.clientY]);
      }
      return;
    }
    if (!last) return;
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
    if (pointers.size === 2 && pinch) {
      const now = spread(pointers);
      const [cx, cy] = centre(pointers);
      zoomAt(now / pinch, cx, cy);
      pinch = now;
      moved += 10;
      return;
    }
    const rect = svg.getBoundingClientRect();
    const b = boardView.box;
    const dx = (event.clientX - last[0]) / rect.width * b.w;
    const dy = (event.clientY - last[1]) / rect.height * b.h;
    moved += Math.abs(event.clientX - last[0]) + Math.abs(event.clientY - last[1]);
    if (moved > 4) {
      boardView.box = clamp(fit, {x: b.x - dx, y: b.y - dy, w: b.w, h: b.h});
      apply();
    }
  });
  const release = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
  };
  svg.addEventListener("pointerup", release);
  svg.addEventListener("pointercancel", release);
  svg.addEventListener("click", (event) => {
    const point = tablePoint(svg, event.clientX, event.clientY);
    if (boardView.picker) {  // a tap or the end of a drag sets the point
      onTap({unit: null, id: null, point});
      return;
    }
    if (moved > 4) return;  // the end of a drag, not a tap
    const unit = event.target.closest("[data-unit]");
    const thing = event.target.closest("[data-id]");
    // everything drawn under the finger, topmost first: a target may lie under a counter
    const ids = document.elementsFromPoint(event.clientX, event.clientY)
      .map((node) => node.closest && node.closest("[data-unit], [data-id]")).filter(Boolean)
      .map((node) => node.dataset.unit || node.dataset.id);
    onTap({unit: unit ? unit.dataset.unit : null, id: thing ? thing.dataset.id : null, point,
      ids: [...new Set(ids)]});
  });

  for (const [label, title, act] of [
    ["+", "zoom in", () => zoomAt(1.5, ...middle(svg))],
    ["−", "zoom out", () => zoomAt(1 / 1.5, ...middle(svg))],
    ["⤢", "the whole table", () => { boardView.box = {...fit}; apply(); }],
  ]) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.title = title;
    button.setAttribute("aria-label", title);
    button.addEventListener("click", act);
    controls.append(button);
  }
}

// The middle of the drawn units named in `focus`, in board units, or null.
function focusPoint(svg, focus) {
  const boxes = (focus || []).map((id) => svg.querySelector(`g[data-unit="${CSS.escape(id)}"]`))
    .filter(Boolean).map((g) => g.getBBox());
  if (!boxes.length) return null;
  const xs = boxes.flatMap((b) => [b.x, b.x + b.width]);
  const ys = boxes.flatMap((b) => [b.y, b.y + b.height]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

function zoomed(fit, scale, x, y, before, clientX, clientY, svg) {
  const w = fit.w / scale;
  const h = fit.h / scale;
  if (!before) return clamp(fit, {x: x - w / 2, y: y - h / 2, w, h});
  // keep the board point under the pointer where it is
  const rect = svg.getBoundingClientRect();
  const fx = (clientX - rect.left) / rect.width;
  const fy = (clientY - rect.top) / rect.height;
  return clamp(fit, {x: x - fx * w, y: y - fy * h, w, h});
}

function clamp(fit, b) {
  const x = Math.min(Math.max(b.x, fit.x), fit.x + fit.w - b.w);
  const y = Math.min(Math.max(b.y, fit.y), fit.y + fit.h - b.h);
  return {x, y, w: b.w, h: b.h};
}

function spread(pointers) {
  const [a, b] = [...pointers.values()];
  return Math.hypot(a[0] - b[0], a[1] - b[1]) || 1;
}

function centre(pointers) {
  const [a, b] = [...pointers.values()];
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

function middle(svg) {
  const rect = svg.getBoundingClientRect();
  return [rect.left + rect.width / 2, rect.top + rect.height / 2];
}
