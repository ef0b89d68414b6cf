import http from 'node:http';
import https from 'node:https';

/**
 * The BFF's only way out to the Commerce API, on node:http rather than fetch because it needs control
 * that fetch hides:
 * - an explicit keep-alive pool: one http(s).Agent with keepAlive, a bounded number of sockets and LIFO
 *   reuse (the warmest socket first, so idle ones age out), shared by every request;
 * - no redirects, ever (node:http does not follow them; a 3xx is handed back as is);
 * - the request body as raw bytes and the response body as raw bytes (no decoding, no re-encoding);
 * - one deadline for the whole exchange (connect, send, wait, read), then the socket is destroyed.
 */
export interface UpstreamRequest {
  method: string;
  /** Path and query, already validated and encoded (see allowlist.ts), starting with /api/v1/. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export type UpstreamResult =
  | { kind: 'response'; status: number; headers: http.IncomingHttpHeaders; body: Buffer }
  | { kind: 'timeout' }
  | { kind: 'unreachable'; code: string }
  | { kind: 'too_large' };

export interface UpstreamClient {
  send(request: UpstreamRequest): Promise<UpstreamResult>;
  /** Closes the pooled sockets (at shutdown). */
  close(): void;
  /** The configured base URL (scheme, host, port and optional path prefix); contains no secret. */
  readonly baseUrl: string;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  timeoutMs: number;
  maxSockets?: number;
  /** Upstream answers are buffered; a larger one is refused with 502 rather than exhausting memory. */
  maxResponseBytes?: number;
}

class UpstreamTimeout extends Error {
  readonly code = 'UPSTREAM_TIMEOUT';
}
class UpstreamTooLarge extends Error {
  readonly code = 'UPSTREAM_TOO_LARGE';
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const base = new URL(options.baseUrl);
  const isHttps = base.protocol === 'https:';
  const transport = isHttps ? https : http;
  const pathPrefix = base.pathname.replace(/\/+$/, '');
  const maxResponseBytes = options.maxResponseBytes ?? 32 * 1024 * 1024;
  const agentOptions: http.AgentOptions = {
    keepAlive: true,
    // TCP keep-alive probes on idle pooled sockets, so a dead peer is noticed.
    keepAliveMsecs: 10_000,
    maxSockets: options.maxSockets ?? 64,
    maxFreeSockets: 32,
    scheduling: 'lifo',
  };
  const agent = isHttps ? new https.Agent(agentOptions) : new http.Agent(agentOptions);

  const send = (request: UpstreamRequest): Promise<UpstreamResult> =>
    new Promise((resolve) => {
      let settled = false;
      const finish = (result: UpstreamResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const headers: http.OutgoingHttpHeaders = { ...request.headers };
      if (request.body !== undefined) headers['content-length'] = request.body.length;
      let outgoing: http.ClientRequest;
      try {
        outgoing = transport.request({
          protocol: base.protocol,
          hostname: base.hostname.replace(/^\[|\]$/g, ''),
          port: base.port || (isHttps ? 443 : 80),
          method: request.method,
          path: pathPrefix + request.target,
          headers,
          agent,
        });
      } catch (error) {
        finish({ kind: 'unreachable', code: (error as NodeJS.ErrnoException).code ?? 'REQUEST_INVALID' });
        return;
      }
      const timer = setTimeout(() => outgoing.destroy(new UpstreamTimeout()), options.timeoutMs);
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        if (error instanceof UpstreamTimeout) finish({ kind: 'timeout' });
        else if (error instanceof UpstreamTooLarge) finish({ kind: 'too_large' });
        else {
          finish({ kind: 'unreachable', code: error.code ?? 'ERROR' });
        }
      });
      outgoing.on('response', (incoming) => {
        const chunks: Buffer[] = [];
        let total = 0;
        incoming.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > maxResponseBytes) outgoing.destroy(new UpstreamTooLarge());
          else chunks.push(chunk);
        });
        incoming.on('end', () => {
          finish({
            kind: 'response',
            status: incoming.statusCode ?? 502,
            headers: incoming.headers,
            body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total),
          });
        });
        incoming.on('error', (error: NodeJS.ErrnoException) => {
          if (error instanceof UpstreamTimeout) finish({ kind: 'timeout' });
          else if (error instanceof UpstreamTooLarge) finish({ kind: 'too_large' });
          else finish({ kind: 'unreachable', code: error.code ?? 'ERROR' });
        });
        incoming.on('aborted', () => finish({ kind: 'unreachable', code: 'ECONNRESET' }));
      });
      outgoing.end(request.body);
    });

  return {
    baseUrl: options.baseUrl,
    // No retry here, not even for reads: the SPA's client retries 502s and network errors itself (with the
    // same Idempotency-Key for writes), and Node's agent already retires pooled sockets before the
    // upstream's announced Keep-Alive timeout, which is what makes a stale-socket reset rare.
    send,
    close() {
      agent.destroy();
    },
  };
}
