import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox } from "../../tests/support/sandbox";
import { seededDbForBlock } from "../../tests/support/test-db";
import { generateKeyBase64 } from "../../workers/core/crypto/secret-box";
import { edoConnectionView, findEdoConnection } from "../../workers/core/edo/connection";
import { listEdoDocuments } from "../../workers/core/edo/documents";
import { edoDocumentsQuerySchema } from "../../workers/core/edo/schemas";
import { createEdoApi } from "../../workers/providers/edo-api";
import { DEMO_ACCOUNTS } from "./demo";
import { seedDemoEdo } from "./edo";
import { users } from "../../db/schema";

describe("demo EDO", () => {
  const db = seededDbForBlock(Date.parse("2026-11-23T08:00:00Z"));
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.stop());

  it("connects the demo company to its sandbox EDO account and mirrors every document, once", async () => {
    const deps = {
      db: db(),
      credentialsKey: generateKeyBase64(),
      edo: createEdoApi({ baseUrl: `${sandbox.url}/edo` }),
      now: () => Date.now(),
    };
    expect(await seedDemoEdo(deps)).toBe(true);
    const [director] = await db()
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.director.email));
    const connection = await findEdoConnection(db(), director.companyId);
    expect(connection?.login).toBe("demo-carrier");
    const view = await edoConnectionView(db(), connection!, Date.now());
    const account = (await (await fetch(`${sandbox.url}/__sandbox/edo/accounts/demo-carrier`)).json()) as {
      documentCount: number;
    };
    expect(view).toMatchObject({ connected: true, sync: { status: "success", done: account.documentCount } });

    const list = await listEdoDocuments(db(), director.companyId, edoDocumentsQuerySchema.parse({}));
    expect(list.total).toBeGreaterThan(1000);
    expect(list.docs).toHaveLength(20);
    // The carrier in the demo account's documents is the demo company itself.
    expect(
      list.docs.filter((doc) => doc.roleCode === "TK").every((doc) => doc.info.tk?.inn === "7704123450"),
    ).toBe(true);
    expect(await seedDemoEdo(deps)).toBe(false);
  });
});
