/**
 * What browsers get, mounted by app.ts in one place before any route: CORS on the API (cors.ts) and
 * the inspector (inspector.ts: GET / for a browser, its files, GET /inspect).
 */
import type { Hono } from "hono";
import { apiCors } from "./cors";
import type { AppEnv } from "./env";
import { mountInspector } from "./inspector";

export function mountBrowserSupport(app: Hono<AppEnv>): void {
  // Before any key check: a browser's preflight carries no Authorization (admin routes excluded, see cors.ts).
  app.use("*", apiCors());
  mountInspector(app);
}
