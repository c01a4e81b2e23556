import js from "@eslint/js";
import astro from "eslint-plugin-astro";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Import boundaries, checked on the import's text with core `no-restricted-imports` (no resolver needed, so the
// `#contract/*` alias needs no setup). A relative path that climbs (`../`) and names a folder leaves the current one:
// `climbsTo("sync")` matches `../sync/x` and `../../worker/sync/x`. A layer's sub-folders are covered by its
// `worker/<layer>/**` block; worker/sync's rooms have blocks of their own (SYNC_ROOMS).
const climbsTo = (...names) => `^(\\.\\./)+(worker/)?(${names.join("|")})(/|$)`;
const OURS = ["worker", "site", "scripts", "workspace"];
const NOT_SITE_OR_SCRIPTS = { regex: "^(\\.\\./)+(site|scripts)(/|$)", message: "The worker never imports the site or scripts/." };
// workspace/ (the setup engine and the demo) is shared by the scripts and the worker's sync and routes, through `#workspace/*`.
const NO_WORKSPACE = (who) => ({
  regex: "^(#workspace/|(\\.\\./)+workspace(/|$))",
  message: `${who} never imports workspace/ (the setup engine and the demo).`,
});
// Worker layers below the sync never run setup.
const BELOW_SYNC = ["lib", "notion", "tables", "data", "cache"];

// Worker layers, lowest first: each may import only what is below it (and contract/). data and cache share a level.
const ABOVE = {
  lib: ["notion", "tables", "data", "cache", "sync", "middleware", "routes"],
  notion: ["tables", "data", "cache", "sync", "middleware", "routes"],
  tables: ["data", "cache", "sync", "middleware", "routes"],
  data: ["sync", "middleware", "routes"],
  cache: ["sync", "middleware", "routes"],
  sync: ["middleware", "routes"],
  middleware: ["routes"],
  routes: [],
};

// worker/sync's rooms, lowest first: each imports only the rooms before it, type imports included (a step knows no job;
// a job may use every room below it). `climbsToRoom("jobs")` matches `../jobs/x` and `../../sync/jobs/x`.
const SYNC_ROOMS = ["steps", "mapping", "files", "pages", "publish", "webhook", "jobs", "setup"];
const climbsToRoom = (...names) => `^(\\.\\./)+(worker/)?(sync/)?(${names.join("|")})(/|$)`;

/** What a worker layer's code may not import: the site and scripts, the entry file, the layers above it, and (below the sync) workspace/. */
const layerPatterns = (layer) => [
  NOT_SITE_OR_SCRIPTS,
  { regex: "^(\\.\\./)+(worker/)?index(\\.ts)?$", message: "Only the entry file wires the worker; nothing imports it." },
  ...(ABOVE[layer].length
    ? [{ regex: climbsTo(...ABOVE[layer]), message: `worker/${layer} imports only lower layers (not ${ABOVE[layer].join(", ")}).` }]
    : []),
  ...(BELOW_SYNC.includes(layer) ? [NO_WORKSPACE(`worker/${layer}`)] : []),
];

// What every script may not import: the worker at all, of the site only the Chromium helper bench:web drives, and
// nothing of the drawing code (scripts/pixel-art: its own programs write the pictures, which the others read as files).
const SCRIPTS_OUT = [
  {
    regex: "^(\\.\\./)+worker(/|$)",
    message: "scripts/ never import the worker: they run it and talk to it over HTTP (shared code is in contract/).",
  },
  {
    regex: "^(\\.\\./)+site(?!/e2e/support/browser\\.ts$)(/|$)",
    message: "scripts/ import from site/ only site/e2e/support/browser.ts (bench:web's Chromium).",
  },
  {
    regex: "^(\\./|(\\.\\./)+)(scripts/)?pixel-art(/|$)",
    message: "The drawing code (scripts/pixel-art) is imported by nothing: its programs write the pictures as files.",
  },
];
/** `climbsToScripts("bench")` matches `../bench/x` and `../../scripts/bench/x`. */
const climbsToScripts = (...names) => `^(\\.\\./)+(scripts/)?(${names.join("|")})(/|$)`;

/** One `no-restricted-imports` block for some files (a later block for the same file replaces an earlier one). */
const restrict = (files, patterns, ignores = []) => ({ files, ignores, rules: { "no-restricted-imports": ["error", { patterns }] } });

/** The import-boundary blocks, exported for scripts/lint-boundaries.test.ts. */
export const boundaries = [
  restrict(
    ["contract/**"],
    [{ regex: `^(#workspace/|(\\.\\./)+(${OURS.join("|")})(/|$))`, message: "contract/ imports nothing of ours." }],
  ),
  restrict(
    ["site/**"],
    [
      {
        regex: "^(#workspace/|(\\.\\./)+(worker|scripts|workspace)(/|$))",
        message: "The site imports only contract/ (#contract/*), never worker/, scripts/ or workspace/.",
      },
    ],
    // Node-run tests and build-time tests may use the scripts' helpers (servers, demo data); still never the worker.
    ["site/e2e/**", "site/**/*.test.ts", "site/**/*.test.tsx"],
  ),
  restrict(
    ["site/e2e/**", "site/**/*.test.ts", "site/**/*.test.tsx"],
    [{ regex: climbsTo("worker"), message: "Site tests never import the worker." }],
  ),
  restrict(["worker/**"], [NOT_SITE_OR_SCRIPTS]),
  // Tests sit next to the code they test but may drive the whole worker (its entry, higher layers, any room).
  ...Object.keys(ABOVE).map((layer) => restrict([`worker/${layer}/**`], layerPatterns(layer), ["worker/**/*.test.ts"])),
  ...SYNC_ROOMS.slice(0, -1).map((room, i) => {
    const above = SYNC_ROOMS.slice(i + 1);
    return restrict(
      [`worker/sync/${room}/**`],
      [
        ...layerPatterns("sync"),
        { regex: climbsToRoom(...above), message: `worker/sync/${room} imports only the rooms below it (not ${above.join(", ")}).` },
      ],
      ["worker/**/*.test.ts"],
    );
  }),
  // Scripts run the worker (wrangler) and talk to it over HTTP: what they share with it is in contract/. Inside scripts/,
  // lib/ (shared) < launcher/ (npm start's stack) < bench/ (benchmarks), each importing only what is below it.
  restrict(["scripts/**"], SCRIPTS_OUT),
  restrict(
    ["scripts/lib/**"],
    [
      ...SCRIPTS_OUT,
      {
        regex: climbsToScripts("launcher", "bench"),
        message: "scripts/lib holds what several scripts share: it imports neither scripts/launcher nor scripts/bench.",
      },
    ],
  ),
  restrict(
    ["scripts/launcher/**"],
    [...SCRIPTS_OUT, { regex: climbsToScripts("bench"), message: "scripts/launcher never imports the benchmarks (scripts/bench)." }],
  ),
  // The local Notion server owns its workspace format: the caller (launcher, tests, benchmarks) chooses the demo.
  restrict(
    ["scripts/notion-server/**"],
    [
      ...SCRIPTS_OUT,
      NO_WORKSPACE("The local Notion server"),
      { regex: "^(\\.\\./)+lib/demo-workspace(\\.ts)?$", message: "The local Notion server never chooses the demo: its caller does." },
    ],
    ["scripts/notion-server/**/*.test.ts", "scripts/notion-server/cli.ts"],
  ),
  // workspace/ runs in the worker and in Node: it imports contract/ and packages, never the programs that run it, nor Node's modules.
  restrict(
    ["workspace/**"],
    [
      {
        regex: "^(#|(\\.\\./)+)(worker|site|scripts)(/|$)",
        message: "workspace/ imports only contract/ and packages, never worker/, site/ or scripts/.",
      },
      { regex: "^node:", message: "workspace/ runs in the worker too: no Node modules (its host passes what it needs)." },
    ],
    ["workspace/**/*.test.ts"],
  ),
  restrict(
    ["workspace/demo/**"],
    [
      {
        regex: "^(#|(\\.\\./)+)(worker|site|scripts)(/|$)",
        message: "workspace/ imports only contract/ and packages, never worker/, site/ or scripts/.",
      },
      { regex: "^node:", message: "workspace/ runs in the worker too: no Node modules (its host passes what it needs)." },
      { regex: "^(#workspace/setup|(\\.\\./)+setup)(/|$)", message: "workspace/demo is plain content: it never imports the setup engine." },
    ],
    ["workspace/**/*.test.ts"],
  ),
  // The workerd tests' set-up starts the local Notion server with the demo workspace.
  restrict(
    ["worker/test/**"],
    [
      { regex: "^(\\.\\./)+site(/|$)", message: "The worker's tests never import the site." },
      {
        regex: "^(\\.\\./)+scripts/(?!notion-server/|lib/demo-workspace\\.ts$)",
        message: "worker/test may import only scripts/notion-server and scripts/lib/demo-workspace.ts.",
      },
    ],
  ),
];

export default tseslint.config(
  {
    ignores: [
      "dist/",
      "dist.building/",
      ".astro/",
      ".wrangler/",
      ".config/",
      ".ci/",
      "site/public/",
      "worker/env.d.ts",
      "test-results/",
      "bench-results/",
    ],
  },
  {
    files: ["**/*.{ts,tsx,mjs}"],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // A `let` read by a callback written above its one assignment cannot become a `const`.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      // Every control character in our regular expressions is deliberate (stripping ANSI colours, refusing control
      // characters in keys and URL schemes); the rule only guards against accidental ones.
      "no-control-regex": "off",
      // `declare global { namespace Cloudflare {...} }` is how the Workers types are extended.
      "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }],
    },
  },
  // Astro components (frontmatter and inline scripts, parsed as TypeScript): the plugin's recommended rules; the boundary blocks below cover them too.
  ...astro.configs.recommended,
  // Tests read loosely typed JSON and Notion shapes; `any` stays banned in the code they test.
  { files: ["**/*.test.ts", "**/*.test.tsx", "worker/test/**"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  // `process` is typed `any` by the Workers types (nodejs_compat); worker code reads its bindings from `env` instead.
  {
    files: ["worker/**"],
    ignores: ["worker/**/*.test.ts", "worker/test/**"],
    rules: { "no-restricted-globals": ["error", { name: "process", message: "Worker code reads bindings from env, not process." }] },
  },
  ...boundaries,
);
