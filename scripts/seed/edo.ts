import { connectEdo, type EdoDeps } from "../../workers/core/edo/connection";
import { syncEdoPage } from "../../workers/core/edo/sync";
import { localQueue, seedDirectorOnce } from "./once";

const SEEDED_KEY = "demo_edo_seeded_at";

/** The sandbox EDO operator's account of the demo company (sandbox/edo/documents.ts). */
export const DEMO_EDO_LOGIN = { login: "demo-carrier", password: "edo-demo-2025" } as const;

/**
 * Connects the demo director's company to the sandbox EDO operator and mirrors its documents
 * through the real sync steps, run here one after another instead of through the queue, so
 * /edo shows documents at once. Once per database; returns whether it ran.
 */
export function seedDemoEdo(deps: Omit<EdoDeps, "enqueue">): Promise<boolean> {
  return seedDirectorOnce(deps.db, SEEDED_KEY, deps.now(), async (companyId) => {
    const queue = localQueue();
    const local: EdoDeps = { ...deps, enqueue: queue.enqueue };
    const connected = await connectEdo(local, companyId, DEMO_EDO_LOGIN, null);
    if (!connected.ok) throw new Error(`demo EDO connection failed: ${connected.message}`);
    await queue.drain(async (message) => {
      if (message.kind === "edo.sync") await syncEdoPage(local, message, 1);
    });
  });
}
