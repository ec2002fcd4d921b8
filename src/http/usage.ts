/** The answer to `GET /`: what the service does and how to call it. */
/** `origin` is the request's own (scheme, host, port), so the example works wherever the service runs. */
export const usage = (
  origin: string,
): string => `urltree-clean-text: the main text of any web page, learned per site (URL Tree).

Routes
  GET  /{url}                      proxy style, e.g. /https://example.com/news/story.html
  GET  /extract?url={url}          the same, with options in the query
  POST /extract?url={url}[&title=] you supply the page: raw bytes with the page's Content-Type,
                                   or JSON {"url", "html", "title"?} with Content-Type: application/json
  GET  /admin/domains/{domain}/stats     documents, nodes, bytes, oldest/newest   (ADMIN_KEY)
  GET  /admin/domains/{domain}/export    the domain's URL Tree as JSON            (ADMIN_KEY)
                                   ?format=ndjson: its documents, streamed (a backup)
  POST /admin/domains/{domain}/import    restore that NDJSON into an empty domain (ADMIN_KEY)
  POST /admin/domains/{domain}/reset     forget the domain                        (ADMIN_KEY)
  GET  /feed?url={feed}[&format=rss|atom|jsonfeed][&max=N]   any RSS/RDF/Atom/JSON feed (or a page
                                   linking one) rewritten with each item's full text
  GET  /feed/{feed}                the same, path style (options as X-Format, X-Max headers)
  POST /feeds {"url", "intervalMinutes"?, "maxItems"?}   watch a feed: the cron trigger polls it (ADMIN_KEY)
  GET  /feeds[/{id}]               watched feeds: last poll, items seen, errors        (ADMIN_KEY)
  DELETE /feeds/{id}               stop watching                                       (ADMIN_KEY)

Formats: format=text|markdown|html|json, or the Accept header (text/plain, text/markdown,
  text/html, application/json; the highest q wins). debug=1 with json lists every block with its label and the
  evidence (rule, tree node, support, count).
Options: heuristic=hybrid (default) | single-page | vote | vote-fast | strict | strict-support-N |
  strict-at-domain | relaxed-at-domain-N,
  nMin, cMax, support, domainSupport, divisor; hard=0 turns the hard rules off; learn=0 classifies
  without teaching the tree; title= sets the title used for the URL key.
  On the proxy-style route the whole query belongs to the target URL, so options go in headers:
  X-Format, X-Heuristic, X-Learn, X-Debug, X-Hard, X-Title, X-N-Min, X-C-Max...
Response headers: X-Extract-Method (tree | cold-start), X-Tree-Support, X-Url-Key, X-Domain, X-Ingest.
Auth: when the API_KEY secret is set, send Authorization: Bearer <API_KEY>. Caller-supplied HTML
  teaches the tree only with a valid key; pages the service fetches itself always teach.

Example
  curl '${origin}/extract?url=https://example.com/news/story.html&format=json&debug=1'
`;
