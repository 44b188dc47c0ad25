import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { showApiErrorDialogLazily } from '../components/dialogs/lazy-error-dialog';
import { ApiError } from './api-client';
import { queryKeys } from './query-keys';

/**
 * Per-call options read by the handlers below.
 * - `errorDialog: false`: the screen handles the error itself (login toasts, footer).
 * - `silent: true`: no 'Please wait...' overlay (background checks such as the session).
 * - `authCall: true`: a 401 means "wrong credentials", not "the session ended".
 */
export interface AppCallMeta extends Record<string, unknown> {
  errorDialog?: boolean;
  silent?: boolean;
  authCall?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppCallMeta;
    mutationMeta: AppCallMeta;
  }
}

/**
 * The app's QueryClient. Any failed call goes through one path: a 401 makes the session query
 * refetch (the route guard then sends the user to a login page); anything else shows the
 * generic error dialog unless the call opted out with `meta.errorDialog: false`.
 */
export function createQueryClient(): QueryClient {
  // React Query counts itself online until the browser's first `offline` event: a page opened
  // with no network (from the service worker, issue 39) would try every read and fail each.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const onError = (error: unknown, meta: AppCallMeta | undefined) => {
    if (error instanceof ApiError && error.Status === 401 && !meta?.authCall) {
      void client.invalidateQueries({ queryKey: queryKeys.session });
      return;
    }
    if (meta?.errorDialog === false) return;
    void showApiErrorDialogLazily(error);
  };

  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => onError(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change on retry; a lost connection or a 5xx gets one more try.
        retry: (failureCount, error) =>
          error instanceof ApiError && error.Status > 0 && error.Status < 500 ? false : failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
