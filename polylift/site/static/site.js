// polylift IR explorer: stage tabs, code/diff views, MLIR ops linked to their C lines
// (kernel pages) and the search (index). No framework, no fetch(): it runs from file://.
"use strict";
document.documentElement.classList.add("js");

function showStage(id) {
  const panel = document.getElementById(id);
  if (!panel || !panel.classList.contains("panel")) return false;
  for (const p of document.querySelectorAll(".panel")) p.classList.toggle("active", p === panel);
  for (const t of document.querySelectorAll(".tab")) {
    const on = t.dataset.tab === id;
    t.classList.toggle("active", on);
    t.setAttribute("aria-selected", on ? "true" : "false");
  }
  return true;
}

function showView(panel, view) {
  panel.classList.toggle("show-code", view === "code");
  panel.classList.toggle("show-diff", view === "diff");
  for (const b of panel.querySelectorAll(".view")) {
    b.classList.toggle("active", b.dataset.view === view);
  }
}

function mark(elements) {
  for (const e of document.querySelectorAll(".hit")) e.classList.remove("hit");
  for (const e of elements) e.classList.add("hit");
}

// `#src-12`: C line 12 in the source tab; `#op-<stage>-<line>`: an op of a stage, with
// every op of that stage from the same C line; anything else: a stage's tab.
function followHash() {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id && document.getElementById(id);
  if (id.startsWith("src-") && showStage("stage-source")) {
    if (!target) return;
    mark([target]);
    target.scrollIntoView({ block: "center" });
  } else if (id.startsWith("op-") && target) {
    const panel = target.closest(".panel");
    showStage(panel.id);
    showView(panel, "code");
    mark(panel.querySelectorAll(`.op[data-c="${target.dataset.c}"]`));
    target.scrollIntoView({ block: "center" });
  } else if (id) {
    showStage(id);
  }
}

function go(id) {
  if (location.hash === "#" + id) followHash();
  else location.hash = id;
}

// A click on an op line (not on a link in it, nor ending a selection) goes to its C
// line; one on a C line that ops came from marks it, which keeps its links to them shown.
function linkOps() {
  const follow = (element, id) => element.addEventListener("click", (event) => {
    if (event.target.closest("a") || String(window.getSelection())) return;
    go(id);
  });
  for (const op of document.querySelectorAll(".op")) follow(op, "src-" + op.dataset.c);
  for (const line of document.querySelectorAll(".cl.has-ops")) follow(line, line.id);
}

function setupSearch() {
  const box = document.getElementById("search-box");
  const data = document.getElementById("search-index");
  if (!box || !data) return;
  const entries = JSON.parse(data.textContent);
  const count = document.getElementById("search-count");
  const filter = () => {
    const words = box.value.toLowerCase().split(/\s+/).filter(Boolean);
    const found = entries.filter((e) => words.every((w) => e.text.includes(w)));
    const keys = new Set(found.map((e) => e.key));
    for (const e of document.querySelectorAll("[data-search]")) {
      e.hidden = !keys.has(e.dataset.search);
    }
    for (const s of document.querySelectorAll("section.suite")) {
      s.hidden = !s.querySelector("[data-search]:not([hidden])");
    }
    const of = (kind) => `${found.filter((e) => e.kind === kind).length} of ` +
      `${entries.filter((e) => e.kind === kind).length}`;
    count.textContent = words.length ? `${of("kernel")} kernels, ${of("template")} templates` : "";
  };
  box.addEventListener("input", filter);
  filter();
}

document.addEventListener("DOMContentLoaded", () => {
  const tabs = document.querySelectorAll(".tab");
  for (const t of tabs) t.addEventListener("click", () => showStage(t.dataset.tab));
  for (const panel of document.querySelectorAll(".panel")) {
    showView(panel, "code");
    for (const b of panel.querySelectorAll(".view")) {
      b.addEventListener("click", () => showView(panel, b.dataset.view));
    }
  }
  if (tabs.length) showStage(tabs[0].dataset.tab);
  linkOps();
  setupSearch();
  followHash();
  window.addEventListener("hashchange", followHash);
});
