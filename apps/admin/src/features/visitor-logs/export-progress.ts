// Where a streamed CSV export stands: bytes and rows read so far, and how far along that is
// when the answer said how much was coming (the row count header, else Content-Length).
import { countOf, formatCount } from '../../lib/format-count.js';

export interface ExportProgress {
  bytes: number;
  /** Line breaks read so far. */
  lines: number;
  /** The last byte read was a line break (or nothing was read yet). */
  atLineStart: boolean;
  totalRows: number | null;
  totalBytes: number | null;
}

export function startProgress(headers: Headers, rowHeader: string): ExportProgress {
  return {
    bytes: 0,
    lines: 0,
    atLineStart: true,
    totalRows: positiveNumber(headers.get(rowHeader)),
    totalBytes: positiveNumber(headers.get('Content-Length')),
  };
}

function positiveNumber(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

const NEWLINE = 10;

export function addChunk(progress: ExportProgress, chunk: Uint8Array): ExportProgress {
  if (chunk.byteLength === 0) return progress;
  let lines = 0;
  for (const byte of chunk) if (byte === NEWLINE) lines++;
  return {
    ...progress,
    bytes: progress.bytes + chunk.byteLength,
    lines: progress.lines + lines,
    atLineStart: chunk[chunk.byteLength - 1] === NEWLINE,
  };
}

/**
 * Data rows read: complete lines less the header line. (A quoted field holding a line break
 * would count twice; the export writes none.)
 */
export function rowsRead(progress: ExportProgress): number {
  return Math.max(0, progress.lines - 1);
}

/** At the end of the body a last line without a break is complete too. */
export function finishProgress(progress: ExportProgress): ExportProgress {
  if (progress.atLineStart) return progress;
  return { ...progress, lines: progress.lines + 1, atLineStart: true };
}

/** 0–100, or null while nothing says how much is coming (an indeterminate bar). */
export function percentDone(progress: ExportProgress): number | null {
  if (progress.totalRows !== null) {
    if (progress.totalRows === 0) return 100;
    return Math.min(100, (rowsRead(progress) / progress.totalRows) * 100);
  }
  if (progress.totalBytes !== null && progress.totalBytes > 0) {
    return Math.min(100, (progress.bytes / progress.totalBytes) * 100);
  }
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "1,234 of 5,000 visits · 180.2 KB", or without the total while it is unknown. */
export function progressText(progress: ExportProgress): string {
  const read = rowsRead(progress);
  const rows =
    progress.totalRows === null
      ? countOf(read, 'visit', 'visits')
      : `${formatCount(read)} of ${countOf(progress.totalRows, 'visit', 'visits')}`;
  return `${rows} · ${formatBytes(progress.bytes)}`;
}
