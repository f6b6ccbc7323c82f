import { createConnection, type PlatformDeps } from "../../workers/core/platforms/connections";
import { syncPlatformPage } from "../../workers/core/platforms/sync";
import { authenticateX5 } from "../../workers/core/x5/x5";
import { localQueue, seedDirectorOnce } from "./once";

const SEEDED_KEY = "demo_platforms_seeded_at";

/** The sandbox's demo login on every platform (sandbox/platforms/app.ts). */
const SANDBOX_LOGIN = { username: "demo", password: "platform-demo-2025" };

/** The sandbox's X5 carrier login for the X5 integration page. */
const SANDBOX_X5_LOGIN = { userName: "carrier@x5.demo", password: "x5-demo-2025" };

const DEMO_CONNECTIONS = [
  { platform_id: "magnit", connection_name: "Магнит — РЦ Краснодар" },
  { platform_id: "x5", connection_name: "X5 — РЦ Подольск" },
] as const;

/**
 * Connects the demo director's company to Magnit and X5 on the sandbox, syncs their orders
 * through the real sync steps (run here one after another instead of through the queue: the
 * Workers are not up yet), and gets an X5 token for /x5. Once per database, like the demo
 * accounts; returns whether it ran.
 */
export function seedDemoPlatforms(deps: Omit<PlatformDeps, "enqueue">): Promise<boolean> {
  return seedDirectorOnce(deps.db, SEEDED_KEY, deps.now(), async (companyId) => {
    const queue = localQueue();
    const local: PlatformDeps = { ...deps, enqueue: queue.enqueue };
    for (const connection of DEMO_CONNECTIONS) {
      const created = await createConnection(
        local,
        companyId,
        { ...connection, credentials: SANDBOX_LOGIN },
        null,
      );
      if (!created.ok)
        throw new Error(`demo ${connection.platform_id} connection failed: ${created.message}`);
    }
    await queue.drain(async (message) => {
      if (message.kind === "platforms.sync") await syncPlatformPage(local, message, 1);
    });
    // The X5 integration page (/x5) connected too, with the sandbox's X5 carrier login.
    const x5Deps = { ...deps, x5: deps.platformApi("x5") };
    const x5 = await authenticateX5(x5Deps, companyId, SANDBOX_X5_LOGIN, null);
    if (!x5.ok) throw new Error(`demo X5 token failed: ${x5.message}`);
  });
}
