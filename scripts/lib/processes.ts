import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** A port the OS says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Polls `url` until it answers 2xx/3xx, or fails after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2000) });
      if (response.status < 400) return;
      lastError = new Error(`HTTP ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up in ${timeoutMs} ms: ${String(lastError)}`);
}

export type Child = { name: string; process: ChildProcess };

/** Starts a child whose output is prefixed with its name (or kept quiet). */
export function startChild(
  name: string,
  command: string,
  args: string[],
  options: {
    env?: Record<string, string | undefined>;
    quiet?: boolean;
    cwd?: string;
    inheritEnv?: boolean;
  } = {},
): Child {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: (options.inheritEnv === false
      ? options.env
      : { ...process.env, ...options.env }) as NodeJS.ProcessEnv,
    stdio: options.quiet ? ["ignore", "ignore", "pipe"] : ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => `[${name}] ${line}\n`)
      .join("");
  child.stdout?.on("data", (chunk: Buffer) => process.stdout.write(prefix(chunk)));
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(prefix(chunk)));
  return { name, process: child };
}

/** Stops children (their whole process groups), politely first. */
export async function stopChildren(children: Child[]): Promise<void> {
  const alive = children.filter((c) => c.process.exitCode === null && c.process.pid);
  for (const c of alive) signalGroup(c, "SIGTERM");
  const deadline = Date.now() + 5000;
  while (
    alive.some((c) => c.process.exitCode === null && c.process.signalCode === null) &&
    Date.now() < deadline
  ) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const c of alive)
    if (c.process.exitCode === null && c.process.signalCode === null) signalGroup(c, "SIGKILL");
}

/** Kills whatever is left of a child's process group (e.g. workerd after wrangler died). */
export function killGroup(child: Child): void {
  signalGroup(child, "SIGKILL");
}

function signalGroup(child: Child, signal: NodeJS.Signals) {
  try {
    process.kill(-(child.process.pid as number), signal);
  } catch {
    // already gone
  }
}
