import { execFileSync } from "node:child_process";

/** Debian's Chromium (never a downloaded browser): `CHROMIUM_PATH`, else `chromium` on the PATH. */
export const chromiumPath = () =>
  process.env.CHROMIUM_PATH ?? execFileSync("sh", ["-c", "command -v chromium"]).toString().trim();

/** Flags for a headless run on a CI machine: no sandbox or GPU, nothing fetched in the background. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
