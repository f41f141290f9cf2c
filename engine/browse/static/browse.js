// SPADE archive browser: table sorting and filtering, the rejected-designs toggle, and the
// live run view's refresh. Plain DOM; the pages work (unsorted, unfiltered) without it.
"use strict";

function cellValue(row, col, type) {
  const cell = row.cells[col];
  const v = cell.dataset.v !== undefined ? cell.dataset.v : cell.textContent.trim();
  if (type === "num") {
    const x = parseFloat(v);
    return Number.isNaN(x) ? null : x;
  }
  return v.toLowerCase();
}

function sortTable(table, col, th) {
  const type = th.dataset.type || "text";
  const desc = th.classList.contains("sorted-asc");  // second click reverses
  table.querySelectorAll("th").forEach((h) => h.classList.remove("sorted-asc", "sorted-desc"));
  th.classList.add(desc ? "sorted-desc" : "sorted-asc");
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  rows.sort((a, b) => {
    const x = cellValue(a, col, type), y = cellValue(b, col, type);
    if (x === null && y === null) return 0;
    if (x === null) return 1;  // empty cells last in both directions
    if (y === null) return -1;
    const c = x < y ? -1 : x > y ? 1 : 0;
    return desc ? -c : c;
  });
  rows.forEach((r) => body.appendChild(r));
}

function applyFilter() {
  const table = document.getElementById("archive");
  if (!table) return;
  const q = document.getElementById("filter").value.trim().toLowerCase();
  const showRejected = document.getElementById("show-rejected").checked;
  for (const row of table.tBodies[0].rows) {
    const rejectedHidden = row.dataset.kind === "rejected" && !showRejected;
    const text = row.textContent.toLowerCase();
    row.hidden = rejectedHidden || (q !== "" && !text.includes(q));
  }
}

function setupTable() {
  const table = document.getElementById("archive");
  if (!table) return;
  table.querySelectorAll("th").forEach((th, i) => th.addEventListener("click", () => sortTable(table, i, th)));
  document.getElementById("filter").addEventListener("input", applyFilter);
  document.getElementById("show-rejected").addEventListener("change", applyFilter);
  applyFilter();
}

function setupLive() {
  const live = document.getElementById("live");
  if (!live) return;
  const period = 1000 * parseFloat(live.dataset.refresh || "2");
  let version = null;
  async function poll() {
    try {
      const r = await fetch("/run/rows.json", { cache: "no-store" });
      const data = await r.json();
      if (data.version !== version) {
        version = data.version;
        document.getElementById("iteration-rows").innerHTML = data.html;
        document.getElementById("n-iter").textContent = data.n;
        document.querySelectorAll("img.plot").forEach((img) => {
          img.src = "/plots/" + img.dataset.name + ".png?v=" + encodeURIComponent(version);
        });
      }
    } catch (e) { /* the server restarts or the run ends: try again next period */ }
    setTimeout(poll, period);
  }
  poll();
}

setupTable();
setupLive();
