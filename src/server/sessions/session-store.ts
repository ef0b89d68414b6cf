import { createHmac, randomBytes } from 'node:crypto';

/**
 * Server-side sessions. The cookie holds only a random 128-bit token (crypto.randomBytes, base64url): it
 * carries no data, so there is nothing to sign or to forge, and destroying the server entry ends the
 * session for good (the old cookie is worthless). Entries are keyed by HMAC-SHA256(SESSION_SECRET, token),
 * not by the token itself, so whoever can read the store (a heap dump, the shared Redis) gets nothing that
 * works as a cookie.
 *
 * Two timeouts: idle (no user activity for idleMs) and absolute (absoluteMs after sign-in, whatever the
 * activity). Requests flagged as background polling do not count as activity, so a tab left open does not
 * keep a session alive forever.
 *
 * Async, with two implementations: in memory (one process, the default) and Redis (replicas share it,
 * sessions survive a restart). Nothing else in the BFF knows which one runs.
 */
export interface Session {
  /** The store user id of the signed-in person. */
  userId: string;
  /** The directory key: re-resolved on every request, so a removed user or changed role takes effect at once. */
  email: string;
  createdAt: number;
  lastActiveAt: number;
  /** Where it was signed in from, for the person's list of their sessions (the User-Agent, the address). */
  browser?: string;
  address?: string;
}

/** One of a person's sessions as they see it: `id` is its key in the store (an HMAC, never a cookie). */
export type ListedSession = Session & { id: string };

export interface SessionStore {
  /**
   * A new session with a fresh token (never reuses one the browser sent: no fixation). Beyond the cap of
   * sessions per person, their oldest ones end (`ended` says how many).
   */
  create(
    user: { id: string; email: string },
    seen?: Pick<Session, 'browser' | 'address'>,
  ): Promise<{ token: string; session: Session; ended: number }>;
  /**
   * The live session for a token, or undefined (unknown, malformed or expired; expired ones are removed).
   * `activity: false` (background polling) reads the session without extending the idle timeout.
   */
  get(token: string | undefined, activity: boolean): Promise<Session | undefined>;
  destroy(token: string | undefined): Promise<void>;
  /**
   * Ends every session of one person (sign out everywhere, a changed password or role, a removal); how
   * many ended. Whoever listens with onSessionsEnded is told, on every replica.
   */
  destroyAllOf(email: string): Promise<number>;
  /**
   * Told (with the lower-cased email) each time sessions of a person ended here (destroyAllOf, or one
   * ended by destroyListed), in this process or (Redis) any replica, so their open streams whose session
   * is gone close at once. Returns the unsubscribe function.
   */
  onSessionsEnded(listener: (email: string) => void): () => void;
  /** The person's live sessions, newest first. */
  listOf(email: string): Promise<ListedSession[]>;
  /**
   * Ends one session of the person by its listed id (onSessionsEnded is told); false when it is not
   * theirs or already gone.
   */
  destroyListed(email: string, id: string): Promise<boolean>;
}

export interface SessionStoreOptions {
  secret: string | Buffer;
  idleMs: number;
  absoluteMs: number;
  now: () => number;
  /** Sessions one person may hold at once (default DEFAULT_SESSIONS_PER_USER); a new one ends the oldest. */
  maxPerUser?: number;
  /** Told when a request finds its session timed out (idle or absolute), for the security log. */
  onExpired?: (session: Session, reason: 'idle' | 'absolute') => void;
}

/**
 * A person's browsers and devices at once: a shop computer, a phone, a laptop, with room to spare. One
 * account signing in again and again cannot pile up sessions (and, through them, live streams).
 */
export const DEFAULT_SESSIONS_PER_USER = 10;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const SWEEP_EVERY_MS = 60_000;

export const isWellFormedToken = (token: string | undefined): token is string =>
  token !== undefined && TOKEN_PATTERN.test(token);

export const newSessionToken = () => randomBytes(16).toString('base64url');

export const sessionKeyFor = (secret: string | Buffer, token: string) =>
  createHmac('sha256', secret).update(token).digest('base64url');

/** Which timeout a session has passed, if any (the same rule for every implementation). */
export function expiryOf(
  session: Session,
  now: number,
  options: Pick<SessionStoreOptions, 'idleMs' | 'absoluteMs'>,
): 'idle' | 'absolute' | undefined {
  if (now - session.createdAt >= options.absoluteMs) return 'absolute';
  if (now - session.lastActiveAt >= options.idleMs) return 'idle';
  return undefined;
}

/** onSessionsEnded's listeners, for either implementation. */
export class EndedListeners {
  private readonly listeners = new Set<(email: string) => void>();

  add(listener: (email: string) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  tell(email: string): void {
    for (const listener of this.listeners) listener(email.toLowerCase());
  }
}

/** The embedded store: one process, lost on restart. */
export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly ended = new EndedListeners();
  private lastSweep: number;

  constructor(private readonly options: SessionStoreOptions) {
    this.lastSweep = options.now();
  }

  private keyOf(token: string): string {
    return sessionKeyFor(this.options.secret, token);
  }

  create(
    user: { id: string; email: string },
    seen: Pick<Session, 'browser' | 'address'> = {},
  ): Promise<{ token: string; session: Session; ended: number }> {
    const now = this.options.now();
    this.sweepIfDue(now);
    const token = newSessionToken();
    const session: Session = {
      userId: user.id,
      email: user.email,
      createdAt: now,
      lastActiveAt: now,
      ...seen,
    };
    this.sessions.set(this.keyOf(token), session);
    return Promise.resolve({ token, session, ended: this.endOldestOf(user.email) });
  }

  /** Ends the person's oldest sessions beyond the cap (Map order is creation order); how many ended. */
  private endOldestOf(email: string): number {
    const wanted = email.toLowerCase();
    const theirs = [...this.sessions].filter(([, session]) => session.email.toLowerCase() === wanted);
    const excess = theirs.length - (this.options.maxPerUser ?? DEFAULT_SESSIONS_PER_USER);
    for (const [key] of theirs.slice(0, Math.max(0, excess))) this.sessions.delete(key);
    return Math.max(0, excess);
  }

  get(token: string | undefined, activity: boolean): Promise<Session | undefined> {
    if (!isWellFormedToken(token)) return Promise.resolve(undefined);
    const key = this.keyOf(token);
    const session = this.sessions.get(key);
    if (!session) return Promise.resolve(undefined);
    const now = this.options.now();
    const expired = expiryOf(session, now, this.options);
    if (expired) {
      this.sessions.delete(key);
      this.options.onExpired?.(session, expired);
      return Promise.resolve(undefined);
    }
    if (activity) session.lastActiveAt = now;
    return Promise.resolve({ ...session });
  }

  destroy(token: string | undefined): Promise<void> {
    if (isWellFormedToken(token)) this.sessions.delete(this.keyOf(token));
    return Promise.resolve();
  }

  destroyAllOf(email: string): Promise<number> {
    const wanted = email.toLowerCase();
    let ended = 0;
    for (const [key, session] of this.sessions) {
      if (session.email.toLowerCase() !== wanted) continue;
      this.sessions.delete(key);
      ended += 1;
    }
    this.ended.tell(wanted);
    return Promise.resolve(ended);
  }

  onSessionsEnded(listener: (email: string) => void): () => void {
    return this.ended.add(listener);
  }

  listOf(email: string): Promise<ListedSession[]> {
    const now = this.options.now();
    const wanted = email.toLowerCase();
    return Promise.resolve(
      [...this.sessions]
        .filter(
          ([, session]) => session.email.toLowerCase() === wanted && !expiryOf(session, now, this.options),
        )
        .map(([id, session]) => ({ ...session, id }))
        .sort((a, b) => b.lastActiveAt - a.lastActiveAt),
    );
  }

  destroyListed(email: string, id: string): Promise<boolean> {
    const session = this.sessions.get(id);
    if (!session || session.email.toLowerCase() !== email.toLowerCase()) return Promise.resolve(false);
    this.sessions.delete(id);
    this.ended.tell(email);
    return Promise.resolve(true);
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Drops expired sessions so abandoned ones do not accumulate; runs at most once a minute, on sign-in. */
  private sweepIfDue(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, session] of this.sessions)
      if (expiryOf(session, now, this.options)) this.sessions.delete(key);
  }
}
