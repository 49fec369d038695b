// polylift IR explorer: stage tabs and code/diff views on kernel pages. No framework.
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

function followHash() {
  const id = decodeURIComponent(location.hash.slice(1));
  if (id.startsWith("src-") && showStage("stage-source")) {
    const line = document.getElementById(id);
    if (line) line.scrollIntoView({ block: "center" });
  } else if (id) {
    showStage(id);
  }
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
  followHash();
  window.addEventListener("hashchange", followHash);
});
