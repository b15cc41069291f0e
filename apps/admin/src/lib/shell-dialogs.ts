// Which of the shell's on-demand dialogs is open: contact ("Leave us message"), "Confirm App
// Activated" and the extension explanation. A tiny external store, so pages (the dashboard's
// "Contact us") and the shell's bars open them without passing callbacks around.
import { useSyncExternalStore } from 'react';

export type ShellDialog = 'contact' | 'confirmActivated' | 'extensionInfo';

let open: ShellDialog | null = null;
const listeners = new Set<() => void>();

function publish(next: ShellDialog | null): void {
  open = next;
  for (const listener of listeners) listener();
}

export function openShellDialog(dialog: ShellDialog): void {
  publish(dialog);
}

export function closeShellDialog(): void {
  publish(null);
}

export function openContactDialog(): void {
  publish('contact');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOpenShellDialog(): ShellDialog | null {
  return useSyncExternalStore(subscribe, () => open);
}
