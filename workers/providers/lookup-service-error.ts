/**
 * Why a directory look-up (companies, banks) failed: the service timed out or was unreachable,
 * answered 5xx or 429 (`unavailable`: try again later), refused the key or the request
 * (`refused`: a configuration problem), or answered something unreadable. The message is
 * Russian: it may reach a person, and never carries the key.
 */
export class LookupServiceError extends Error {
  override name = "LookupServiceError";
  constructor(
    readonly code: "timeout" | "unreachable" | "unavailable" | "refused" | "unreadable",
    message: string,
    readonly status: number | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
