import { useEffect } from 'react';
import { toast } from '@/components/toast';
import { apiClient } from '@/lib/api-client';
import { useCountdown } from '@/lib/use-countdown';

const RATE_LIMIT_TOAST_ID = 'rate-limited';

function RetryCountdown({ deadline }: { deadline: number }) {
  const seconds = useCountdown(deadline);
  return (
    <span>
      {seconds > 0 ? `Too many requests — retrying in ${seconds} s` : 'Too many requests — retrying now'}
    </span>
  );
}

/**
 * Shows a countdown toast while the API client waits out a 429's Retry-After, so a slow screen
 * explains itself. One toast for all waiting requests: the latest deadline wins.
 */
export function useRetryToasts() {
  useEffect(() => {
    let latestDeadline = 0;
    return apiClient.onRetry((event) => {
      if (event.reason !== 'rate_limited' || event.delayMs < 1000) return;
      const deadline = Date.now() + event.delayMs;
      if (deadline <= latestDeadline) return;
      latestDeadline = deadline;
      toast(<RetryCountdown deadline={deadline} />, {
        id: RATE_LIMIT_TOAST_ID,
        description: 'The store asked us to slow down. Nothing you did is lost.',
        duration: event.delayMs + 1500,
      });
    });
  }, []);
}
