// The sandbox bank as `npm start` runs it (sandbox/server.ts with SANDBOX_DATA_DIR): killed and
// started again between a payout's acceptance and its execution, it has lost nothing, and the
// adapter, whose session the new process does not know, logs on again by itself.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/processes";
import { directBankOptions } from "../../workers/providers/bank-config";
import { createDirectBank } from "../../workers/providers/directbank";
import { sandboxServer } from "../server-process";
import { sandboxProviderVars } from "../vars";
import { CARRIER_ACCOUNTS } from "./accounts";

const DELAY_MS = 1_500;

const dataDir = mkdtempSync(join(tmpdir(), "reys-bank-"));
let sandbox: ReturnType<typeof sandboxServer>;
const base = () => sandbox.base;

beforeAll(async () => {
  sandbox = sandboxServer(await freePort(), () => ({
    SANDBOX_DATA_DIR: dataDir,
    SANDBOX_BANK_EXECUTION_DELAY_MS: String(DELAY_MS),
  }));
});

afterAll(async () => {
  await sandbox.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const balance = async (account: string) =>
  ((await (await fetch(`${base()}/__sandbox/bank/accounts/${account}`)).json()) as { balanceKopecks: number })
    .balanceKopecks;

describe("the sandbox bank across a restart", () => {
  it("keeps the orders, their notices, the balance and what it has received", async () => {
    await sandbox.start();
    const vars = sandboxProviderVars(base());
    const bank = createDirectBank({
      ...directBankOptions(vars),
      statementWaitMs: 10_000,
      pollIntervalMs: 100,
    });
    const carrier = CARRIER_ACCOUNTS[4];
    const order = {
      id: "payout-across-restart",
      number: "41",
      date: new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10),
      amountKopecks: 7_654_321,
      payee: {
        name: carrier.holder.name,
        inn: carrier.holder.inn,
        kpp: carrier.holder.kpp,
        account: carrier.account,
        bank: {
          bic: carrier.bic,
          name: carrier.bankName,
          correspondentAccount: carrier.correspondentAccount,
        },
      },
      purpose: "Оплата по договору уступки права требования № 41. НДС не облагается",
    };
    const opening = await balance(vars.BANK_PAYER_ACCOUNT);
    const { documentId } = await bank.sendPayout(order);
    expect((await bank.payoutStatus(documentId))?.state).toBe("accepted");

    // The bank crashes before executing the order and comes back after it was due.
    await sandbox.crash();
    await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
    await sandbox.start();

    expect(await bank.payoutStatus(documentId)).toMatchObject({ state: "executed", bankCode: "02" });
    expect(await bank.sendPayout(order)).toEqual({ documentId, alreadySent: true });
    expect(await balance(vars.BANK_PAYER_ACCOUNT)).toBe(opening - order.amountKopecks);

    await sandbox.crash();
    await sandbox.start();
    const statement = await bank.statement({ from: order.date, to: order.date });
    expect(statement.operations.filter((operation) => operation.direction === "out")).toEqual([
      expect.objectContaining({ documentId, amountKopecks: order.amountKopecks }),
    ]);
    expect(statement.closingBalanceKopecks).toBe(opening - order.amountKopecks);
  });
});
