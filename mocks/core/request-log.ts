/** One Commerce API request the simulator answered (what `GET /__sim/requests` lists). */
export interface LoggedRequest {
  method: string;
  path: string;
  /** The raw query string without `?` ("" when none). */
  query: string;
  status: number;
  /** RFC 3339. */
  at: string;
}

/** The last this-many requests are kept: enough for a benchmark's minute, bounded for a long demo. */
export const REQUEST_LOG_LIMIT = 10_000;

/**
 * The simulator's own count of upstream traffic, so tests and benchmarks measure what reached the
 * store rather than what a client believes it sent. Only `/api/` requests are logged, never `/__sim`.
 */
export class RequestLog {
  private entries: LoggedRequest[] = [];

  constructor(private readonly limit = REQUEST_LOG_LIMIT) {}

  record(method: string, target: string, status: number, at: Date): void {
    const mark = target.indexOf('?');
    const path = mark === -1 ? target : target.slice(0, mark);
    if (!path.startsWith('/api/')) return;
    this.entries.push({
      method,
      path,
      query: mark === -1 ? '' : target.slice(mark + 1),
      status,
      at: at.toISOString(),
    });
    // Trim in batches so a full log does not shift the array on every request.
    if (this.entries.length > this.limit + 1000) this.entries = this.entries.slice(-this.limit);
  }

  list(): LoggedRequest[] {
    return this.entries.slice(-this.limit);
  }

  clear(): void {
    this.entries = [];
  }
}
