// The company's settlement account for payouts (issue 21, item 4): the control keys, the bank
// directory (the sandbox's DaData), each company its own.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  correspondentAccountWithKey,
  settlementAccountWithKey,
} from "../../workers/core/requisites/bank-account";
import { DADATA_BANK_PATH } from "../../workers/providers/dadata";
import { callWeb, createCompanyUser, postJson, sessionFor } from "./support";

const sandbox = env.EDO_API_URL.replace(/\/edo$/, "");
type Bank = { data: { bic: string; correspondent_account: string | null; state: { status: string } } };

let auth: Record<string, string>;
let bank: { bic: string; correspondentAccount: string };
let account: string;

beforeAll(async () => {
  const user = await createCompanyUser();
  auth = { authorization: `Bearer ${(await sessionFor(user.userId)).bearer}` };
  const found = await fetch(
    `${sandbox}${DADATA_BANK_PATH}`,
    postJson({ query: "банк", count: 20 }, { authorization: "Token sandbox-key" }),
  );
  const active = ((await found.json()) as { suggestions: Bank[] }).suggestions.find(
    (b) => b.data.state.status === "ACTIVE" && b.data.correspondent_account,
  )!;
  bank = { bic: active.data.bic, correspondentAccount: active.data.correspondent_account! };
  account = settlementAccountWithKey("40702810000000012345", bank.bic);
});

const save = (body: unknown, headers = auth) => callWeb("/api/companies/requisites", postJson(body, headers));
const failures = (mode: string) =>
  fetch(`${sandbox}/__sandbox/failures`, postJson({ provider: "dadata", mode }));

describe("the company's requisites", () => {
  it("are kept once the keys hold and the directory knows the bank, and read back by the company alone", async () => {
    const { response } = await save({
      settlementAccount: `${account.slice(0, 4)} ${account.slice(4, 8)} ${account.slice(8)}`,
      bic: bank.bic,
      bankName: "Банк из справочника",
      correspondentAccount: bank.correspondentAccount,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      data: { settlementAccount: account, bic: bank.bic, correspondentAccount: bank.correspondentAccount },
    });
    const read = await callWeb("/api/companies/requisites", { headers: auth });
    expect(await read.response.json()).toMatchObject({ data: { settlementAccount: account } });

    const stranger = await createCompanyUser();
    const theirs = await callWeb("/api/companies/requisites", {
      headers: { authorization: `Bearer ${(await sessionFor(stranger.userId)).bearer}` },
    });
    expect(await theirs.response.json()).toEqual({ success: true, data: null });
  });

  it("refuse a mistyped account, a bank the directory does not know or has closed, and another bank's к/с, in Russian", async () => {
    const wrongDigit = `${account.slice(0, 19)}${(Number(account[19]) + 1) % 10}`;
    /** Requisites in the bank with `bic` whose keys hold, so only the directory can refuse them. */
    const keyed = (bic: string) => ({
      bic,
      settlementAccount: settlementAccountWithKey("40702810000000012345", bic),
      correspondentAccount: correspondentAccountWithKey(`30101810000000000${bic.slice(-3)}`, bic),
    });
    const cases: [Record<string, string>, RegExp][] = [
      [{ settlementAccount: wrongDigit }, /Неверный контрольный ключ расчетного счета/],
      [keyed("049999999"), /Банк с БИК 049999999 не найден в справочнике Банка России/],
      [keyed("044525418"), /Банк с БИК 044525418 ликвидирован/],
      [
        {
          correspondentAccount: correspondentAccountWithKey(
            `30101810000000000${bank.bic.slice(-3)}`,
            bank.bic,
          ),
        },
        new RegExp(`Корреспондентский счет банка с БИК ${bank.bic} — ${bank.correspondentAccount}`),
      ],
    ];
    for (const [change, message] of cases) {
      const { response } = await save({
        settlementAccount: account,
        bic: bank.bic,
        bankName: "Банк",
        correspondentAccount: bank.correspondentAccount,
        ...change,
      });
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toMatch(message);
    }
  });

  it("saves nothing while the bank directory is down, and says so", async () => {
    const user = await createCompanyUser();
    const headers = { authorization: `Bearer ${(await sessionFor(user.userId)).bearer}` };
    await failures("error500");
    try {
      const { response } = await save(
        {
          settlementAccount: account,
          bic: bank.bic,
          bankName: "Банк",
          correspondentAccount: bank.correspondentAccount,
        },
        headers,
      );
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({
        error: expect.stringContaining("Справочник банков сейчас недоступен"),
      });
    } finally {
      await failures("none");
    }
    const read = await callWeb("/api/companies/requisites", { headers });
    expect(await read.response.json()).toEqual({ success: true, data: null });
  });
});
