// An editable copy of data loaded from the server, for pages saved with the contextual save
// bar: `dirty` says whether it differs from what was loaded, `discard` goes back, and newly
// loaded data replaces the copy only while the merchant has no unsaved edits.
import { useCallback, useState } from 'react';

/** Plain-data equality (the shapes are JSON from the contracts). */
export function sameData(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface Draft<T> {
  draft: T | undefined;
  dirty: boolean;
  update(change: (current: T) => T): void;
  discard(): void;
}

export function useDraft<T>(saved: T | undefined): Draft<T> {
  const [base, setBase] = useState(saved);
  const [draft, setDraft] = useState(saved);
  if (saved !== base) {
    setBase(saved);
    if (sameData(draft, base)) setDraft(saved);
  }
  const update = useCallback((change: (current: T) => T) => {
    setDraft((current) => (current === undefined ? current : change(current)));
  }, []);
  const discard = useCallback(() => setDraft(saved), [saved]);
  return { draft, dirty: draft !== undefined && !sameData(draft, saved), update, discard };
}
