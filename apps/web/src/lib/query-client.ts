import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

export const FIVE_MINUTES = 5 * 60 * 1000;

/** ARCHITECTURE 7: data stays fresh for 5 minutes and is not refetched on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; transient failures get two more tries.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
