import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox } from "../../tests/support/sandbox";
import { seededDbForBlock } from "../../tests/support/test-db";
import { generateKeyBase64 } from "../../workers/core/crypto/secret-box";
import { listConnections } from "../../workers/core/platforms/connections";
import { storedX5Auth } from "../../workers/core/x5/x5";
import { PLATFORM_IDS, platformUrlVar } from "../../workers/providers/customer-platform";
import { platformApis, type PlatformUrls } from "../../workers/providers/platforms-config";
import { DEMO_ACCOUNTS } from "./demo";
import { seedDemoPlatforms } from "./platforms";
import { users } from "../../db/schema";

describe("demo platforms", () => {
  const db = seededDbForBlock(Date.parse("2026-11-23T08:00:00Z"));
  let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.stop());

  it("connects the demo company to Magnit and X5, syncs their orders through the real sync and gets an X5 token, once", async () => {
    const urls = Object.fromEntries(
      PLATFORM_IDS.map((id) => [platformUrlVar(id), `${sandbox.url}/platforms/${id}`]),
    ) as PlatformUrls;
    const deps = {
      db: db(),
      credentialsKey: generateKeyBase64(),
      platformApi: platformApis(urls),
      now: () => Date.now(),
    };
    expect(await seedDemoPlatforms(deps)).toBe(true);

    const [director] = await db()
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.director.email));
    const connections = await listConnections(db(), director.companyId, Date.now());
    expect(connections.map((c) => [c.platform_id, c.sync_status, c.orders_count]).sort()).toEqual([
      ["magnit", "success", 240],
      ["x5", "success", 240],
    ]);
    expect(await storedX5Auth(deps, director.companyId)).toMatchObject({
      user: { userName: "carrier@x5.demo" },
    });
    expect(await seedDemoPlatforms(deps)).toBe(false);
  });
});
