import { createHmac, randomBytes } from 'node:crypto';

/**
 * Server-side sessions. The cookie holds only a random 128-bit token (crypto.randomBytes, base64url): it
 * carries no data, so there is nothing to sign or to forge, and destroying the server entry ends the
 * session for good (the old cookie is worthless). The map is keyed by HMAC-SHA256(SESSION_SECRET, token),
 * not by the token itself, so whoever can read the store (a heap dump today, a shared store tomorrow) gets
 * nothing that works as a cookie.
 *
 * Two timeouts: idle (no user activity for sessionIdleMs) and absolute (sessionAbsoluteMs after sign-in,
 * whatever the activity). Requests flagged as background polling do not count as activity, so a tab left
 * open does not keep a session alive forever.
 */
export interface Session {
  /** The store user id of the signed-in person. */
  userId: string;
  /** The directory key: re-resolved on every request, so a removed user or changed role takes effect at once. */
  email: string;
  createdAt: number;
  lastActiveAt: number;
}

export interface SessionStoreOptions {
  secret: string | Buffer;
  idleMs: number;
  absoluteMs: number;
  now: () => number;
  /** Told when a request finds its session timed out (idle or absolute), for the security log. */
  onExpired?: (session: Session, reason: 'idle' | 'absolute') => void;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const SWEEP_EVERY_MS = 60_000;

export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private lastSweep: number;

  constructor(private readonly options: SessionStoreOptions) {
    this.lastSweep = options.now();
  }

  private keyOf(token: string): string {
    return createHmac('sha256', this.options.secret).update(token).digest('base64url');
  }

  private expired(session: Session, now: number): boolean {
    return (
      now - session.lastActiveAt >= this.options.idleMs || now - session.createdAt >= this.options.absoluteMs
    );
  }

  /** A new session with a fresh token (never reuses one the browser sent: no fixation). */
  create(user: { id: string; email: string }): { token: string; session: Session } {
    const now = this.options.now();
    this.sweepIfDue(now);
    const token = randomBytes(16).toString('base64url');
    const session: Session = { userId: user.id, email: user.email, createdAt: now, lastActiveAt: now };
    this.sessions.set(this.keyOf(token), session);
    return { token, session };
  }

  /**
   * The live session for a token, or undefined (unknown, malformed or expired; expired ones are removed).
   * `activity: false` (background polling) reads the session without extending the idle timeout.
   */
  get(token: string | undefined, activity: boolean): Session | undefined {
    if (token === undefined || !TOKEN_PATTERN.test(token)) return undefined;
    const key = this.keyOf(token);
    const session = this.sessions.get(key);
    if (!session) return undefined;
    const now = this.options.now();
    if (this.expired(session, now)) {
      this.sessions.delete(key);
      this.options.onExpired?.(
        session,
        now - session.createdAt >= this.options.absoluteMs ? 'absolute' : 'idle',
      );
      return undefined;
    }
    if (activity) session.lastActiveAt = now;
    return session;
  }

  destroy(token: string | undefined): void {
    if (token === undefined || !TOKEN_PATTERN.test(token)) return;
    this.sessions.delete(this.keyOf(token));
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Drops expired sessions so abandoned ones do not accumulate; runs at most once a minute, on sign-in. */
  private sweepIfDue(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, session] of this.sessions) if (this.expired(session, now)) this.sessions.delete(key);
  }
}
