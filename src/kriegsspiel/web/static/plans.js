"use strict";
// "When will it be done?": one line per task in progress, each from
// GET /api/seats/{token}/plan/{task} (the seat's own view: exact fractions in the answer, the
// line in words and percentages, what the plan assumes as the line's tooltip). The seat page's
// ledger calls renderPlans(token, view.tasks, box) whenever it redraws the tasks.

const PLANNED = new Set(["open", "building"]);

async function renderPlans(token, tasks, box) {
  if (!box) return;
  const open = (tasks || []).filter((t) => PLANNED.has(t.status));
  const lines = await Promise.all(open.map(async (task) => {
    const url = `/api/seats/${token}/plan/${encodeURIComponent(task.id)}`;
    try {
      const plan = await callApi(url);
      const assumes = plan.assumptions.map((a) => `assumes ${a}`).join("\n");
      return el("li", {title: assumes}, plan.summary);
    } catch (err) {
      return el("li", {class: "empty"}, `${task.name || task.id}: ${err.message}`);
    }
  }));
  box.replaceChildren(lines.length ? el("ul", {class: "plans"}, ...lines)
    : el("p", {class: "empty"}, "no task in progress"));
}
