import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox } from "../../tests/support/sandbox";
import { seededDbForBlock } from "../../tests/support/test-db";
import { generateKeyBase64 } from "../../workers/core/crypto/secret-box";
import { edoConnectionView, findEdoConnection } from "../../workers/core/edo/connection";
import { listEdoDocuments } from "../../workers/core/edo/documents";
import { edoDocumentsQuerySchema } from "../../workers/core/edo/schemas";
import { geoOf, geoStatement } from "../../workers/core/edo/geo-read";
import { createEdoApi } from "../../workers/providers/edo-api";
import { createNominatimGeocoder } from "../../workers/providers/nominatim";
import { createOsrmRouter } from "../../workers/providers/osrm";
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

  it("connects the demo company to its sandbox EDO account, mirrors every document and places it, once", async () => {
    const deps = {
      db: db(),
      credentialsKey: generateKeyBase64(),
      edo: createEdoApi({ baseUrl: `${sandbox.url}/edo` }),
      geocoder: createNominatimGeocoder({ baseUrl: `${sandbox.url}/nominatim` }),
      router: createOsrmRouter({ baseUrl: `${sandbox.url}/osrm` }),
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
    // The sync's edo.geo job ran too: the map has its points and routes at once, none pending.
    const filters = { period: 0, limit: 5000, allQuarters: true } as const;
    const now = Date.now();
    const geo = geoOf(await geoStatement(db(), director.companyId, filters, now), filters, now);
    expect(geo.pending).toEqual({ addresses: 0, routes: 0 });
    expect(geo.addresses.length).toBeGreaterThan(10);
    expect(geo.routes.length).toBeGreaterThan(10);
    expect(await seedDemoEdo(deps)).toBe(false);
  });
});
