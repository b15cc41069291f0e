// The one TanStack Query client. Failures already toast in the API client, so queries do not
// retry or refetch on focus (each retry would toast again).
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
