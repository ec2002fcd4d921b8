// Stand-in for the optional "cssstyle" package, which @acemir/cssom (linkedom's CSS parser) requires inside
// try/catch. Unresolved, vitest-pool-workers' module fallback logs a "Failed to require" line per test file;
// this stub throws instead, so the catch takes the same path as in the bundled Worker (where esbuild leaves
// the require unresolved and it throws) and the test run stays quiet.
throw new Error("cssstyle is not available in workerd");
