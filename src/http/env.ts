/** The Hono environment of every route: the Worker's bindings. */
export type AppEnv = { Bindings: Env };
