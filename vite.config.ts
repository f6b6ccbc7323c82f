import { fileURLToPath } from "node:url";
import { vitePlugin as remix, cloudflareDevProxyVitePlugin } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { remixConfig } from "./remix.config";

export default defineConfig(({ command }) => ({
  plugins: [
    ...(command === "serve" ? [cloudflareDevProxyVitePlugin()] : []),
    remix(remixConfig),
    tailwindcss(),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  ssr: {
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
  },
  build: { sourcemap: false },
}));
