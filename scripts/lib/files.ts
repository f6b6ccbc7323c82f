import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The newest modification time under `path` (itself when a file), 0 when it does not exist. */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}
