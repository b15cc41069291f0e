// Before each component test: a fresh document and no fake API left from the test before.
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../lib/query-client.js';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});
