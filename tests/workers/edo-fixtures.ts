import { edoConnections } from "../../db/schema";
import { testDb } from "./support";

/**
 * An EDO connection of the company written straight to the database (its token is not a real
 * one: nothing here asks the operator); returns its id.
 */
export async function edoConnectionFor(companyId: string, login = `carrier-${companyId.slice(0, 8)}`) {
  const id = crypto.randomUUID();
  await testDb()
    .insert(edoConnections)
    .values({
      id,
      companyId,
      login,
      token: "v1.not-a-real-token",
      tokenExpiresAt: new Date(Date.now() + 3_600_000),
      userName: "Тестов Тест Тестович",
      shortName: "Тестов Т. Т.",
      companyName: "ООО «Тест»",
      createdAt: new Date(),
    });
  return id;
}
