/**
 * The inspector's page: HTML, style, icon. Inlined as strings so the Worker serves them itself (no
 * assets build, no external network); the script is in inspector-script.ts. Colours meet WCAG AA
 * contrast, and every verdict has a non-colour cue too (an icon, a word, strike-through).
 */

/** The page; `keyRequired` tells the script to ask for the API key before its first call (no 401 round trip). */
export function inspectorHtml(options: { keyRequired: boolean }): string {
  return PAGE.replace("<body>", `<body data-key-required="${options.keyRequired ? "1" : "0"}">`);
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Inspector · urltree-clean-text</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/inspector.css">
<script type="module" src="/inspector.js"></script>
</head>
<body>
<header class="top">
  <h1>Inspector</h1>
  <p>What <strong>urltree-clean-text</strong> keeps from a page, and why: every block with its verdict and evidence,
    and what the site's URL Tree has learned. Plain text for scripts: <code>curl</code> this address.</p>
  <p id="key-state" hidden>API key saved in this browser. <button type="button" id="forget-key">Forget key</button></p>
</header>
<main>
<form id="key-form" class="panel" hidden>
  <h2>API key</h2>
  <p id="key-message">This service needs an API key. It is kept in this browser's local storage and sent as a
    Bearer token.</p>
  <label for="api-key">API key</label>
  <input id="api-key" name="apiKey" type="password" autocomplete="off" required>
  <button type="submit">Save key</button>
</form>

<form id="extract-form" class="panel" novalidate>
  <fieldset class="modes">
    <legend>Source</legend>
    <label><input type="radio" name="mode" value="url" checked> Fetch a URL</label>
    <label><input type="radio" name="mode" value="html"> Paste HTML</label>
  </fieldset>
  <div id="url-mode" class="row">
    <label for="url">Page URL</label>
    <input id="url" name="url" type="url" inputmode="url" autocomplete="url"
      placeholder="https://example.com/news/story.html" required>
  </div>
  <div id="html-mode" hidden>
    <div class="row">
      <label for="page-url">The page's own URL</label>
      <input id="page-url" name="pageUrl" type="url" autocomplete="url"
        placeholder="https://example.com/news/story.html" required disabled>
    </div>
    <div class="row">
      <label for="html">HTML of the page</label>
      <textarea id="html" name="html" rows="8" spellcheck="false" required disabled></textarea>
    </div>
    <p class="hint">Pasted HTML teaches the site's tree only when you have saved a key; otherwise it is classified
      without learning.</p>
  </div>
  <fieldset class="options">
    <legend>Options</legend>
    <label for="format">Output</label>
    <select id="format" name="format">
      <option value="rendered">rendered</option>
      <option value="markdown">markdown</option>
      <option value="text">text</option>
      <option value="html">html</option>
      <option value="json">json</option>
    </select>
    <label for="heuristic">Heuristic</label>
    <select id="heuristic" name="heuristic">
      <option value="hybrid">hybrid (model + tree)</option>
      <option value="single-page">single-page (model only)</option>
      <option value="vote">vote (tree)</option>
      <option value="vote-fast">vote-fast (tree)</option>
      <option value="strict">strict (tree)</option>
      <option value="strict-at-domain">strict-at-domain (tree)</option>
    </select>
    <label><input id="comments" name="comments" type="checkbox"> Comments</label>
    <label><input id="learn" name="learn" type="checkbox" checked> Teach the tree</label>
  </fieldset>
  <button type="submit" id="submit">Inspect</button>
</form>

<p id="status" role="status" aria-live="polite"></p>
<p id="error" role="alert" hidden></p>

<div id="result" hidden>
  <section class="panel" aria-labelledby="page-heading">
    <h2 id="page-heading">Page</h2>
    <dl id="page-facts" class="facts"></dl>
  </section>
  <section class="panel" aria-labelledby="domain-heading">
    <h2 id="domain-heading">What the domain's tree has learned</h2>
    <dl id="domain-facts" class="facts"></dl>
    <figure id="curve">
      <figcaption>Learning curve: the share of each page's blocks the domain already knew as template when the
        page arrived, in arrival order (held documents; a block is template once it was in half of the pages
        before).</figcaption>
      <div id="curve-plot"></div>
      <p id="curve-summary"></p>
    </figure>
  </section>
  <section class="panel" aria-labelledby="output-heading">
    <h2 id="output-heading">Output</h2>
    <div role="tablist" aria-label="Output formats" id="tabs">
      <button type="button" role="tab" id="tab-rendered" aria-controls="panel-rendered"
        data-tab="rendered">Rendered</button>
      <button type="button" role="tab" id="tab-markdown" aria-controls="panel-markdown"
        data-tab="markdown">Markdown</button>
      <button type="button" role="tab" id="tab-text" aria-controls="panel-text"
        data-tab="text">Text</button>
      <button type="button" role="tab" id="tab-html" aria-controls="panel-html"
        data-tab="html">HTML</button>
      <button type="button" role="tab" id="tab-json" aria-controls="panel-json"
        data-tab="json">JSON</button>
    </div>
    <div role="tabpanel" id="panel-rendered" aria-labelledby="tab-rendered" tabindex="0">
      <article id="rendered"></article>
    </div>
    <div role="tabpanel" id="panel-markdown" aria-labelledby="tab-markdown" tabindex="0" hidden>
      <pre id="raw-markdown"></pre>
    </div>
    <div role="tabpanel" id="panel-text" aria-labelledby="tab-text" tabindex="0" hidden>
      <pre id="raw-text"></pre>
    </div>
    <div role="tabpanel" id="panel-html" aria-labelledby="tab-html" tabindex="0" hidden>
      <pre id="raw-html"></pre>
    </div>
    <div role="tabpanel" id="panel-json" aria-labelledby="tab-json" tabindex="0" hidden>
      <pre id="raw-json"></pre>
    </div>
  </section>
  <section class="panel" aria-labelledby="blocks-heading">
    <h2 id="blocks-heading">Blocks in page order</h2>
    <p class="legend">
      <span class="badge content" aria-hidden="true">&#x2714;</span> content (kept)
      <span class="badge unseen" aria-hidden="true">&#x2605;</span> content never seen on other pages
      <span class="badge boilerplate" aria-hidden="true">&#x2716;</span> <s>boilerplate</s> (removed).
      Open a block (click, or Enter) for its evidence; hover for a summary.
    </p>
    <p id="block-counts"></p>
    <ol id="blocks"></ol>
  </section>
</div>
</main>
</body>
</html>
`;

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="6" fill="#14532d"/>
<path d="M16 5v22M16 12l-7 6M16 12l7 6M9 18v5M23 18v5" stroke="#fff" stroke-width="2.5" fill="none"
  stroke-linecap="round"/>
</svg>
`;

export const INSPECTOR_CSS = `:root {
  color-scheme: light;
  --ink: #1a1a1a;
  --muted: #4a4a4a;
  --line: #c8c8c8;
  --focus: #1d4ed8;
  --content: #14532d;
  --content-bg: #eaf6ee;
  --unseen: #134e4a;
  --unseen-bg: #e3f4f2;
  --boiler: #7f1d1d;
  --boiler-bg: #fbeeec;
}
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: var(--ink); background: #f6f6f4; }
.top, main { max-width: 72rem; margin: 0 auto; padding: 0 1rem; }
.top h1 { margin: 1rem 0 0; font-size: 1.6rem; }
.top p { color: var(--muted); margin: .25rem 0; }
.panel { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 1rem; margin: 1rem 0; }
.panel h2 { margin: 0 0 .75rem; font-size: 1.2rem; }
fieldset { border: 1px solid var(--line); border-radius: 4px; margin: 0 0 .75rem; padding: .5rem .75rem; }
legend { font-weight: 600; padding: 0 .25rem; }
.modes label, .options label { margin-right: 1rem; white-space: nowrap; }
.options select { margin-right: 1rem; }
.row { display: flex; flex-direction: column; gap: .25rem; margin-bottom: .75rem; }
.row label { font-weight: 600; }
input[type=url], input[type=password], textarea, select {
  font: inherit; padding: .4rem .5rem; border: 1px solid #767676; border-radius: 4px; background: #fff;
  color: var(--ink);
}
textarea { font-family: ui-monospace, monospace; font-size: .9rem; }
button { font: inherit; padding: .4rem 1rem; border-radius: 4px; border: 1px solid #14532d; background: #14532d;
  color: #fff; cursor: pointer; }
button[type=button] { background: #fff; color: #14532d; }
button:disabled { opacity: .6; cursor: progress; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.hint { color: var(--muted); font-size: .9rem; margin: 0 0 .75rem; }
#status { min-height: 1.5rem; color: var(--muted); }
#error { background: var(--boiler-bg); color: var(--boiler); border: 1px solid var(--boiler); border-radius: 4px;
  padding: .5rem .75rem; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; margin: 0; }
.facts dt { font-weight: 600; }
.facts dd { margin: 0; overflow-wrap: anywhere; }
#curve { margin: 1rem 0 0; }
#curve figcaption, #curve-summary { color: var(--muted); font-size: .9rem; }
#curve-plot svg { width: 100%; max-width: 40rem; height: auto; display: block; }
[role=tablist] { display: flex; gap: .25rem; border-bottom: 1px solid var(--line); margin-bottom: .75rem; }
[role=tab] { background: #fff; color: var(--ink); border: 1px solid var(--line); border-bottom: none;
  border-radius: 4px 4px 0 0; }
[role=tab][aria-selected=true] { background: #14532d; color: #fff; border-color: #14532d; }
[role=tabpanel] pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f6f4; padding: .75rem;
  border-radius: 4px; max-height: 40rem; overflow: auto; font-size: .9rem; }
#rendered { max-width: 46rem; }
#rendered h1 { font-size: 1.5rem; }
#rendered .image-ref { display: inline-block; color: var(--muted); font-style: italic; }
#rendered table { border-collapse: collapse; }
#rendered th, #rendered td { border: 1px solid var(--line); padding: .2rem .4rem; }
.legend { color: var(--muted); }
.badge { display: inline-block; min-width: 1.5rem; text-align: center; border-radius: 3px; font-weight: 700;
  padding: 0 .3rem; }
.badge.content { background: var(--content-bg); color: var(--content); border: 1px solid var(--content); }
.badge.unseen { background: var(--unseen-bg); color: var(--unseen); border: 1px solid var(--unseen); }
.badge.boilerplate { background: var(--boiler-bg); color: var(--boiler); border: 1px dashed var(--boiler); }
#blocks { list-style: none; padding: 0; margin: 0; }
.block { margin: .3rem 0; border-radius: 4px; border-left: 6px solid; }
.block[data-verdict=content] { background: var(--content-bg); border-left-color: var(--content); }
.block[data-label=content-unseen] { background: var(--unseen-bg); border-left-color: var(--unseen); }
.block[data-verdict=boilerplate] { background: var(--boiler-bg); border-left-style: dashed;
  border-left-color: var(--boiler); }
.block summary { padding: .3rem .5rem; cursor: pointer; display: flex; gap: .5rem; align-items: baseline; }
.block .verdict { font-weight: 700; white-space: nowrap; font-size: .85rem; }
.block[data-verdict=content] .verdict { color: var(--content); }
.block[data-label=content-unseen] .verdict { color: var(--unseen); }
.block[data-verdict=boilerplate] .verdict { color: var(--boiler); }
.block .tag { font-family: ui-monospace, monospace; font-size: .8rem; color: var(--muted); }
.block .text { flex: 1; overflow-wrap: anywhere; }
.block[data-verdict=boilerplate] .text { text-decoration: line-through; color: #4a4a4a; }
.block .evidence { margin: 0 .5rem .5rem 2rem; font-size: .9rem; }
@media (max-width: 40rem) {
  .facts { grid-template-columns: 1fr; }
  .facts dd { margin-bottom: .3rem; }
  .block .evidence { margin-left: .5rem; }
  [role=tablist] { flex-wrap: wrap; }
  .block summary { flex-wrap: wrap; }
  .block .text { flex-basis: 100%; }
}
`;
