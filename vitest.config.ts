import { fileURLToPath } from "node:url";
import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { configDefaults, defineConfig } from "vitest/config";
import { unstable_readConfig } from "wrangler";

// The worker project reads wrangler.toml for its bindings, and wrangler then also reads a developer's .dev.vars
// (which `npm run dev` creates): its local values (ALLOW_HOSTS=127.0.0.1, keys) would leak into the tests. So
// every variable the Worker reads is bound explicitly: wrangler.toml's production [vars], no API_KEY, then the
// test overrides. Wrangler's "Using secrets defined in .dev.vars" line is silenced with its log level.
process.env.WRANGLER_LOG ??= "warn";
const { vars } = unstable_readConfig({ config: fileURLToPath(new URL("./wrangler.toml", import.meta.url)) });

// Two projects. `core`: the pure code of src/core (and its fixtures) in plain Node, where it also runs for the
// scripts; fast, and node built-ins are allowed. `worker`: routes and Durable Objects inside workerd (the
// production runtime) through miniflare. `npm test` runs both; `--project core|worker` picks one.
export default defineConfig({
  resolve: {
    // See the stub: it keeps an optional require of linkedom's CSS parser from logging once per worker test file.
    // It sits here, not in the worker project, because vitest-pool-workers resolves modules that workerd asks
    // for at run time (its "module fallback") with the root Vite server. Node never asks: core is unaffected.
    alias: { cssstyle: fileURLToPath(new URL("./test/worker/stubs/cssstyle.cjs", import.meta.url)) },
  },
  test: {
    projects: [
      {
        test: {
          name: "core",
          environment: "node",
          include: ["test/core/**/*.test.ts"],
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                ...vars,
                API_KEY: "",
                // These override wrangler.toml's vars so eviction and timeouts can be exercised quickly.
                ADMIN_KEY: "test-admin-key",
                EVICT_MAX_DOCS: "40",
                EVICT_KEEP_RECENT: "3",
                EVICT_MAX_AGE_DAYS: "14",
                FETCH_TIMEOUT_MS: "300",
                // Off, so tests that repeat a GET see it fetched and learned again; the response-cache tests turn
                // it on per request.
                RESPONSE_CACHE_TTL: "0",
                // Not read by the Worker: the fuzz tests' run count and seed (npm run fuzz), see test/fixtures/fuzz.ts.
                FUZZ_RUNS: process.env.FUZZ_RUNS ?? "",
                FUZZ_SEED: process.env.FUZZ_SEED ?? "",
              },
            },
          }),
        ],
        test: {
          name: "worker",
          // Every test outside test/core runs here: a new test file left in test/ still runs (in workerd, which
          // runs everything), instead of silently matching neither project. Its home is test/worker/.
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "test/core/**"],
        },
      },
    ],
  },
});
