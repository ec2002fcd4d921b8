/**
 * Bearer-key checks. With API_KEY set, every route needs it (the admin key also passes); admin
 * routes need ADMIN_KEY and are disabled while it is unset. Comparison is constant-time.
 *
 * Not Hono's bearerAuth/basicAuth: the API contract answers a wrong key with 403 (Hono: 401), an
 * unset ADMIN_KEY with 403 "disabled", opens routes when API_KEY is unset, and accepts keys of any
 * characters (Hono's token pattern would answer some configured keys with 400); all of it decided
 * per request from the parsed config. The factory is Hono's shape: `auth({scope})` is a middleware.
 */
import type { MiddlewareHandler } from "hono";
import { configOf } from "../config";
import { AppException } from "../service/errors";

export interface AuthOptions {
  /** Which key the route needs. */
  scope: "api" | "admin";
}

function bearer(header: string | undefined): string | null {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? "");
  return m ? m[1]!.trim() : null;
}

function safeEqual(a: string, b: string): boolean {
  const enc = new TextEncoder();
  const x = enc.encode(a);
  const y = enc.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** Whether the request carries a configured key: what lets caller-supplied HTML teach the tree. */
export function hasValidKey(env: Env, authorization: string | undefined): boolean {
  const key = bearer(authorization);
  if (!key) return false;
  const { apiKey, adminKey } = configOf(env);
  return Boolean((apiKey && safeEqual(key, apiKey)) || (adminKey && safeEqual(key, adminKey)));
}

export function auth(options: AuthOptions): MiddlewareHandler<{ Bindings: Env }> {
  return async (c, next) => {
    const { apiKey, adminKey } = configOf(c.env);
    const key = bearer(c.req.header("authorization"));
    if (options.scope === "admin") {
      if (!adminKey)
        throw new AppException({ code: "forbidden", message: "admin routes are disabled: set the ADMIN_KEY secret" });
      if (!key)
        throw new AppException({
          code: "unauthorized",
          message: "admin route: send Authorization: Bearer <ADMIN_KEY>",
        });
      if (!safeEqual(key, adminKey)) throw new AppException({ code: "forbidden", message: "admin route: wrong key" });
    } else if (apiKey) {
      if (!key) throw new AppException({ code: "unauthorized", message: "send Authorization: Bearer <API_KEY>" });
      if (!hasValidKey(c.env, c.req.header("authorization")))
        throw new AppException({ code: "forbidden", message: "wrong API key" });
    }
    await next();
  };
}
