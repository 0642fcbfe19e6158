import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api';

/** Only a lost connection or an unavailable service is worth retrying; error codes are answers. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  return !(error instanceof ApiError) || error.code === 'NETWORK' || error.code === 'UNAVAILABLE';
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
