// Whether the screen is wider than the mobile breakpoint (768 px or less is mobile).
import { useSyncExternalStore } from 'react';
import { MOBILE_MAX_WIDTH_PX } from './constants.js';

const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribe, () => !window.matchMedia(MOBILE_QUERY).matches);
}
