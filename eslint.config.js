import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Import boundaries between the layers (docs: README.md "Code layout"; data flows one way,
// route/router → core service → db/provider), enforced with import-x/no-restricted-paths: it
// resolves each import to a file as TypeScript does (the resolver below reads tsconfig.json's
// "~/" alias and baseUrl) and reports one from a file under a zone's `target` to a file under its
// `from`, unless under one of its `except` paths (relative to `from`). It skips an import that
// resolves to no file: import-x/no-unresolved reports those (and TypeScript an unresolvable
// `import type`, which that rule skips). Not seen: TypeScript's import("…") type queries.

const WORKERS = ["workers/web", "workers/jobs", "workers/cron"];
/** Below a layer's folder: its source files, less its tests. */
const CODE = "**/!(*.test).{ts,tsx,js,mjs}";

const ZONES = [
  {
    target: "db",
    from: ["workers", "app", "sandbox", "scripts"],
    message:
      "db/ is the bottom layer and imports nothing above it. Declare the stored shape or vocabulary in db/ (db/vocabulary.ts or the schema file) and import it from db/ in the core and the providers; code that calls core services (the demo seed) belongs in scripts/.",
  },
  {
    target: "workers/core",
    from: WORKERS,
    message:
      "workers/core is framework-free and sits below the Workers: it imports nothing from workers/web, workers/jobs or workers/cron. Take what a service needs as a parameter (its deps) and let the Worker wire it.",
  },
  {
    target: "workers/core",
    from: "app",
    message:
      "workers/core never imports the Remix app: move the shared schema, text or type into workers/core and import it from app/.",
  },
  // Tests beside core and provider code may read the sandbox: its data sets are the fixtures a
  // core test checks its own tables against (geo/gazetteer.test.ts), and an adapter's test runs
  // the adapter against its sandbox twin. The code under test never depends on it.
  {
    target: `workers/core/${CODE}`,
    from: "sandbox",
    message:
      "workers/core never imports the sandbox (a dev and test emulator): use the adapter's interface and types from workers/providers.",
  },
  {
    target: "workers/providers",
    from: [...WORKERS, "app"],
    message:
      "A provider adapter speaks its external system's protocol and knows nothing of the Workers or the app: take configuration as parameters; the Workers wire the adapters up.",
  },
  {
    target: `workers/providers/${CODE}`,
    from: "sandbox",
    message:
      "A provider adapter does not depend on its sandbox twin: declare the wire types in workers/providers (the sandbox imports them from there).",
  },
  {
    target: "app",
    from: "workers/providers",
    message:
      "app/ reaches providers only through the core: import the workers/core module of that area (it re-exports the types and helpers pages need).",
  },
  {
    target: "app",
    from: "workers/web",
    except: ["wiring.ts"],
    message: "From the web Worker, app/ imports only workers/web/wiring.ts (it re-exports what pages need).",
  },
  {
    target: "app",
    from: "workers",
    except: ["core", "web", "providers"],
    message: "From workers/, app/ imports only workers/core/** (the services) and workers/web/wiring.ts.",
  },
  {
    target: "app",
    from: "db",
    message:
      "Pages never touch the database directly: call a workers/core service, and take the `Db` type from workers/web/wiring.ts.",
  },
  {
    target: "app",
    from: ["sandbox", "scripts"],
    message: "app/ never imports the sandbox or scripts/ (dev and test tooling).",
  },
  {
    target: "app/components",
    from: "app/routes",
    message:
      "Components do not import route modules: declare the action's answer type in the component (or a module next to it) and have the route's action return it.",
  },
  {
    target: "sandbox",
    from: [...WORKERS, "app"],
    message:
      "The sandbox emulates external systems: it may use the wire types of workers/providers and the pure helpers of workers/core, never the Workers' entries or the Remix app.",
  },
];

export default tseslint.config(
  { ignores: ["build/", "node_modules/", "**/.wrangler/", ".data/", "workers/env.d.ts", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createNodeResolver({
          tsconfig: { configFile: `${import.meta.dirname}/tsconfig.json` },
          extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs"],
          extensionAlias: { ".js": [".ts", ".tsx", ".d.ts", ".js"] },
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: ZONES }],
      // workerd provides the "cloudflare:" modules at run time.
      // workerd supplies cloudflare:*; build/server is the Remix build, made after lint runs.
      "import-x/no-unresolved": ["error", { ignore: ["^cloudflare:", "/build/server$"] }],
    },
  },
);
