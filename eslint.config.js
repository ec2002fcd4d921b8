// ESLint flat config: @eslint/js and typescript-eslint's type-aware recommended rules over src/, test/ and scripts/.
// Formatting belongs to Prettier (`npm run lint` runs both), so no stylistic rules here.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    // Generated (wrangler types), data, reports and build output.
    ignores: ["node_modules/", "worker-configuration.d.ts", "bench/", ".wrangler/", "dist/", ".eval/", "**/*.json"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Two programs: the Worker and its tests (workerd types), and the Node scripts (node types, DOM lib).
        project: ["./tsconfig.json", "./tsconfig.scripts.json"],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // `_`-prefixed names mark parameters kept for a signature (handlers, callbacks).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Durable Object RPC methods are async by contract (callers await a stub) even when SQLite answers
    // synchronously, and fetch mocks in tests return promises the same way; no-floating-promises still
    // catches a forgotten await.
    files: ["src/store/**/*.ts", "test/**/*.ts"],
    rules: { "@typescript-eslint/require-await": "off" },
  },
  {
    // Tests read JSON responses (`await res.json()` is `any`) and assert their shape right there: the
    // no-unsafe-* family would flag ~60 such reads and drown the real findings. It stays on in src/ and scripts/,
    // where an untyped value crossing a boundary is worth a look.
    files: ["test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      // `(await res.json()) as Shape` is the readable way to state what a response must look like;
      // workers-types makes json() generic, which this rule then reports on every such line.
      "@typescript-eslint/no-unnecessary-type-assertion": "off",
      // A response body under test is `any` until the assertion right after it checks its shape.
      "@typescript-eslint/no-explicit-any": "off",
      // Fetch mocks reject with the abort signal's reason, exactly as the runtime's fetch does.
      "@typescript-eslint/prefer-promise-reject-errors": "off",
    },
  },
  {
    // src/core is the runtime-free core: Web Standards only, and nothing outside itself (README, Layout).
    files: ["src/core/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["cloudflare:*", "node:*"], message: "src/core runs in workerd and Node alike: no runtime APIs." },
            {
              group: ["**/store/*", "**/net/*", "**/service/*", "**/http/*", "**/config"],
              message: "src/core imports nothing outside src/core.",
            },
          ],
        },
      ],
    },
  },
  {
    // Config files at the root and CommonJS stubs are in neither tsconfig: lint them without type information.
    files: ["*.js", "*.ts", "**/*.cjs"],
    ...tseslint.configs.disableTypeChecked,
  },
);
