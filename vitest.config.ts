import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { configDefaults, defineConfig } from "vitest/config";

// Every test runs inside workerd (the production runtime) through miniflare. The bindings below
// override wrangler.toml's vars so eviction and timeouts can be exercised quickly.
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          ADMIN_KEY: "test-admin-key",
          EVICT_MAX_DOCS: "40",
          EVICT_KEEP_RECENT: "3",
          EVICT_MAX_AGE_DAYS: "14",
          FETCH_TIMEOUT_MS: "300",
          // Off, so tests that repeat a GET see it fetched and learned again; the response-cache
          // tests turn it on per request (test/response-cache.test.ts).
          RESPONSE_CACHE_TTL: "0",
        },
      },
    }),
  ],
  test: {
    include: ["test/**/*.test.ts"],
    // test/core holds Node-run tests (they read files from disk), which workerd cannot run.
    exclude: [...configDefaults.exclude, "test/core/**"],
  },
});
