// Toasts raised from anywhere (the API client, pages) and rendered by the app shell with
// Polaris Toast. A tiny external store so non-React code can raise them too. One toast shows at
// a time: a new one replaces the one on screen instead of piling up above it. Inside the
// Shopify admin, the admin's own toast shows it.
import { useSyncExternalStore } from 'react';
import { showAdminToast } from './app-bridge.js';

/** Every toast stays 3 s. */
export const TOAST_DURATION_MS = 3000;

export interface ToastMessage {
  id: number;
  content: string;
  error: boolean;
  duration: number;
}

let toasts: readonly ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly ToastMessage[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function showToast(content: string, { error = false } = {}): void {
  if (showAdminToast(content, error, TOAST_DURATION_MS)) return;
  publish([{ id: nextId++, content, error, duration: TOAST_DURATION_MS }]);
}

export function showErrorToast(content: string): void {
  showToast(content, { error: true });
}

export function dismissToast(id: number): void {
  publish(toasts.filter((toast) => toast.id !== id));
}

export function getToasts(): readonly ToastMessage[] {
  return toasts;
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly ToastMessage[] {
  return useSyncExternalStore(subscribeToToasts, getToasts);
}
