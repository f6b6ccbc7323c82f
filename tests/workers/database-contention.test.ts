// A mirror sync's long write batches and a user's own writes, at the same time: the user's
// writes go through (a locked database is retried, decision 0046), the sync loses nothing, and
// the database is left as both intended.
import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { edoDocuments, paymentRequests } from "../../db/schema";
import type { JobMessage } from "../../workers/core/jobs/messages";
import {
  callWeb,
  createCompanyUser,
  createOrderFor,
  deliver,
  EDO_PASSWORD,
  postJson,
  recordingQueue,
  sessionFor,
  testDb,
  type SentMessage,
} from "./support";

// Only read at the operator: other files read this account too, none moves it on.
const LOGIN = "demo-carrier";

/** Delivers the messages and every message they lead to, as the queue would. */
async function drain(first: SentMessage[]): Promise<number> {
  const queue: JobMessage[] = first.map((message) => message.body);
  let retried = 0;
  for (let message = queue.shift(); message; message = queue.shift()) {
    const jobs = recordingQueue();
    const result = await deliver([message], { env: { JOBS: jobs.queue } });
    retried += result.retryMessages.length;
    queue.push(...jobs.sent.map((sent) => sent.body));
  }
  return retried;
}

describe("a mirror sync and a user's writes at once", () => {
  it("answers every write, and the sync mirrors every document, each once", async () => {
    const syncing = await createCompanyUser();
    const working = await createCompanyUser();
    const syncBearer = (await sessionFor(syncing.userId)).bearer;
    const workBearer = (await sessionFor(working.userId)).bearer;

    const connected = await callWeb(
      "/api/edo/auth",
      postJson({ login: LOGIN, password: EDO_PASSWORD }, { authorization: `Bearer ${syncBearer}` }),
    );
    expect(connected.response.status).toBe(200);

    const orders = await Promise.all(Array.from({ length: 24 }, () => createOrderFor(working.companyId)));
    const sync = drain(connected.sent);
    const writes = (async () => {
      const statuses: number[] = [];
      // Four writers at a time, for as long as there are orders left to ask payment for.
      for (let i = 0; i < orders.length; i += 4) {
        const answers = await Promise.all(
          orders.slice(i, i + 4).map((id) =>
            callWeb(`/api/orders/${id}/payment-request`, {
              method: "POST",
              headers: { authorization: `Bearer ${workBearer}` },
            }),
          ),
        );
        statuses.push(...answers.map(({ response }) => response.status));
      }
      return statuses;
    })();
    const [retried, statuses] = await Promise.all([sync, writes]);

    expect(statuses).toEqual(orders.map(() => 201));
    expect(retried).toBe(0);
    // Each order's request is stored once.
    const requested = await testDb()
      .select({ orderId: paymentRequests.orderId })
      .from(paymentRequests)
      .where(inArray(paymentRequests.orderId, orders));
    expect(requested.map((row) => row.orderId).sort()).toEqual([...orders].sort());

    const account = await fetch(`${env.EDO_API_URL.replace(/\/edo$/, "")}/__sandbox/edo/accounts/${LOGIN}`);
    const { documentCount } = await account.json<{ documentCount: number }>();
    const mirrored = await testDb()
      .select({ id: edoDocuments.id })
      .from(edoDocuments)
      .where(eq(edoDocuments.companyId, syncing.companyId));
    expect(new Set(mirrored.map((row) => row.id)).size).toBe(mirrored.length);
    expect(mirrored.length).toBe(documentCount);
  });
});
