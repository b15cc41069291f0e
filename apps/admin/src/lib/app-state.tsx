// App-wide state: whether a session exists, the account it belongs to, and what is loaded once the
// account has an id (extension status, WAF status). The data lives in TanStack Query; this context
// adds the session flag and the one way to start a session (login completion, impersonation).
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { AccountInfo } from '@gatehouse/contracts';
import { apiQueryOptions, prefetchApiQuery, useApiQuery } from './api-query.js';
import { readLastEmbedState, writeLastEmbedState, writeLastPlan } from './local-flags.js';
import { queryClient } from './query-client.js';
import { isLoggedIn, saveSession } from './session.js';

/** isExtensionEnabled is true unless the server's isEnabled is 0 or false. */
export function extensionEnabledFrom(isEnabled: unknown): boolean {
  return !(isEnabled === 0 || isEnabled === false);
}

/** Paths that carry a one-time token and start a session themselves: no account yet. */
const ACCOUNT_LESS_PREFIXES = ['/personate', '/logincomplete'];

export function loadsAccountInfo(path: string, loggedIn: boolean): boolean {
  const lower = path.toLowerCase();
  return loggedIn && !ACCOUNT_LESS_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

export interface AppState {
  loggedIn: boolean;
  /** Undefined until loaded, after a failed load, and on paths that start a session. */
  account: AccountInfo | undefined;
  accountLoading: boolean;
  /** Premium or Pay-As-You-Go. */
  isPro: boolean;
  /** True unless getExtensionEnabned answered isEnabled 0 or false (also after a failure). */
  isExtensionEnabled: boolean;
  /** Account info and the extension status have settled: the shell's loading has finished. */
  shellLoaded: boolean;
  /** Until the extension status is in: whether this browser last read the app embed off. */
  lastSeenExtensionOff: boolean;
  /** getWafConnected's answer; undefined until it arrived. */
  isWafConnected: boolean | undefined;
  /** Stores the session cookie(s), clears the previous session's data and loads the account. */
  startSession(token: string, options?: { impersonated?: boolean }): Promise<AccountInfo | null>;
}

const AppStateContext = createContext<AppState | null>(null);

const accountInfoQuery = () => apiQueryOptions('getAccountInfo', {});

/**
 * Starts the account call as the app starts on `path`, before the first render: every page
 * waits for the account, so it is asked for alongside the app's first page chunk and data, not
 * after the frame has rendered. It is the provider's own query, so the provider finds it
 * answered or under way and does not ask again; a failure toasts once, as the provider's would.
 * The app embed's status, which decides the bar above every page, is asked for alongside too
 * (quietly: the provider asks again and reports a failure), instead of after the account.
 */
export function prefetchAccount(path: string): void {
  if (!loadsAccountInfo(path, isLoggedIn())) return;
  void queryClient.prefetchQuery(accountInfoQuery());
  void prefetchApiQuery('getExtensionEnabned', {});
}

export function AppStateProvider({ path, children }: { path: string; children: ReactNode }) {
  const [loggedIn, setLoggedIn] = useState(isLoggedIn);
  const enabled = loadsAccountInfo(path, loggedIn);
  // Asked once: a failure of the early call (already reported) is not asked again on mount.
  const accountQuery = useApiQuery(
    'getAccountInfo',
    {},
    { defaultData: undefined, enabled, retryOnMount: false },
  );

  const startSession = useCallback<AppState['startSession']>(async (token, options) => {
    saveSession(token, options);
    queryClient.clear();
    setLoggedIn(true);
    try {
      return await queryClient.fetchQuery(accountInfoQuery());
    } catch {
      return null;
    }
  }, []);

  const account = enabled ? accountQuery.data : undefined;
  const plan = account?.plan;
  useEffect(() => {
    if (plan) writeLastPlan(plan);
  }, [plan]);
  // Loaded once per session, as soon as the account has an id.
  const hasId = account?.id !== undefined && account.id !== '';
  const extension = useApiQuery(
    'getExtensionEnabned',
    {},
    { defaultData: undefined, enabled: hasId, staleTime: Infinity },
  );
  const waf = useApiQuery(
    'getWafConnected',
    {},
    { defaultData: undefined, enabled: hasId, staleTime: Infinity },
  );

  const isExtensionEnabled = extensionEnabledFrom(extension.data?.isEnabled);
  const shellLoaded = hasId && extension.isSettled;
  const domain = account?.domain;
  const embedRead = extension.data?.isEnabled;
  useEffect(() => {
    if (domain && embedRead !== undefined)
      writeLastEmbedState(domain, extensionEnabledFrom(embedRead));
  }, [domain, embedRead]);
  const lastSeenExtensionOff =
    !shellLoaded && domain !== undefined && readLastEmbedState(domain) === false;
  const value = useMemo<AppState>(
    () => ({
      loggedIn,
      account,
      accountLoading: enabled && accountQuery.isLoading,
      isPro: account ? account.pro || account.isPayg : false,
      isExtensionEnabled,
      shellLoaded,
      lastSeenExtensionOff,
      isWafConnected: waf.data,
      startSession,
    }),
    [
      loggedIn,
      account,
      enabled,
      accountQuery.isLoading,
      isExtensionEnabled,
      shellLoaded,
      lastSeenExtensionOff,
      waf.data,
      startSession,
    ],
  );
  return <AppStateContext.Provider value={value}>{children}</AppStateContext.Provider>;
}

export function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error('useAppState must be used inside AppStateProvider');
  return state;
}
