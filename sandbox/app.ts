import { Hono } from "hono";
import { BANK_PROVIDER, bankSandbox, type BankSandboxOptions } from "./bank/app";
import { dadataSandbox } from "./dadata/app";
import { EDO_PROVIDER, edoSandbox } from "./edo/app";
import { callRoutes, countedCalls, createCallLog } from "./calls";
import { createFailureSwitch, failureRoutes } from "./failures";
import { GEOCODER_PROVIDER, nominatimSandbox } from "./nominatim/app";
import { osrmSandbox, ROUTER_PROVIDER } from "./osrm/app";
import { PLATFORM_PROVIDERS, platformsSandbox } from "./platforms/app";
import { createMailbox, EMAIL_PROVIDER, mailboxRoutes, unisenderGoSandbox } from "./unisender-go/app";
import { YOOKASSA_PROVIDER, yookassaSandbox, type YooKassaSandboxOptions } from "./yookassa/app";

const PROVIDERS = [
  "dadata",
  ...PLATFORM_PROVIDERS,
  EDO_PROVIDER,
  GEOCODER_PROVIDER,
  ROUTER_PROVIDER,
  YOOKASSA_PROVIDER,
  BANK_PROVIDER,
  EMAIL_PROVIDER,
] as const;

/** The providers that take a token or a key (the `expired_token` failure applies to them). */
const CREDENTIALED = [
  "dadata",
  ...PLATFORM_PROVIDERS,
  EDO_PROVIDER,
  YOOKASSA_PROVIDER,
  BANK_PROVIDER,
  EMAIL_PROVIDER,
];

export type SandboxOptions = { yookassa?: YooKassaSandboxOptions; bank?: BankSandboxOptions };

/**
 * Local emulators of the external systems the product talks to. Each provider gets a
 * sub-app here that answers its real protocol; adapters reach it through their base URL.
 * Failure modes live per app, so every test's sandbox starts healthy.
 */
export function createSandboxApp(options: SandboxOptions = {}) {
  const failures = createFailureSwitch();
  const calls = createCallLog();
  const mailbox = createMailbox();
  return (
    new Hono()
      .get("/health", (c) => c.json({ status: "ok", providers: [...PROVIDERS] }))
      .route("/__sandbox", failureRoutes(failures, PROVIDERS, CREDENTIALED))
      .route("/__sandbox", callRoutes(calls, [GEOCODER_PROVIDER, ROUTER_PROVIDER]))
      // The letters sent through the e-mail twin, with their links to follow.
      .route("/__sandbox", mailboxRoutes(mailbox))
      // What the geocoder and the router were asked, for bench:geo (each address and route once).
      .use(
        "/nominatim/search",
        countedCalls(calls, GEOCODER_PROVIDER, (c) => c.req.query("q") ?? ""),
      )
      .use(
        "/osrm/route/v1/driving/:coordinates",
        countedCalls(calls, ROUTER_PROVIDER, (c) => c.req.path),
      )
      .route("/", dadataSandbox(failures))
      .route("/", platformsSandbox(failures))
      .route("/", edoSandbox(failures))
      .route("/", nominatimSandbox(failures))
      .route("/", osrmSandbox(failures))
      .route("/", yookassaSandbox(failures, options.yookassa))
      .route("/", bankSandbox(failures, options.bank))
      .route("/", unisenderGoSandbox(failures, mailbox))
  );
}
