// `npm run bench:lighthouse`: Lighthouse (mobile profile, Debian's Chromium) on the public pages,
// with the scores beside their goals, and the gzip size of the JavaScript each page ships. See
// bench/README.md and decision 0032.
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { createDb } from "../db/client";
import { CHROMIUM_FLAGS, chromiumPath } from "../scripts/lib/chromium";
import { bearer, createCompany, postJson, send, signInApi } from "./common";
import { environment, fixed, ownStack, runBench, table, writeResults } from "./harness";

const GOALS = { performance: 98, accessibility: 100, seo: 95 } as const;
/** The JavaScript `/` may ship, gzip (issue 12). */
const LANDING_JS_GOAL_KB = 100;
const CATEGORIES = Object.keys(GOALS) as (keyof typeof GOALS)[];

const log = (line: string) => console.log(`[lighthouse] ${line}`);
const { start, cleanup } = ownStack("bench:lighthouse", log);

type PageResult = {
  path: string;
  scores: Record<keyof typeof GOALS, number>;
  /** JavaScript the page loaded (script files and inline scripts), gzip at zlib's default level, bytes. */
  jsGzipBytes: number;
  scriptFiles: number;
  failedAudits: Record<string, string[]>;
};

/** A partner link made through the API as a carrier would, for /partner/<hash>; null when not built. */
async function partnerHash(web: string, databaseUrl: string): Promise<string | null> {
  const email = `bench.lighthouse.${crypto.randomUUID().slice(0, 8)}@example.ru`;
  await createCompany(createDb({ url: databaseUrl }), "ООО «Замер страниц»", email);
  const token = await signInApi(web, email);
  const response = await send(
    `${web}/api/partner/generate`,
    postJson(
      {
        companyName: "ООО «Приглашённый перевозчик»",
        companyInn: "7707083893",
        companyAddress: "г Москва, ул Вавилова, д 19",
        contactFirstName: "Ирина",
        contactLastName: "Петрова",
        contactEmail: "irina.petrova@example.ru",
        contactPhone: "+79161234567",
      },
      bearer(token),
    ),
  );
  const body = (await response.json().catch(() => null)) as { data?: { unique_token?: string } } | null;
  if (response.status !== 201 || !body?.data?.unique_token) {
    log(`POST /api/partner/generate answered ${response.status}: skipping /partner/<hash>`);
    return null;
  }
  const page = await send(`${web}/partner/${body.data.unique_token}`);
  await page.arrayBuffer();
  if (page.status !== 200) {
    log(`/partner/<hash> answered ${page.status}: skipping it (the partner landing is not there yet)`);
    return null;
  }
  return body.data.unique_token;
}

/** Inline scripts of the HTML as the server sent it, gzip size together with the script files. */
async function javascriptGzip(url: string, scriptUrls: string[]): Promise<{ bytes: number; files: number }> {
  const html = await (await send(url)).text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .join("\n");
  let bytes = inline.length > 0 ? gzipSync(inline).length : 0;
  for (const scriptUrl of scriptUrls) {
    const body = Buffer.from(await (await send(scriptUrl)).arrayBuffer());
    bytes += gzipSync(body).length;
  }
  return { bytes, files: scriptUrls.length };
}

async function audit(port: number, url: string): Promise<PageResult> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as PageResult["scores"];
  const failedAudits = Object.fromEntries(
    CATEGORIES.map((category) => [
      category,
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id),
    ]),
  );
  const requests =
    (
      lhr.audits["network-requests"]?.details as
        { items?: { url: string; resourceType?: string }[] } | undefined
    )?.items ?? [];
  const scriptUrls = requests.filter((item) => item.resourceType === "Script").map((item) => item.url);
  const js = await javascriptGzip(url, scriptUrls);
  return { path: new URL(url).pathname, scores, jsGzipBytes: js.bytes, scriptFiles: js.files, failedAudits };
}

async function main() {
  const stack = await start();
  const { web, database } = stack.urls;
  const paths = ["/", "/login", "/register"];
  const hash = await partnerHash(web, database);
  if (hash) paths.push(`/partner/${hash}`);

  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  const results: PageResult[] = [];
  try {
    for (const path of paths) {
      log(`auditing ${path}…`);
      results.push(await audit(chrome.port, `${web}${path}`));
    }
  } finally {
    chrome.kill();
  }

  const mark = (score: number, goal: number, atLeast: boolean) =>
    `${score}${(atLeast ? score >= goal : score === goal) ? "" : " ✗"}`;
  console.log(
    `\n${table(
      ["page", "performance (≥ 98)", "accessibility (100)", "SEO (≥ 95)", "JS gzip KB", "script files"],
      results.map((r) => [
        r.path.replace(/\/partner\/.+/, "/partner/<hash>"),
        mark(r.scores.performance, GOALS.performance, true),
        mark(r.scores.accessibility, GOALS.accessibility, false),
        mark(r.scores.seo, GOALS.seo, true),
        fixed(r.jsGzipBytes / 1024, 1),
        String(r.scriptFiles),
      ]),
    )}\n`,
  );
  for (const r of results) {
    const failing = Object.entries(r.failedAudits).filter(([, ids]) => ids.length > 0);
    if (failing.length > 0)
      console.log(
        `${r.path}: audits below full marks: ${failing.map(([c, ids]) => `${c}: ${ids.join(", ")}`).join("; ")}`,
      );
  }
  const landing = results.find((r) => r.path === "/");
  if (landing)
    console.log(
      `\n/ ships ${fixed(landing.jsGzipBytes / 1024, 1)} KB of JavaScript, gzip (goal ≤ ${LANDING_JS_GOAL_KB} KB): ${landing.jsGzipBytes / 1024 <= LANDING_JS_GOAL_KB ? "met" : "NOT met"}`,
    );
  if (!hash) console.log("/partner/<hash> was skipped: the partner landing or link API is not there yet.");
  const file = writeResults("lighthouse-", { environment: environment(), goals: GOALS, results });
  log(`results written to ${file}`);
}

await runBench("lighthouse", main, cleanup, 15 * 60 * 1000);
