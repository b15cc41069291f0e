import { describe, expect, it } from 'vitest';
import {
  addChunk,
  finishProgress,
  formatBytes,
  percentDone,
  progressText,
  rowsRead,
  startProgress,
} from './export-progress.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const start = (headers: Record<string, string> = {}) =>
  startProgress(new Headers(headers), 'x-total-rows');

describe('export progress', () => {
  it('counts data rows across chunks that split lines, without the header', () => {
    let progress = start();
    progress = addChunk(progress, bytes('time,ip\n2026-11-2'));
    expect(rowsRead(progress)).toBe(0);
    progress = addChunk(progress, bytes('1,203.0.113.7\n2026-11-21,198.'));
    expect(rowsRead(progress)).toBe(1);
    progress = addChunk(progress, bytes('51.100.4'));
    expect(rowsRead(progress)).toBe(1);
    expect(rowsRead(finishProgress(progress))).toBe(2);
    expect(progress.bytes).toBe('time,ip\n2026-11-21,203.0.113.7\n2026-11-21,198.51.100.4'.length);
  });

  it('is indeterminate until the answer says how much is coming', () => {
    expect(percentDone(addChunk(start(), bytes('time\n1\n')))).toBeNull();
  });

  it('goes by rows when the row count header came', () => {
    const progress = addChunk(start({ 'x-total-rows': '4' }), bytes('time\n1\n2\n'));
    expect(percentDone(progress)).toBe(50);
    expect(progressText(progress)).toBe('2 of 4 visits · 9 B');
  });

  it('goes by bytes when only Content-Length came', () => {
    const progress = addChunk(start({ 'Content-Length': '52' }), bytes('time\n1\n2\n3\n4\n'));
    expect(percentDone(progress)).toBe(25);
    expect(progressText(progress)).toBe('4 visits · 13 B');
  });

  it('is done at once for an export of no rows', () => {
    expect(percentDone(start({ 'x-total-rows': '0' }))).toBe(100);
  });

  it('writes sizes in B, KB and MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
