// Asks the server which admin build is deployed: at start, with the 5-minute poll and when
// the window regains focus. Public and best effort: a failure or a missing endpoint is
// silent (no toast), unlike the product's own calls.
import { useEffect, useState } from 'react';
import { VERSION_POLL_MS } from '../../lib/constants.js';
import { deployedVersionOf } from './version-rules.js';

export const VERSION_PATH = '/api/app/version';

async function fetchDeployedVersion(): Promise<string | null> {
  try {
    const response = await fetch(VERSION_PATH, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
    });
    if (!response.ok) return null;
    return deployedVersionOf(await response.json());
  } catch {
    return null;
  }
}

export function useDeployedVersion(enabled: boolean): string | null {
  const [deployed, setDeployed] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let alive = true;
    const check = () => {
      void fetchDeployedVersion().then((version) => {
        if (alive && version !== null) setDeployed(version);
      });
    };
    check();
    const timer = window.setInterval(check, VERSION_POLL_MS);
    window.addEventListener('focus', check);
    return () => {
      alive = false;
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, [enabled]);
  return deployed;
}
