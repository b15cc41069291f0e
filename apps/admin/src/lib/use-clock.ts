// The current time as React state: read when the component mounts and again on every tick,
// so render stays pure and the time still moves on.
import { useEffect, useState } from 'react';

const TICK_MS = 30_000;

export function useClock(tickMs: number = TICK_MS): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs]);
  return now;
}
