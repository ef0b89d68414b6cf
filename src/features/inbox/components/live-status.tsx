import { cx } from '@/components/cx';
import { describeApiError } from '@/lib/describe-error';
import type { LiveSyncStatus } from '../use-inbox-sync';

/**
 * How current the inbox is: pushed by the live stream ("Live"), polled because the stream cannot be used
 * ("Updating every few seconds"), or a drop being resumed ("Reconnecting…").
 */
export function LiveStatus({ status }: { status: LiveSyncStatus }) {
  const dot = (color: string) => <span aria-hidden="true" className={cx('size-2 rounded-full', color)} />;
  const line = 'flex items-center gap-1.5 text-xs';
  switch (status.state) {
    case 'live':
      return (
        <span className={cx(line, 'text-gray-600')} title="Changes appear as they happen.">
          {dot('bg-green-500')}
          Live
        </span>
      );
    case 'connecting':
      return (
        <span className={cx(line, 'text-gray-600')}>
          {dot('bg-gray-400')}
          Connecting…
        </span>
      );
    case 'reconnecting':
      return (
        <span
          className={cx(line, 'text-amber-800')}
          title="The live connection dropped. Changes made meanwhile appear once it is back."
        >
          {dot('bg-amber-500')}
          Reconnecting…
        </span>
      );
    case 'polling':
      return (
        <span
          className={cx(line, 'text-gray-700')}
          title="The live connection is not available here (a proxy or the browser may block it), so the inbox checks for changes every few seconds."
        >
          {dot('bg-sky-500')}
          Updating every few seconds
        </span>
      );
    default:
      return (
        <span className={cx(line, 'text-amber-800')} title={describeApiError(status.error).description}>
          {dot('bg-amber-500')}
          Live updates paused: {describeApiError(status.error).title.toLowerCase()}. Retrying…
        </span>
      );
  }
}
