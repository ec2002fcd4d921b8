/**
 * The inspector's script (a module, served as /inspector.js): plain DOM, no framework. It never
 * assigns a string as HTML: the article HTML the service returns (already sanitized, format=html) is
 * parsed inert with DOMParser and copied node by node through an allowlist, and its images are shown
 * as links, so the page loads nothing from other origins. The form's state lives in the query
 * string (a view can be shared; opening a link with ?url= runs it).
 *
 * Kept as a string (no build step); written without template literals so it embeds as it is.
 */
export const INSPECTOR_JS = String.raw`"use strict";
const KEY_STORE = "urltree-clean-text.api-key";
const SVG_NS = "http://www.w3.org/2000/svg";
const TABS = ["rendered", "markdown", "text", "html", "json"];
const DEFAULTS = { mode: "url", url: "", format: "rendered", heuristic: "hybrid", comments: false, learn: true };
const byId = (id) => document.getElementById(id);
const form = byId("extract-form");
const keyForm = byId("key-form");
let current = null;
let lastState = null;

class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "className") node.className = value;
    else node.setAttribute(name, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

// ---- state <-> form <-> query string ----

function readForm() {
  const mode = form.elements.mode.value === "html" ? "html" : "url";
  return {
    mode,
    url: (mode === "url" ? byId("url").value : byId("page-url").value).trim(),
    html: byId("html").value,
    format: byId("format").value,
    heuristic: byId("heuristic").value,
    comments: byId("comments").checked,
    learn: byId("learn").checked,
  };
}

function fillForm(state) {
  for (const radio of form.elements.mode) radio.checked = radio.value === state.mode;
  setMode(state.mode);
  byId("url").value = state.mode === "url" ? state.url : "";
  byId("page-url").value = state.mode === "html" ? state.url : "";
  byId("format").value = TABS.includes(state.format) ? state.format : DEFAULTS.format;
  const heuristic = byId("heuristic");
  if (![...heuristic.options].some((o) => o.value === state.heuristic)) {
    heuristic.append(el("option", { value: state.heuristic }, state.heuristic));
  }
  heuristic.value = state.heuristic;
  byId("comments").checked = state.comments;
  byId("learn").checked = state.learn;
}

function stateFromQuery(search) {
  const q = new URLSearchParams(search);
  const flag = (name, fallback) => (q.has(name) ? ["1", "true", "yes", "on"].includes(q.get(name)) : fallback);
  return {
    mode: q.get("mode") === "html" ? "html" : "url",
    url: q.get("url") || "",
    html: "",
    format: q.get("format") || DEFAULTS.format,
    heuristic: q.get("heuristic") || DEFAULTS.heuristic,
    comments: flag("comments", DEFAULTS.comments),
    learn: flag("learn", DEFAULTS.learn),
  };
}

/** The pasted HTML stays out of the query string: too long for a link, and the page's own business. */
function queryOf(state) {
  const q = new URLSearchParams();
  if (state.mode === "html") q.set("mode", "html");
  if (state.url) q.set("url", state.url);
  if (state.format !== DEFAULTS.format) q.set("format", state.format);
  if (state.heuristic !== DEFAULTS.heuristic) q.set("heuristic", state.heuristic);
  if (state.comments) q.set("comments", "1");
  if (!state.learn) q.set("learn", "0");
  const text = q.toString();
  return text ? "?" + text : location.pathname;
}

function setMode(mode) {
  const html = mode === "html";
  byId("url-mode").hidden = html;
  byId("html-mode").hidden = !html;
  byId("url").disabled = html;
  byId("page-url").disabled = !html;
  byId("html").disabled = !html;
}

// ---- the API ----

function savedKey() {
  try {
    return localStorage.getItem(KEY_STORE);
  } catch {
    return null;
  }
}

function apiHeaders(extra) {
  const headers = new Headers(extra || {});
  const key = savedKey();
  if (key) headers.set("Authorization", "Bearer " + key);
  return headers;
}

async function call(path, params, jsonBody) {
  const init =
    jsonBody === undefined
      ? { headers: apiHeaders() }
      : { method: "POST", headers: apiHeaders({ "Content-Type": "application/json" }), body: JSON.stringify(jsonBody) };
  const res = await fetch(path + "?" + params.toString(), init);
  if (res.ok) return res;
  let code = "http_" + res.status;
  let message = res.status + " " + res.statusText;
  try {
    const body = await res.json();
    code = body.error.code;
    message = body.error.message;
  } catch {
    // not the API's JSON error: keep the status line
  }
  throw new ApiError(res.status, code, message);
}

function extractParams(state, format, extra) {
  const q = new URLSearchParams();
  if (state.mode === "url") q.set("url", state.url);
  q.set("format", format);
  q.set("heuristic", state.heuristic);
  if (state.comments) q.set("comments", "1");
  for (const [name, value] of Object.entries(extra)) q.set(name, value);
  return q;
}

// ---- running one inspection ----

function setStatus(text) {
  byId("status").textContent = text;
}

function showError(text) {
  const box = byId("error");
  box.hidden = !text;
  box.textContent = text || "";
}

function validate(state) {
  if (!/^https?:\/\/\S+$/i.test(state.url)) return "Enter an absolute http(s) URL.";
  if (state.mode === "html" && !state.html.trim()) return "Paste the page's HTML.";
  return null;
}

async function run(state) {
  lastState = state;
  showError("");
  const problem = validate(state);
  if (problem) {
    showError(problem);
    return;
  }
  if (document.body.dataset.keyRequired === "1" && !savedKey()) {
    askKey("This service needs an API key. It is kept in this browser's local storage and sent as a Bearer token.");
    return;
  }
  const token = {};
  current = token;
  byId("submit").disabled = true;
  setStatus("Extracting " + state.url + " ...");
  const body = state.mode === "html" ? { url: state.url, html: state.html } : undefined;
  try {
    // The first call teaches the tree (when asked to); the others only read, so the page counts once.
    const teach = { debug: "1", learn: state.learn ? "1" : "0" };
    const first = await call("/extract", extractParams(state, "json", teach), body);
    const data = await first.json();
    const reading = { learn: "0" };
    const [markdown, html, figures] = await Promise.all([
      call("/extract", extractParams(state, "markdown", reading), body).then((r) => r.text()),
      call("/extract", extractParams(state, "html", reading), body).then((r) => r.text()),
      call("/inspect", new URLSearchParams({ url: data.urlKey })).then((r) => r.json()),
    ]);
    if (current !== token) return;
    show(state, data, first.headers, markdown, html, figures);
    setStatus("Done: " + data.blocks.length + " blocks, " + data.domain + ".");
  } catch (err) {
    if (current !== token) return;
    setStatus("");
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      askKey("The API key was " + (savedKey() ? "refused" : "missing") + " (" + err.message + "). Enter the key.");
    } else {
      showError(err instanceof ApiError ? err.status + " " + err.code + ": " + err.message : "Request failed: " + err);
    }
  } finally {
    if (current === token) byId("submit").disabled = false;
  }
}

// ---- showing the result ----

function facts(list, pairs) {
  list.replaceChildren();
  for (const [name, value, id] of pairs) {
    const shown = value === null || value === undefined || value === "" ? "-" : value;
    list.append(el("dt", {}, name), el("dd", { id }, shown));
  }
}

const percent = (x) => (x * 100).toFixed(0) + "%";

function decidedBy(block, path) {
  const rule = block.rule || "";
  if (rule.startsWith("hard:")) return "hard";
  if (rule.startsWith("tree template") || path === "tree") return "tree";
  if (/^(region-fallback|longest-run|all-text):/.test(rule)) return "fallback";
  return "model";
}

const REGION_NOTES = {
  "region gap": "filled a gap inside the content region",
  "island outside the region": "an island outside the content region",
  "region-fallback": "fallback: the region with most content",
  "longest-run": "fallback: the longest run of text",
  "all-text": "fallback: all the text",
};

function regionOf(block, path) {
  const m = /^(region gap|island outside the region|region-fallback|longest-run|all-text):/.exec(block.rule || "");
  if (m) return REGION_NOTES[m[1]];
  // past-element-cap: the model's region answered, over a page read past the element cap as flat text.
  if (path !== "model" && path !== "past-element-cap") return "not used (" + path + ")";
  if ((block.rule || "").startsWith("tree template")) return "left out before the region stage (template)";
  if (block.imagesStay) return "in the content region: a figure caption, its images stay where it stood";
  return block.label === "boilerplate" ? "not in the content region" : "in the content region";
}

function verdictWord(label) {
  if (label === "boilerplate") return ["\u2716", "boilerplate"];
  if (label === "content-unseen") return ["\u2605", "new content"];
  return ["\u2714", "content"];
}

function showBlocks(data) {
  const list = byId("blocks");
  list.replaceChildren();
  let kept = 0;
  data.blocks.forEach((block, i) => {
    const verdict = block.label === "boilerplate" ? "boilerplate" : "content";
    if (verdict === "content") kept++;
    const by = decidedBy(block, data.path);
    const p = typeof block.p === "number" ? block.p.toFixed(3) : "-";
    const [icon, word] = verdictWord(block.label);
    const counts = " (count " + block.count + " of " + block.support + ")";
    const where = block.node ? " \u00b7 node " + block.node + counts : "";
    const summary = word + " \u00b7 decided by " + by + " \u00b7 " + block.rule + where;
    const evidence = el("dl", { className: "evidence facts" });
    facts(evidence, [
      ["Verdict", block.label],
      ["Decided by", by],
      ["Rule", block.rule],
      ["Tree node", block.node],
      ["Count c(b)", block.count],
      ["Support n_s", block.support],
      ["Model score p", p],
      ["Region", regionOf(block, data.path)],
      ["Page kind", data.kind],
      ["Element", block.tag + "  " + block.path],
      ["Link share", block.linkShare],
      ["Hash", block.hash],
    ]);
    list.append(
      el(
        "li",
        {
          className: "block",
          "data-verdict": verdict,
          "data-label": block.label,
          "data-decided-by": by,
          "data-index": i,
        },
        el(
          "details",
          {},
          el(
            "summary",
            { title: summary },
            el("span", { className: "verdict" }, el("span", { "aria-hidden": "true" }, icon + " "), word),
            el("span", { className: "tag" }, block.tag),
            el("span", { className: "text" }, block.text.length > 400 ? block.text.slice(0, 400) + " ..." : block.text),
          ),
          evidence,
        ),
      ),
    );
  });
  byId("block-counts").textContent =
    kept + " of " + data.blocks.length + " blocks kept, " + (data.blocks.length - kept) + " removed.";
}

function showFigures(data, figures) {
  const treeDecided = data.blocks.filter((b) => decidedBy(b, data.path) === "tree").length;
  const node = figures.branch.length ? figures.branch[figures.branch.length - 1] : null;
  const branch = figures.branch.map((b) => b.node.split("/").pop() + " (" + b.support + ")").join(" \u203a ");
  const total = data.blocks.length;
  facts(byId("domain-facts"), [
    ["Domain", figures.domain, "domain-name"],
    ["Documents held", figures.documents, "domain-documents"],
    ["Tree nodes", figures.nodes, "domain-nodes"],
    ["Support at this page's node", node ? node.support + " at " + node.node : "-", "domain-support"],
    ["Branch (support per node)", branch || "-"],
    [
      "Blocks the tree decided",
      total ? percent(treeDecided / total) + " (" + treeDecided + " of " + total + ")" : "-",
      "domain-tree-share",
    ],
    ["Storage", (figures.bytes / 1024).toFixed(0) + " KiB of SQLite"],
  ]);
  drawCurve(figures.curve);
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

const LABEL = { "font-size": 12, fill: "#4a4a4a" };

function drawCurve(curve) {
  const plot = byId("curve-plot");
  plot.replaceChildren();
  const summary = byId("curve-summary");
  if (curve.length < 2) {
    summary.textContent = "No history yet: the curve appears once the domain holds two documents.";
    return;
  }
  const width = 640;
  const height = 200;
  const left = 44;
  const bottom = 28;
  const top = 10;
  const right = 12;
  const x = (i) => left + (i / (curve.length - 1)) * (width - left - right);
  const y = (share) => top + (1 - share) * (height - top - bottom);
  const chart = svg("svg", { viewBox: "0 0 " + width + " " + height, role: "img", "aria-labelledby": "curve-title" });
  chart.append(svg("title", { id: "curve-title" }, "Template share per page, in arrival order"));
  for (const share of [0, 0.5, 1]) {
    chart.append(svg("line", { x1: left, x2: width - right, y1: y(share), y2: y(share), stroke: "#c8c8c8" }));
    chart.append(svg("text", { x: left - 6, y: y(share) + 4, "text-anchor": "end", ...LABEL }, percent(share)));
  }
  chart.append(svg("text", { x: left, y: height - 8, ...LABEL }, "page 1"));
  const last = "page " + curve.length;
  chart.append(svg("text", { x: width - right, y: height - 8, "text-anchor": "end", ...LABEL }, last));
  const points = curve.map((share, i) => x(i).toFixed(1) + "," + y(share).toFixed(1)).join(" ");
  chart.append(svg("polyline", { points, fill: "none", stroke: "#14532d", "stroke-width": 2.5 }));
  if (curve.length <= 80) {
    curve.forEach((share, i) => chart.append(svg("circle", { cx: x(i), cy: y(share), r: 3, fill: "#14532d" })));
  }
  plot.append(chart);
  const shown = [0, 1, 2, 4, 9, 19, 49, 99].filter((i) => i < curve.length - 1);
  summary.textContent =
    shown.map((i) => "page " + (i + 1) + ": " + percent(curve[i])).join(", ") +
    ", latest (page " + curve.length + "): " + percent(curve[curve.length - 1]) + ".";
}

// Tags copied from the service's (already sanitized) HTML; anything else is unwrapped, these are dropped whole.
const KEEP = new Set(
  (
    "h1 h2 h3 h4 h5 h6 p ul ol li blockquote pre code table thead tbody tfoot tr th td caption a em strong b i u s " +
    "del ins sub sup small mark q cite abbr time br hr figure figcaption dl dt dd section article span div"
  ).split(" "),
);
const DROP = new Set(
  "script style template noscript iframe object embed svg math head title form input button select textarea".split(" "),
);

function copySafe(from, into) {
  for (const child of from.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      into.append(child.data);
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const tag = child.localName;
    if (DROP.has(tag)) continue;
    if (tag === "img") {
      into.append(imageReference(child));
      continue;
    }
    if (!KEEP.has(tag)) {
      copySafe(child, into);
      continue;
    }
    const copy = document.createElement(tag);
    const href = child.getAttribute("href");
    if (tag === "a" && href && /^https?:/i.test(href)) {
      copy.setAttribute("href", href);
      copy.setAttribute("rel", "noopener noreferrer nofollow");
    }
    for (const name of ["colspan", "rowspan", "start"]) {
      const value = child.getAttribute(name);
      if (value && /^\d{1,4}$/.test(value)) copy.setAttribute(name, value);
    }
    const cls = child.getAttribute("class");
    if (tag === "code" && cls && /^language-[\w+-]{1,40}$/.test(cls)) copy.className = cls;
    copySafe(child, copy);
    into.append(copy);
  }
}

/** Images are never loaded from the page's site (no request leaves for other origins): a link stands in. */
function imageReference(img) {
  const src = img.getAttribute("src") || "";
  const alt = img.getAttribute("alt") || "";
  const label = "[image" + (alt ? ": " + alt : "") + "]";
  if (!/^https?:/i.test(src)) return el("span", { className: "image-ref" }, label);
  const link = el("a", { href: src, rel: "noopener noreferrer nofollow" }, "open");
  return el("span", { className: "image-ref" }, label + " ", link);
}

function showRendered(html) {
  const parsed = new DOMParser().parseFromString(html, "text/html");
  const article = byId("rendered");
  article.replaceChildren();
  copySafe(parsed.body, article);
}

function show(state, data, headers, markdown, html, figures) {
  const title = data.title || data.url;
  document.title = title + " \u00b7 Inspector";
  facts(byId("page-facts"), [
    ["Title", data.title, "page-title"],
    ["URL key", data.urlKey],
    ["Page kind", data.kind + (data.interstitial ? " (" + data.interstitial + ")" : ""), "page-kind"],
    ["Answered by", data.path, "page-path"],
    ["Method", data.method + " (domain support " + data.support + ")", "page-method"],
    ["Heuristic", data.heuristic],
    ["Learned", data.learned === false ? "no (classified only)" : String(data.learned)],
    ["Byline", data.byline],
    ["Published", data.published],
    ["Response cache", headers.get("x-cache")],
  ]);
  showFigures(data, figures);
  showRendered(html);
  byId("raw-markdown").textContent = markdown;
  byId("raw-text").textContent = data.text;
  byId("raw-html").textContent = html;
  byId("raw-json").textContent = JSON.stringify(data, null, 2);
  selectTab(TABS.includes(state.format) ? state.format : "rendered", false);
  showBlocks(data);
  byId("result").hidden = false;
}

// ---- tabs (arrow keys move between them, as the ARIA tabs pattern asks) ----

function selectTab(name, focus) {
  for (const tab of TABS) {
    const button = byId("tab-" + tab);
    const selected = tab === name;
    button.setAttribute("aria-selected", String(selected));
    button.tabIndex = selected ? 0 : -1;
    byId("panel-" + tab).hidden = !selected;
    if (selected && focus) button.focus();
  }
}

byId("tabs").addEventListener("click", (event) => {
  const tab = event.target.closest("[role=tab]");
  if (tab) selectTab(tab.dataset.tab, true);
});
byId("tabs").addEventListener("keydown", (event) => {
  const focused = document.activeElement;
  const at = TABS.indexOf(focused && focused.dataset ? focused.dataset.tab : "");
  if (at < 0) return;
  const moves = { ArrowRight: 1, ArrowLeft: -1, Home: -at, End: TABS.length - 1 - at };
  if (!(event.key in moves)) return;
  event.preventDefault();
  selectTab(TABS[(at + moves[event.key] + TABS.length) % TABS.length], true);
});

// ---- the key ----

function askKey(message) {
  byId("key-message").textContent = message;
  keyForm.hidden = false;
  byId("api-key").focus();
}

function showKeyState() {
  byId("key-state").hidden = !savedKey();
}

keyForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const key = byId("api-key").value.trim();
  if (!key) return;
  try {
    localStorage.setItem(KEY_STORE, key);
  } catch {
    showError("This browser refuses local storage: the key cannot be kept.");
    return;
  }
  byId("api-key").value = "";
  keyForm.hidden = true;
  showKeyState();
  if (lastState) void run(lastState);
});

byId("forget-key").addEventListener("click", () => {
  localStorage.removeItem(KEY_STORE);
  showKeyState();
});

// ---- wiring ----

form.addEventListener("change", (event) => {
  if (event.target.name === "mode") setMode(event.target.value);
});

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const state = readForm();
  const query = queryOf(state);
  if (location.search !== query) history.pushState(null, "", query);
  void run(state);
});

window.addEventListener("popstate", () => {
  const state = stateFromQuery(location.search);
  fillForm(state);
  if (state.mode === "url" && state.url) void run(state);
});

showKeyState();
const initial = stateFromQuery(location.search);
fillForm(initial);
if (initial.mode === "url" && initial.url) void run(initial);
else if (document.body.dataset.keyRequired === "1" && !savedKey()) askKey(byId("key-message").textContent);
`;
