import { connectEdo, type EdoDeps } from "../../workers/core/edo/connection";
import { placeMirror } from "../../workers/core/edo/places";
import { syncEdoPage } from "../../workers/core/edo/sync";
import type { Geocoder, Router } from "../../workers/providers/geo";
import { localQueue, seedDirectorOnce } from "./once";

const SEEDED_KEY = "demo_edo_seeded_at";

/** The sandbox EDO operator's account of the demo company (sandbox/edo/documents.ts). */
export const DEMO_EDO_LOGIN = { login: "demo-carrier", password: "edo-demo-2025" } as const;

/**
 * Connects the demo director's company to the sandbox EDO operator and mirrors its documents
 * through the real sync steps, run here one after another instead of through the queue, so
 * /edo shows documents at once; then the sync's `edo.geo` job places the mirror's addresses and
 * routes through the geocoder and router, so the map, the fleet and the clients show them at
 * once too (without them every address waits for the next sync). Once per database; returns
 * whether it ran.
 */
export function seedDemoEdo(
  deps: Omit<EdoDeps, "enqueue"> & { geocoder?: Geocoder | null; router?: Router | null },
): Promise<boolean> {
  return seedDirectorOnce(deps.db, SEEDED_KEY, deps.now(), async (companyId) => {
    const queue = localQueue();
    const local: EdoDeps = { ...deps, enqueue: queue.enqueue };
    const connected = await connectEdo(local, companyId, DEMO_EDO_LOGIN, null);
    if (!connected.ok) throw new Error(`demo EDO connection failed: ${connected.message}`);
    await queue.drain(async (message) => {
      if (message.kind === "edo.sync") await syncEdoPage(local, message, 1);
      else if (message.kind === "edo.geo" && deps.geocoder !== undefined) {
        const geo = { db: deps.db, geocoder: deps.geocoder, router: deps.router ?? null, now: deps.now };
        await placeMirror({ ...geo, enqueue: queue.enqueue }, message, 1).catch((error: unknown) => {
          // The mirror is there; its places come with the next sync's job.
          console.warn(`demo EDO addresses not placed yet: ${String(error)}`);
        });
      }
    });
  });
}
