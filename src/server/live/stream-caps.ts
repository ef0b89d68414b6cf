import { LIVE_ERROR_CODES } from '../../schemas/live.ts';
import { errorResponse } from '../http/errors.ts';
import type { Logger } from '../log/logger.ts';
import type { Config } from '../config/config.ts';
import type { StreamSlots } from './redis-stream-slots.ts';

/** What the caps count of an open stream. */
export interface CountedStream {
  sessionKey: string;
  userId: string;
  /** Names its slot among the person's streams on every replica (StreamSlots). */
  streamId: string;
}

export interface StreamCapLimits {
  maxStreamsPerSession: number;
  /** Over all the person's sessions; with `slots`, over every replica together. */
  maxStreamsPerUser: number;
  /** This process's. */
  maxStreams: number;
}

/** The caps the configuration sets (`LIVE_STREAMS_PER_USER`, `LIVE_STREAMS_MAX`); the session's is fixed. */
export const configuredStreamCaps = (
  config: Pick<Config, 'liveStreamsPerUser' | 'liveStreamsMax'>,
): Omit<StreamCapLimits, 'maxStreamsPerSession'> => ({
  maxStreamsPerUser: config.liveStreamsPerUser,
  maxStreams: config.liveStreamsMax,
});

const tooMany = (message: string, retryAfter: string) =>
  errorResponse(429, LIVE_ERROR_CODES.tooManyStreams, message, {}, { 'retry-after': retryAfter });

const personFull = (count: number) =>
  tooMany(
    `Your account already has ${count} live streams open. Close dashboards you no longer use, or sign out of them.`,
    '10',
  );

/**
 * The live hub's caps on open streams: the session's, the person's and the process's, counted among this
 * process's streams, and the person's also over every replica when `slots` are shared (Redis).
 */
export class StreamCaps {
  constructor(
    private readonly limits: StreamCapLimits,
    private readonly slots: StreamSlots | undefined,
    private readonly logger: Logger,
  ) {}

  /** Takes the new stream's slot, or answers 429 too_many_streams when a cap is reached. */
  async admit(open: readonly CountedStream[], stream: CountedStream): Promise<Response | undefined> {
    const session = open.filter((entry) => entry.sessionKey === stream.sessionKey).length;
    const user = open.filter((entry) => entry.userId === stream.userId).length;
    if (session >= this.limits.maxStreamsPerSession)
      return tooMany(
        `This browser already has ${session} live streams open. Close other dashboard windows, or wait for them to end.`,
        '10',
      );
    if (user >= this.limits.maxStreamsPerUser) return personFull(user);
    if (open.length >= this.limits.maxStreams)
      return tooMany('The dashboard server has too many live streams open. Try again shortly.', '30');
    if (this.slots && !(await this.slots.take(stream.userId, stream.streamId, this.limits.maxStreamsPerUser)))
      return personFull(this.limits.maxStreamsPerUser);
    return undefined;
  }

  /** The stream closed: its slot is free for another replica. */
  release(stream: CountedStream): void {
    this.slots
      ?.release(stream.userId, stream.streamId)
      .catch((error: unknown) =>
        this.logger.warn({ err_message: (error as Error).message }, 'stream slot not released'),
      );
  }

  /** At every heartbeat: the open streams keep their slots (Redis unreachable: they lapse after their TTL). */
  async renew(open: readonly CountedStream[]): Promise<void> {
    await this.slots?.renew(open).catch(() => undefined);
  }
}
