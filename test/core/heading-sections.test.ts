import { describe, expect, it } from "vitest";
import { headingSections } from "../../src/core/heading-sections";
import { isOverlayToken } from "../../src/core/overlays";
import { segmentHtml } from "../../src/core/segment";
import { keptOfAllAs } from "./decide-as";

// A framework's manual: its sections on cookies and on modal dialogs carry ids that name consent
// panels and pop-ups elsewhere; the real consent banner at the end keeps its role.
const MANUAL = `<html><head><title>Requests and responses - Kiln 3.1 documentation</title></head><body>
<main><h1>Requests and responses</h1>
<p>A view receives the request object and returns a response; this chapter walks through both.</p>
<section id="cookies"><h2>Cookies</h2>
<p>Read a cookie with request.cookies.get(name), which returns None when the browser did not send it.</p>
<p>Set one on the response with set_cookie(name, value), before the view returns it.</p></section>
<section id="s-modal-dialogs"><h2>3.2. Modal dialogs</h2>
<p>A view that answers a form inside a dialog returns only the dialog's fragment, not the whole page.</p>
</section>
<h2 id="popups">Popups</h2>
<p>Windows opened by a script share the session of the page that opened them.</p>
</main>
<div id="cookie-banner"><p>We use cookies to remember your preferences on this site.</p></div>
</body></html>`;

const page = segmentHtml(MANUAL);

describe("heading sections", () => {
  it("are the elements whose id anchors the heading that opens them, or the heading itself", () => {
    const texts = page.blocks
      .filter((b) => (b.ancestors ?? []).some((e) => headingSections(page.blocks, isOverlayToken).has(e)))
      .map((b) => b.text);
    expect(texts.join("\n")).toContain("request.cookies.get");
    expect(texts.join("\n")).toContain("only the dialog's fragment");
    expect(texts).toContain("Popups");
    expect(texts.join("\n")).not.toContain("remember your preferences");
    expect(texts.join("\n")).not.toContain("walks through both");
  });

  it("are not a pop-up or a consent panel whose classes name it, though its id anchors its heading", () => {
    const panels = segmentHtml(`<html><head><title>Requests - Kiln 3.1 documentation</title></head><body>
<main><h1>Requests</h1><p>A view receives the request object and returns a response.</p></main>
<div id="newsletter" class="modal"><h2>Newsletter</h2><p>Subscribe to get the weekly digest of new releases.</p></div>
<div id="cookie-notice" class="cookie-banner"><h3>Cookie notice</h3><p>We use cookies to remember your choices.</p></div>
</body></html>`);
    const text = keptOfAllAs(panels, "documentation");
    expect(text).toContain("returns a response");
    expect(text).not.toContain("weekly digest");
    expect(text).not.toContain("remember your choices");
  });

  it("stay in a documentation page while its consent banner leaves", () => {
    const text = keptOfAllAs(page, "documentation");
    expect(text).toContain("request.cookies.get");
    expect(text).toContain("set_cookie(name, value)");
    expect(text).toContain("only the dialog's fragment");
    expect(text).toContain("Popups");
    expect(text).not.toContain("remember your preferences");
  });
});
