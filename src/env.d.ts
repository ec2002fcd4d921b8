// Secrets are not in wrangler.toml, so `wrangler types` cannot see them: declared here.
// Set with `wrangler secret put API_KEY` in production, or in .dev.vars under `wrangler dev`.
declare namespace Cloudflare {
  interface Env {
    /** With it set, every route needs `Authorization: Bearer <API_KEY>` (or the admin key). */
    API_KEY?: string;
    /** Admin routes (stats, export, reset) need `Authorization: Bearer <ADMIN_KEY>`; unset disables them. */
    ADMIN_KEY?: string;
  }
}
