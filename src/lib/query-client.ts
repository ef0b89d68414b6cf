import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';

/**
 * The app's QueryClient. Retrying is the API client's job (retry-policy.ts: network errors, 5xx,
 * 429 after Retry-After, in-progress idempotency keys) and never applies to other 4xx, so React
 * Query's own retry is off: a failed query shows its error state at once, with a retry button.
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: {
        retry: false,
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        ...config.defaultOptions?.queries,
      },
      mutations: { retry: false, ...config.defaultOptions?.mutations },
    },
  });
}
