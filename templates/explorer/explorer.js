// The tourglyph explorer: the page's state lives in its URL; glyphs are loaded lazily,
// a batch at a time, from /api/tours (which IDs) and /api/glyph.svg (each drawing).
// Query parameters are named as the CLI's flags (piece, board, open, torus, classes,
// symmetry, style); the orbit filter is the page's own (it keeps the classes of one
// orbit size from each batch).
"use strict";
const BATCH = 48;
const form = document.getElementById("controls");
const grid = document.getElementById("grid");
const statusLine = document.getElementById("status");
const view = document.getElementById("view");
let state = {};
let next = 0;        // the next tour ID (or index, see byIndex) to ask for
let total = 0;       // tours of this kind
let symmetric = 0;   // of them, the tours the symmetry fixes
let byIndex = false; // the server numbers the symmetric tours by index (boards over 8x8)
let loading = false;
let done = false;
let generation = 0;  // bumped when the selection changes, so stale answers are dropped

function readUrl() {
  const q = new URLSearchParams(location.search);
  return {
    piece: q.get("piece") || "rook",
    board: q.get("board") || "6x6",
    open: q.get("open") === "true",
    torus: q.get("torus") === "true",
    classes: q.get("classes") === "true",
    symmetry: q.get("symmetry") || "",
    orbit: q.get("orbit") || "",
    style: q.get("style") || "line",
    start: q.get("start") || "",
    id: q.get("id"),
    seed: q.get("seed"),
    shape_grid: q.get("shape_grid") || "",
    shape_text: q.get("shape_text") || "",
    blocks: q.get("blocks") === "true",
  };
}

// A shaped board (issue 30) replaces the board: a text grid typed in (or read from a
// file), or a text set in the fonts; its tours are tuples, one closed tour a part.
function shaped() { return Boolean(state.shape_grid || state.shape_text); }

function writeUrl(push) {
  const q = new URLSearchParams();
  q.set("piece", state.piece);
  q.set("board", state.board);
  if (state.open) q.set("open", "true");
  if (state.torus) q.set("torus", "true");
  if (state.classes) q.set("classes", "true");
  if (state.symmetry) q.set("symmetry", state.symmetry);
  if (state.orbit) q.set("orbit", state.orbit);
  q.set("style", state.style);
  if (state.start) q.set("start", state.start);
  if (state.seed != null) q.set("seed", state.seed);
  if (state.id != null) q.set("id", state.id);
  if (state.shape_grid) q.set("shape_grid", state.shape_grid);
  if (state.shape_text) q.set("shape_text", state.shape_text);
  if (state.blocks) q.set("blocks", "true");
  const url = "/?" + q.toString();
  if (push) history.pushState(null, "", url); else history.replaceState(null, "", url);
}

// The tour kind of a glyph (one tour: no classes or symmetry filter).
function kindParams() {
  const q = new URLSearchParams();
  q.set("piece", state.piece);
  if (shaped()) {
    if (state.shape_grid) q.set("shape_grid", state.shape_grid);
    if (state.shape_text) q.set("shape_text", state.shape_text);
    if (state.blocks) q.set("blocks", "true");
    return q;
  }
  q.set("board", state.board);
  if (state.open) q.set("open", "true");
  if (state.torus) q.set("torus", "true");
  return q;
}

// The selection of /api/count and /api/tours.
function listParams() {
  const q = kindParams();
  if (shaped()) return q;
  if (state.classes) q.set("classes", "true");
  if (state.symmetry) q.set("symmetry", state.symmetry);
  return q;
}

// The glyph of tour `id`, or, with `id` null, the glyph API's own random draw with the
// page's seed (a shape's Random: see randomShape).
function glyphUrl(id, format, outline, extra) {
  const q = kindParams();
  q.set("style", state.style);
  if (outline) q.set("outline", "true");
  for (const [k, v] of Object.entries(extra || {})) q.set(k, v);
  if (id == null) {
    q.set("random", "true");
    q.set("seed", state.seed);
  } else {
    q.set("id", id);
  }
  return "/api/glyph." + format + "?" + q.toString();
}

function fillForm() {
  form.piece.value = state.piece;
  form.board.value = state.board;
  form.open.checked = state.open;
  form.torus.checked = state.torus;
  form.classes.checked = state.classes;
  form.symmetry.value = state.symmetry;
  form.orbit.value = state.orbit;
  form.orbit.disabled = !state.classes;
  form.style.value = state.style;
  form.start.value = state.start;
  form.shape_grid.value = state.shape_grid;
  form.shape_text.value = state.shape_text;
  form.blocks.checked = state.blocks;
  if (shaped()) document.getElementById("shape-box").open = true;
}

// Counts as the sheets write them (the server's describe.rs): thousands separators
// ("1,072", on the digits as given, so a count past 2^53 stays exact) and the noun in the
// number it takes ("1 part", "2 parts"; `many` defaults to `one` + "s").
// Counts are read from the server's string fields (`tours_text`, …): JSON numbers are
// doubles, exact only to 2^53 (12x12's 1,076,226,888,605,605,706 would show as …605,800).
function grouped(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
function amount(n, one, many) {
  return `${grouped(n)} ${String(n) === "1" ? one : (many || one + "s")}`;
}

async function getJson(url) {
  const r = await fetch(url);
  const text = await r.text();
  if (!r.ok) {
    let msg = text;
    try { msg = JSON.parse(text).error; } catch (e) { /* not JSON */ }
    throw new Error(msg);
  }
  return text;
}

// Shown while the count, a batch of IDs or the glyphs in sight are loading.
const spinner = document.getElementById("loading");
const spinnerText = document.getElementById("loading-text");

// While a request the page waits on runs long, say so, with the seconds so far: the
// first request for a board too big for the full diagram (knight 7x8 or 8x8) builds the
// server's index of tours by ID, once per server process.
function slow(what) {
  const started = Date.now();
  const tick = setInterval(() => {
    const s = Math.round((Date.now() - started) / 1000);
    if (s >= 3) {
      spinnerText.textContent = `${what}… ${s} s (the first request for a large board ` +
        "builds the server's index of its tours, once: knight 8x8 takes about 30 s)";
    }
  }, 1000);
  return () => { clearInterval(tick); spinnerText.textContent = "Loading…"; };
}
let pendingImages = 0;
function showLoading() {
  spinner.hidden = !(loading || counting || pendingImages > 0);
}
let counting = false;

async function restart() {
  generation++;
  grid.replaceChildren();
  pendingImages = 0;
  next = Number(state.start || 0);
  done = false;
  total = 0;
  symmetric = 0;
  byIndex = false;
  const q = listParams();
  counting = true;
  statusLine.textContent = "Counting…";
  showLoading();
  try {
    const counted = slow("Counting");
    let c;
    try { c = JSON.parse(await getJson("/api/count?" + q.toString())); } finally { counted(); }
    if (c.count != null) {
      // A shape: a count per part, and the tuples of tours.
      total = Number(c.count);
      if (total === 0) done = true;
      statusLine.textContent = `${amount(c.count, `closed ${c.piece} tour tuple`)} of a shape ` +
        `of ${amount(c.cells, "cell")} in ${c.board} (${amount(c.parts.length, "part")}: ` +
        `${c.parts.map(grouped).join(" × ")})`;
    } else {
      total = Number(c.tours_text);
      if (c.symmetric != null) symmetric = Number(c.symmetric_text);
      if (total === 0) done = true;
      let s = `${amount(c.tours_text, `${c.closed ? "closed" : "open"} ${c.piece} tour`)} of ${c.board}`;
      if (c.torus) s += " (torus)";
      if (c.symmetric != null) s += `, ${grouped(c.symmetric_text)} fixed by ${c.symmetry}`;
      if (c.classes != null) s += `, ${amount(c.classes_text, "symmetry class", "symmetry classes")}`;
      statusLine.textContent = s;
    }
  } catch (e) {
    statusLine.textContent = "Error: " + e.message;
    done = true;
    return;
  } finally {
    counting = false;
    showLoading();
  }
  await loadMore();
  if (state.id != null) openView(state.id, null, null);
}

async function loadMore() {
  // Before the count arrives there is nothing to load yet (total is unknown).
  if (loading || done || total === 0) return;
  loading = true;
  showLoading();
  const gen = generation;
  try {
    const q = listParams();
    // Filters (classes, symmetry) keep few IDs of a range: ask up to the end, BATCH lines.
    // Symmetric tours found directly (boards over 8x8) come by index, a range of those.
    const end = byIndex ? Math.min(symmetric, next + BATCH)
      : Math.min(total, state.classes || state.symmetry ? total : next + BATCH);
    if (next >= end) { done = true; return; }
    // The first symmetric batch asks for no range: all tours may be more than a JS number
    // holds exactly, and the answer tells whether it is numbered by ID or by index.
    if (!(state.symmetry && next === 0)) q.set("range", `${next}..${end}`);
    q.set("limit", String(BATCH));
    const settled = slow("Loading tours");
    let text;
    try { text = await getJson("/api/tours?" + q.toString()); } finally { settled(); }
    if (gen !== generation) return;
    const tours = text.split("\n").filter(Boolean).map((l) => JSON.parse(l));
    if (tours.length === 0) { done = true; return; }
    const last = tours[tours.length - 1];
    if (last.index != null) byIndex = true;
    next = (byIndex ? last.index : last.id) + 1;
    for (const t of tours) {
      if (state.orbit && String(t.orbit) !== state.orbit) continue;
      // Glyphs are drawn by ID: boards over 12x12 list symmetric tours without one.
      if (t.id == null) { done = true; statusLine.textContent += " (no tour IDs on this board: use the CLI)"; break; }
      if (t.parts) t.cells = t.parts.flat();
      grid.appendChild(item(t));
    }
    if (next >= (byIndex ? symmetric : total)) done = true;
  } catch (e) {
    statusLine.textContent = "Error: " + e.message;
    done = true;
  } finally {
    loading = false;
    showLoading();
  }
  // Keep loading while the sentinel is still in sight (a filter may hide a whole batch).
  const r = document.getElementById("more").getBoundingClientRect();
  if (!done && r.top < window.innerHeight + 400) loadMore();
}

function item(t) {
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.href = "#";
  a.dataset.id = t.id;
  const img = document.createElement("img");
  img.loading = "lazy";
  // Each glyph shows a placeholder until drawn; the page's indicator counts those in sight.
  li.className = "pending";
  const gen = generation;
  const settle = () => {
    li.classList.remove("pending");
    if (gen === generation && pendingImages > 0) pendingImages--;
    showLoading();
  };
  img.addEventListener("load", settle, { once: true });
  img.addEventListener("error", settle, { once: true });
  pendingImages++;
  img.src = glyphUrl(t.id, "svg");
  img.alt = `Tour ${t.id}` + (t.orbit ? `, orbit ${t.orbit}` : "");
  const cap = document.createElement("span");
  cap.textContent = t.orbit ? `${t.id} (${t.orbit})` : String(t.id);
  a.append(img, cap);
  a.addEventListener("click", (ev) => { ev.preventDefault(); openView(t.id, t.orbit, t.cells, true); });
  li.appendChild(a);
  return li;
}

async function openView(id, orbit, cells, push) {
  state.id = String(id);
  writeUrl(push);
  if (!cells) {
    try {
      const q = kindParams();
      q.set("range", `${id}..${BigInt(id) + 1n}`);
      const line = (await getJson("/api/tours?" + q.toString())).split("\n")[0];
      const t = line ? JSON.parse(line) : {};
      cells = t.cells || (t.parts ? t.parts.flat() : []);
    } catch (e) { cells = []; }
  }
  document.getElementById("view-title").textContent = `Tour ${id}`;
  const img = document.getElementById("view-img");
  img.src = glyphUrl(id, "svg");
  img.alt = `Glyph of tour ${id}`;
  showStill();
  const facts = [`ID ${id}`, `${state.open ? "open" : "closed"} ${state.piece} tour of ${state.board}` +
    (state.torus ? " (torus)" : "")];
  const factsLine = document.getElementById("view-facts");
  // A shape's glyph: no orbit (a shape has no symmetry group of its own), drawn still.
  for (const el of ["view-play", "dl-gif", "dl-walk"]) document.getElementById(el).hidden = shaped();
  if (shaped()) facts[1] = `closed ${state.piece} tours of the shape, one a part`;
  factsLine.textContent = facts.join(" · ") + (orbit ? ` · orbit ${orbit}` : " · orbit …");
  // The orbit and the class's first tour, from the server's symmetry test (any tour,
  // not only the class representatives a classes list shows).
  const q = kindParams();
  q.set("id", id);
  if (shaped()) factsLine.textContent = facts.join(" · ");
  else getJson("/api/orbit?" + q.toString()).then((text) => {
    if (state.id !== String(id)) return;
    const o = JSON.parse(text);
    const cls = String(o.class) === String(id) ? "first of its class" : `class of ID ${o.class}`;
    factsLine.textContent = facts.concat([`orbit ${o.orbit}`, cls]).join(" · ");
  }).catch((e) => {
    if (state.id === String(id)) factsLine.textContent = facts.join(" · ") + ` · orbit unknown (${e.message})`;
  });
  document.getElementById("view-cells").textContent =
    "Cells: " + cells.map((c) => `(${c[0]},${c[1]})`).join(" ");
  const stem = shaped() ? `${state.piece}-shape-${id}`
    : `${state.piece}-${state.board}${state.torus ? "-torus" : ""}-${id}`;
  for (const f of ["svg", "pdf", "ps", "png"]) {
    const a = document.getElementById("dl-" + f);
    a.href = glyphUrl(id, f);
    a.download = `${stem}.${f}`;
  }
  // The tour walked from its first cell: an animated SVG and a GIF (issue 27).
  const walk = document.getElementById("dl-walk");
  walk.href = glyphUrl(id, "svg", false, walkKeys());
  walk.download = `${stem}-walk.svg`;
  const gif = document.getElementById("dl-gif");
  gif.href = glyphUrl(id, "gif", false, { size: "80mm" });
  gif.download = `${stem}.gif`;
  const o = document.getElementById("dl-outline");
  o.href = glyphUrl(id, "svg", true);
  o.download = `${stem}-outline.svg`;
  // For machines: the band as pen strokes (SVG and G-code), the outline for cutters (DXF).
  const plot = { plot: "hatch" };
  const makes = [
    ["dl-plotter", "svg", plot, "-plotter.svg"],
    ["dl-gcode", "gcode", plot, ".gcode"],
    ["dl-dxf", "dxf", {}, ".dxf"],
  ];
  for (const [el, f, extra, suffix] of makes) {
    const a = document.getElementById(el);
    a.href = glyphUrl(id, f, false, extra);
    a.download = stem + suffix;
  }
  if (!view.open) view.showModal();
}

// The walk as the glyph view plays it: 8 seconds, once (the finished glyph stays).
// (Functions, not constants, of the page: openView may run before this line does.)
function walkKeys() { return { animate: "true", duration: "8" }; }

function showStill() {
  const play = document.getElementById("view-play");
  play.setAttribute("aria-pressed", "false");
  play.textContent = "Play the walk";
  document.getElementById("view-motion").textContent = "";
}

// Play (again) or stop: the glyph's image swapped for the animated SVG, which plays in
// the <img> (SMIL); a style the walk cannot draw (interlaced, pen strokes) says why.
document.getElementById("view-play").addEventListener("click", async () => {
  const play = document.getElementById("view-play");
  const motionLine = document.getElementById("view-motion");
  const img = document.getElementById("view-img");
  if (state.id === null) return;
  if (play.getAttribute("aria-pressed") === "true") {
    img.src = glyphUrl(state.id, "svg");
    showStill();
    return;
  }
  const url = glyphUrl(state.id, "svg", false, walkKeys());
  try {
    const r = await fetch(url);
    if (!r.ok) {
      const text = await r.text();
      let msg = text;
      try { msg = JSON.parse(text).error; } catch (e) { /* not JSON */ }
      throw new Error(msg);
    }
    const blob = await r.blob();
    if (img.dataset.walk) URL.revokeObjectURL(img.dataset.walk);
    img.dataset.walk = URL.createObjectURL(blob);
    img.src = img.dataset.walk;
    play.setAttribute("aria-pressed", "true");
    play.textContent = "Show the still glyph";
    motionLine.textContent = "Walking the tour from its first cell (8 s).";
  } catch (e) {
    motionLine.textContent = "Cannot play: " + e.message;
  }
});

function closeView() {
  if (view.open) view.close();
  state.id = null;
  writeUrl(false);
}

// The choices in the form, as the page's state (what Show and Random act on).
function readForm() {
  return {
    piece: form.piece.value, board: form.board.value.trim(), open: form.open.checked,
    torus: form.torus.checked, classes: form.classes.checked,
    symmetry: form.symmetry.value,
    orbit: form.classes.checked ? form.orbit.value : "",
    style: form.style.value, start: form.start.value.trim(), id: null, seed: null,
    shape_grid: form.shape_grid.value.replace(/\s+$/, ""), shape_text: form.shape_text.value.trim(),
    blocks: form.blocks.checked,
  };
}

// A shape's random tour, as the API and the CLI draw it (random=true with a seed: around
// a random spanning tree of its 2x2 blocks when `blocks`, else uniformly), in the glyph's
// view: a shape too wide to enumerate has no list to sample, but has this.
function randomShape() {
  const id = null;
  writeUrl(true);
  document.getElementById("view-title").textContent = `Random tour (seed ${state.seed})`;
  const img = document.getElementById("view-img");
  img.src = glyphUrl(id, "svg");
  img.alt = `Glyph of a random tour of the shape (seed ${state.seed})`;
  showStill();
  for (const el of ["view-play", "dl-gif", "dl-walk"]) document.getElementById(el).hidden = true;
  document.getElementById("view-facts").textContent =
    `closed ${state.piece} tours of the shape, one a part` +
    (state.blocks ? ", each around a random spanning tree of its 2×2 blocks" : "");
  document.getElementById("view-cells").textContent = "";
  const stem = `${state.piece}-shape-seed-${state.seed}`;
  const files = [["svg", "svg", false, {}, ".svg"], ["pdf", "pdf", false, {}, ".pdf"],
    ["ps", "ps", false, {}, ".ps"], ["png", "png", false, {}, ".png"],
    ["outline", "svg", true, {}, "-outline.svg"], ["plotter", "svg", false, { plot: "hatch" }, "-plotter.svg"],
    ["gcode", "gcode", false, { plot: "hatch" }, ".gcode"], ["dxf", "dxf", false, {}, ".dxf"]];
  for (const [el, f, outline, extra, suffix] of files) {
    const a = document.getElementById("dl-" + el);
    a.href = glyphUrl(id, f, outline, extra);
    a.download = stem + suffix;
  }
  if (!view.open) view.showModal();
}

async function randomTour() {
  // The form as it stands (a box ticked without Show counts).
  const chosen = readForm();
  if (JSON.stringify(chosen) !== JSON.stringify({ ...state, id: null, seed: null })) {
    state = chosen;
    restart();
  }
  state.seed = String(Math.floor(Math.random() * 1e9));
  if (shaped()) { randomShape(); return; }
  const q = listParams();
  q.set("sample", "1");
  q.set("seed", state.seed);
  try {
    const t = JSON.parse((await getJson("/api/tours?" + q.toString())).split("\n")[0]);
    openView(t.id, t.orbit, t.cells, true);
  } catch (e) {
    statusLine.textContent = "Error: " + e.message;
  }
}

form.addEventListener("submit", (ev) => {
  ev.preventDefault();
  state = readForm();
  fillForm();
  writeUrl(true);
  restart();
});
form.classes.addEventListener("change", () => { form.orbit.disabled = !form.classes.checked; });
document.getElementById("random").addEventListener("click", randomTour);
// A shape file uploaded: its text goes into the grid (the server reads no file).
document.getElementById("shape-file").addEventListener("change", async (ev) => {
  const f = ev.target.files[0];
  if (!f) return;
  form.shape_grid.value = (await f.text()).replace(/\s+$/, "");
  form.shape_text.value = "";
});
document.getElementById("close").addEventListener("click", closeView);
view.addEventListener("cancel", (ev) => { ev.preventDefault(); closeView(); });

// Arrow keys move between glyphs (row by row as the grid lays them out).
grid.addEventListener("keydown", (ev) => {
  const links = [...grid.querySelectorAll("a")];
  const i = links.indexOf(document.activeElement);
  if (i < 0) return;
  const cols = Math.max(1, Math.round(grid.clientWidth / links[0].parentElement.offsetWidth));
  const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols, ArrowUp: -cols }[ev.key];
  if (!step) return;
  ev.preventDefault();
  const j = Math.min(links.length - 1, Math.max(0, i + step));
  links[j].focus();
  if (j >= links.length - cols) loadMore();
});

new IntersectionObserver((entries) => {
  if (entries.some((e) => e.isIntersecting)) loadMore();
}, { rootMargin: "400px" }).observe(document.getElementById("more"));

window.addEventListener("popstate", () => { state = readUrl(); fillForm(); restart(); });

state = readUrl();
fillForm();
writeUrl(false);
restart();
