import {
  createClient,
  type Client,
  type InArgs,
  type InStatement,
  type ResultSet,
  type TransactionMode,
} from "@libsql/client/web";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { drizzle } from "drizzle-orm/libsql/web";
import * as schema from "./schema";

export type DbConfig = {
  url: string;
  authToken?: string;
  /** How long one database call may take before it fails (ms). */
  deadlineMs?: number;
  /**
   * Read batches started together go to the database as one (mergingReadBatches): a page's
   * layout and route loaders read in one round trip. For one request's own database only.
   */
  mergeReadBatches?: boolean;
  /**
   * Writes wait for `until` when it is set, and are refused if it rejects: a page read for a
   * caller not yet confirmed changes nothing before the confirmation (gatedWrites).
   */
  writeGate?: WriteGate;
  /** Counts the requests sent to the database (round trips), for Server-Timing. */
  roundTrips?: { count: number };
};

/** What a request's writes wait for (see gatedWrites); `until` null lets them through at once. */
export type WriteGate = { until: Promise<unknown> | null };

/**
 * A call waits at most this long. sqld makes a writer wait up to 5 s for another's transaction
 * (then cuts that transaction off), so a call that is merely queued still fits well inside.
 */
export const DATABASE_DEADLINE_MS = 15_000;

/** What a caller is told when the database is out of reach, too slow or stays locked. */
export const DATABASE_UNAVAILABLE = "База данных не ответила вовремя. Повторите попытку через минуту.";

/** A database call that ran out of its deadline: it may or may not have been applied. */
export class DatabaseDeadlineError extends Error {
  override name = "DatabaseDeadlineError";
  constructor(readonly deadlineMs: number) {
    super(`the database did not answer within ${deadlineMs} ms`);
  }
}

/**
 * The database could not be reached: the connection was refused (sqld restarting, say) or broke
 * off. A call whose connection broke off may have been applied, so it is never retried.
 */
export class DatabaseUnreachableError extends Error {
  override name = "DatabaseUnreachableError";
  constructor(options: { cause: unknown }) {
    super("the database could not be reached", options);
  }
}

/** One factory for every Worker: sqld over HTTP locally, Turso in production. */
export function createDb(config: DbConfig): Db {
  const client = createClient({
    url: config.url,
    authToken: config.authToken || undefined,
    fetch: reusingStreams(fetchWithDeadline(config.deadlineMs ?? DATABASE_DEADLINE_MS, config.roundTrips)),
  });
  const retrying = retryingWhenBusy(client);
  // No relational schema: nothing uses drizzle's `db.query`, and building its config from the
  // schema cost every request a tenth of a light API call's CPU.
  const merged = config.mergeReadBatches ? mergingReadBatches(retrying) : retrying;
  return drizzle(config.writeGate ? gatedWrites(merged, config.writeGate) : merged);
}

/** Drizzle over libSQL; `$client` is the client itself, for the few writes sent as plain statements. */
export type Db = LibSQLDatabase & { $client: Client };
export { schema };

function fetchWithDeadline(deadlineMs: number, roundTrips?: { count: number }) {
  return async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    if (roundTrips) roundTrips.count++;
    try {
      return await fetch(input, { ...init, signal: AbortSignal.timeout(deadlineMs) });
    } catch (error) {
      if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
        throw new DatabaseDeadlineError(deadlineMs);
      }
      throw new DatabaseUnreachableError({ cause: error });
    }
  };
}

type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/** A database stream no request is using, ready for the next (decision 0082). */
type IdleStream = { baton: string; baseUrl: string | null; at: number };

/** sqld and Turso end a stream after 10 s without a request; one idle longer is not tried. */
export const STREAM_IDLE_MS = 5_000;
/**
 * Streams kept open per database in one isolate, idle or in use. A call beyond them gets a stream
 * of its own, closed at its end as the client sends it: sqld serves a bounded number of
 * connections, and every open stream holds one.
 */
export const STREAMS_KEPT = 8;
type Streams = { idle: IdleStream[]; open: number };
const streamsByDatabase = new Map<string, Streams>();

/** How @libsql/client's own calls look on the wire (Hrana over HTTP, JSON): a new stream, closed at the end. */
const NEW_STREAM_HEAD = '{"requests":[';
const CLOSE_TAIL = ',{"type":"close"}]}';
const AUTOCOMMIT_TAIL = ',{"type":"get_autocommit"}]}';
/** A statement text the client stored on the stream for the call (its batch's SQL cache). */
const STORED_SQL = /\{"type":"store_sql","sql_id":(\d+),/g;

type PipelineAnswer = {
  baton: string | null;
  base_url: string | null;
  results: { type: string; response?: { type: string; is_autocommit?: boolean } }[];
};

/** A pipeline's answer already read: the client takes it as it would the body. */
class ReadPipelineAnswer extends Response {
  constructor(private readonly answer: PipelineAnswer) {
    super(null, { status: 200, headers: { "content-type": "application/json" } });
  }
  override json(): Promise<PipelineAnswer> {
    return Promise.resolve(this.answer);
  }
}

/**
 * The client's one-shot calls (execute, batch, executeMultiple) on streams kept open between
 * calls (decision 0082). Each such call opens a stream, runs, and closes it; opening one costs
 * sqld a new SQLite connection with the whole schema parsed, more than most statements. Here the
 * call runs on an idle stream when there is one (its baton sent along), and instead of closing
 * it, asks whether the connection is back outside any transaction: then the stream waits for the
 * next call, otherwise it is closed at once. The client sees what it would have seen. A stream
 * that expired or that a restarted sqld no longer knows is refused before anything runs, and the
 * call goes again on a new stream. Other requests (interactive transactions) pass unchanged.
 */
export function reusingStreams(fetch: Fetch, now: () => number = Date.now): Fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.method !== "POST" || !request.url.endsWith("/v2/pipeline")) return fetch(request);
    const body = await request.text();
    /** The call as the client sent it: on a stream of its own. */
    const asSent = () => fetch(new Request(request.url, { method: "POST", headers: request.headers, body }));
    if (!body.startsWith(NEW_STREAM_HEAD) || !body.endsWith(CLOSE_TAIL)) return asSent();
    const home = request.url.slice(0, -"v2/pipeline".length);
    const key = `${home} ${request.headers.get("authorization") ?? ""}`;
    const requests = body.slice(NEW_STREAM_HEAD.length, -CLOSE_TAIL.length);
    // The texts the call stored die with its stream; a kept stream must forget them too.
    const stored = [...requests.matchAll(STORED_SQL)].map(([, id]) => `,{"type":"close_sql","sql_id":${id}}`);
    const tail = stored.join("") + AUTOCOMMIT_TAIL;
    const send = (stream: IdleStream | undefined, tail: string, requestsJson: string) =>
      fetch(
        new Request(new URL("v3/pipeline", stream?.baseUrl ?? home), {
          method: "POST",
          headers: request.headers,
          body: `{"baton":${stream ? JSON.stringify(stream.baton) : "null"},"requests":[${requestsJson}${tail}`,
        }),
      );
    const streams = streamsByDatabase.get(key) ?? { idle: [], open: 0 };
    streamsByDatabase.set(key, streams);
    let stream = takeIdle(streams, now());
    if (!stream) {
      // As many streams open as are kept: this call goes on a stream of its own, as it came.
      if (streams.open >= STREAMS_KEPT) return asSent();
      streams.open++;
    }
    let kept = false;
    try {
      let response = await send(stream, tail, requests);
      if (!response.ok && stream) {
        const text = await response.text();
        // Refused before anything ran: the stream expired or the server does not know it.
        if (!/STREAM_EXPIRED|invalid baton/i.test(text))
          return new Response(text, { status: response.status, headers: response.headers });
        stream = undefined;
        response = await send(undefined, tail, requests);
      }
      if (!response.ok) return response;
      const answer = (await response.json()) as PipelineAnswer;
      const last = answer.results.pop();
      const forgotten = answer.results.splice(answer.results.length - stored.length, stored.length);
      if (answer.baton !== null) {
        const next = { baton: answer.baton, baseUrl: answer.base_url ?? stream?.baseUrl ?? null, at: now() };
        kept = last?.response?.is_autocommit === true && forgotten.every((r) => r.type === "ok");
        if (kept) streams.idle.push(next);
        // Left inside a transaction (a script that began one): close it now, never hand it on.
        else
          await send(next, CLOSE_TAIL.slice(1), "").then(
            (r) => r.body?.cancel(),
            () => undefined,
          );
      }
      answer.results.push({ type: "ok", response: { type: "close" } });
      answer.baton = null;
      return new ReadPipelineAnswer(answer);
    } finally {
      // A stream closed, refused, or in an unknown state after a failed call is no longer counted.
      if (!kept) streams.open--;
    }
  };
}

/** The most recently used idle stream that is still fresh; staler ones are dropped. */
function takeIdle(streams: Streams, at: number): IdleStream | undefined {
  const stream = streams.idle.pop();
  if (!stream) return undefined;
  if (at - stream.at <= STREAM_IDLE_MS) return stream;
  // The most recent is stale, so every older one is too: the server ends them by itself.
  streams.open -= streams.idle.length + 1;
  streams.idle.length = 0;
  return undefined;
}

const BUSY_CODES = new Set(["SQLITE_BUSY", "SQLITE_LOCKED"]);

/** The error, or one of its causes (drizzle wraps the driver's), says the database was locked. */
export function isBusy(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if ((typeof code === "string" && BUSY_CODES.has(code)) || /database is locked/i.test(e.message))
      return true;
  }
  return false;
}

/** The Russian message for a database failure a caller can do nothing about but retry, or null. */
export function databaseFailureMessage(error: unknown): string | null {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e instanceof DatabaseDeadlineError || e instanceof DatabaseUnreachableError)
      return DATABASE_UNAVAILABLE;
  }
  return isBusy(error) ? DATABASE_UNAVAILABLE : null;
}

/** Waits between attempts on a locked database, about 3 s in all, jittered so writers spread out. */
const BUSY_BACKOFF_MS = [25, 50, 100, 200, 400, 800, 1_600];

/**
 * Runs a call again while the database answers «locked». A locked statement or batch was not
 * applied (a batch commits as one), so running it again cannot apply it twice; a deadline is
 * not retried, since that call may have been applied.
 */
export async function retryWhenBusy<T>(
  run: () => Promise<T>,
  sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || attempt >= BUSY_BACKOFF_MS.length) throw error;
      await sleep(BUSY_BACKOFF_MS[attempt] * (0.5 + Math.random()));
    }
  }
}

/** The client, with its one-shot calls run again while the database is locked. */
export function retryingWhenBusy(client: Client): Client {
  const retried = new Set<PropertyKey>(["execute", "batch", "executeMultiple"]);
  return new Proxy(client, {
    // Methods run on the client itself: it keeps its state in private fields, which a proxy lacks.
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      if (!retried.has(property)) return value.bind(target);
      return (...args: unknown[]) => retryWhenBusy(() => value.apply(target, args));
    },
  });
}

/** A statement that only reads: a SELECT, or a WITH that names no write. */
const READ = /^\s*(?:select\b|with\b(?![^]*\b(?:insert|update|delete|replace)\b))/i;

const isRead = (statement: InStatement) =>
  READ.test(typeof statement === "string" ? statement : statement.sql);

type Waiting = {
  statements: InStatement[];
  /** The call as it was made, when it goes on its own. */
  alone: () => Promise<ResultSet[]>;
  resolve: (results: ResultSet[]) => void;
  reject: (error: unknown) => void;
};

/**
 * What makes two statements the same read: the text and the arguments, when every argument is a
 * plain value (a blob or named arguments are never taken for another statement's).
 */
function sameStatementKey(statement: InStatement): string | null {
  if (typeof statement === "string") return statement;
  const { sql, args } = statement;
  if (args === undefined) return sql;
  if (!Array.isArray(args)) return null;
  let key = sql;
  for (const arg of args) {
    if (arg !== null && typeof arg === "object") return null;
    key += `\u0000${typeof arg}:${String(arg)}`;
  }
  return key;
}

/** A result handed to a second caller: its own rows array, so no caller's sort reaches another. */
function copyOf(result: ResultSet): ResultSet {
  const copy = Object.create(Object.getPrototypeOf(result) as object) as ResultSet;
  return Object.assign(copy, result, { rows: [...result.rows] });
}

/**
 * The client, with reads started in the same turn of the event loop sent as one batch (decision
 * 0075): read-only batches and single SELECTs. Remix runs a page's loaders at once, and each
 * reads on its own, so the layout's and the page's reads share one round trip. A call that
 * writes, or any other, goes on its own. A read two callers make alike runs once. If the merged
 * batch fails on a statement, each call runs again on its own, so one caller's error is never
 * another's.
 */
export function mergingReadBatches(client: Client): Client {
  let waiting: Waiting[] = [];
  const flush = async () => {
    const group = waiting;
    waiting = [];
    if (group.length === 1) return group[0].alone().then(group[0].resolve, group[0].reject);
    // A statement two callers make alike (the layout's and the page's EDO connection) runs once.
    const statements: InStatement[] = [];
    const first = new Map<string, number>();
    const places = group.map((w) =>
      w.statements.map((statement) => {
        const key = sameStatementKey(statement);
        const seen = key === null ? undefined : first.get(key);
        if (seen !== undefined) return { at: seen, again: true };
        if (key !== null) first.set(key, statements.length);
        return { at: statements.push(statement) - 1, again: false };
      }),
    );
    try {
      const results = await client.batch(statements, "deferred");
      group.forEach((w, i) =>
        w.resolve(places[i].map(({ at, again }) => (again ? copyOf(results[at]) : results[at]))),
      );
    } catch (error) {
      // The database out of reach, too slow or locked is every caller's answer: asking again one
      // by one would only make each wait as long again. Any other error was one statement's.
      if (databaseFailureMessage(error)) for (const w of group) w.reject(error);
      else for (const w of group) w.alone().then(w.resolve, w.reject);
    }
  };
  const wait = (statements: InStatement[], alone: () => Promise<ResultSet[]>) =>
    new Promise<ResultSet[]>((resolve, reject) => {
      if (waiting.length === 0) setTimeout(() => void flush(), 0);
      waiting.push({ statements, alone, resolve, reject });
    });
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      if (property === "batch") {
        return (statements: InStatement[], mode?: TransactionMode) =>
          (mode === undefined || mode === "deferred" || mode === "read") && statements.every(isRead)
            ? wait(statements, () => client.batch(statements, mode))
            : client.batch(statements, mode);
      }
      if (property === "execute") {
        return (statement: InStatement | string, args?: InArgs) => {
          const one: InStatement = args === undefined ? statement : { sql: statement as string, args };
          return isRead(one)
            ? wait([one], async () => [await client.execute(one)]).then(([result]) => result)
            : client.execute(one);
        };
      }
      return value.bind(target);
    },
  });
}

/**
 * The client, with every call that may write held until the gate's promise settles, and refused
 * with its error if it rejects. Reads pass at once. The web Worker reads a page for the caller its
 * isolate saw last with this session while the session itself is read in the same batch
 * (decision 0086); nothing may change for that caller until the session says it is still theirs.
 */
export function gatedWrites(client: Client, gate: WriteGate): Client {
  const held = async <T>(run: () => Promise<T>): Promise<T> => {
    if (gate.until) await gate.until;
    return run();
  };
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== "function") return value;
      const call = value.bind(target) as (...args: unknown[]) => Promise<unknown>;
      switch (property) {
        case "batch":
          return (statements: InStatement[], mode?: TransactionMode) =>
            mode !== "write" && statements.every(isRead)
              ? call(statements, mode)
              : held(() => call(statements, mode));
        case "execute":
          return (statement: InStatement | string, args?: InArgs) => {
            const one: InStatement = args === undefined ? statement : { sql: statement as string, args };
            return isRead(one) ? call(statement, args) : held(() => call(statement, args));
          };
        case "executeMultiple":
        case "transaction":
        case "migrate":
          return (...args: unknown[]) => held(() => call(...args));
        default:
          return call;
      }
    },
  });
}
