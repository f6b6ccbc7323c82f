import type { VitePluginConfig } from "@remix-run/dev";

/** Remix options; `vite.config.ts` passes them to the Remix Vite plugin. */
export const remixConfig = {
  appDirectory: "app",
  buildDirectory: "build",
  serverModuleFormat: "esm",
  ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/.*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
} satisfies VitePluginConfig;
