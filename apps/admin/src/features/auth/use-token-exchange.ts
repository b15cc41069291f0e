// Spends a route's one-time token exactly once (React's StrictMode runs effects twice in
// development; a second spend would fail) and reports the failure text if it does not work.
import { useEffect, useRef, useState } from 'react';

/** `exchange` resolves to null on success (it navigates away) or to the failure text. */
export function useTokenExchange(exchange: () => Promise<string | null>): string | null {
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // A later `exchange` (a re-render) must not spend the token again.
    if (started.current) return;
    started.current = true;
    void exchange().then(setFailure);
  }, [exchange]);

  return failure;
}
