import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * The sandbox YooKassa's state, kept in maps and, given a file, in an append-only journal of JSON
 * lines (`{kind, key, value}`, the last line of a key wins) written before the call that changed
 * it answers: a sandbox restarted mid-checkout has every payment, refund, idempotence key and
 * notification it acknowledged. Opening a journal replays it and rewrites it compacted.
 */
export type Journal<T extends Record<string, unknown>> = {
  tables: { [K in keyof T]: Map<string, T[K]> };
  /** Stores `value` under `key`: a new entry or the current state of one changed in place. */
  save<K extends keyof T>(kind: K, key: string, value: T[K]): void;
  remove<K extends keyof T>(kind: K, key: string): void;
};

type Line = { kind: string; key: string; value?: unknown };

export function openJournal<T extends Record<string, unknown>>(
  file: string | undefined,
  kinds: readonly (keyof T & string)[],
): Journal<T> {
  const tables = Object.fromEntries(kinds.map((kind) => [kind, new Map<string, unknown>()])) as {
    [K in keyof T]: Map<string, T[K]>;
  };
  const table = (kind: string) => (tables as Record<string, Map<string, unknown>>)[kind];
  if (file && existsSync(file)) {
    for (const text of readFileSync(file, "utf8").split("\n")) {
      let line: Line;
      try {
        line = JSON.parse(text) as Line;
      } catch {
        // A blank line, or a line cut short by a crash before its call answered.
        continue;
      }
      const map = table(line.kind);
      if (!map) continue;
      if ("value" in line) map.set(line.key, line.value);
      else map.delete(line.key);
    }
  }
  if (file) {
    mkdirSync(dirname(file), { recursive: true });
    const compacted = kinds.flatMap((kind) =>
      [...table(kind)].map(([key, value]) => JSON.stringify({ kind, key, value })),
    );
    writeFileSync(`${file}.tmp`, compacted.map((line) => `${line}\n`).join(""));
    renameSync(`${file}.tmp`, file);
  }
  const append = (line: Line) => {
    if (file) appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  return {
    tables,
    save(kind, key, value) {
      tables[kind].set(key, value);
      append({ kind: kind as string, key, value });
    },
    remove(kind, key) {
      if (tables[kind].delete(key)) append({ kind: kind as string, key });
    },
  };
}
