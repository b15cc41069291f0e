// CSV export of the filtered visits. The answer can be large, so its body is read chunk by
// chunk, reporting progress as it goes, and handed to the browser as a download at the end.
// The request goes through the one authenticated fetch (bearer, logout on 401, toast);
// 403 (the plan has no CSV export) is returned for the Upgrade dialog.
import { VISIT_EXPORT_COUNT_HEADER, VISIT_EXPORT_PATH } from '@gatehouse/contracts';
import { FALLBACK_FAILURE_MESSAGE, authedFetch, reportFailure } from '../../lib/authed-fetch.js';
import { downloadName, saveDownload, todayStamp } from '../../lib/save-download.js';
import {
  addChunk,
  finishProgress,
  rowsRead,
  startProgress,
  type ExportProgress,
} from './export-progress.js';

export type StreamOutcome =
  | { kind: 'downloaded'; rows: number }
  | { kind: 'upgrade' }
  | { kind: 'cancelled' }
  | { kind: 'failed' };

export async function streamExport(
  query: Record<string, string>,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<StreamOutcome> {
  const search = new URLSearchParams(query).toString();
  const url = search === '' ? VISIT_EXPORT_PATH : `${VISIT_EXPORT_PATH}?${search}`;
  const fetched = await authedFetch(
    url,
    { headers: { Accept: 'text/csv' }, signal },
    { quietStatuses: [403] },
  );
  if (!fetched.ok) {
    if (fetched.aborted) return { kind: 'cancelled' };
    return fetched.status === 403 ? { kind: 'upgrade' } : { kind: 'failed' };
  }
  const { response } = fetched;

  try {
    let progress = startProgress(response.headers, VISIT_EXPORT_COUNT_HEADER);
    onProgress(progress);
    const parts: BlobPart[] = [];
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        progress = addChunk(progress, value);
        onProgress(progress);
      }
    } else {
      // No stream support: the whole body at once, progress jumps to the end.
      const whole = new Uint8Array(await response.arrayBuffer());
      parts.push(whole);
      progress = addChunk(progress, whole);
    }
    progress = finishProgress(progress);
    onProgress(progress);
    const fallback = `visitor-logs-${todayStamp()}.csv`;
    saveDownload(
      new Blob(parts, { type: 'text/csv' }),
      downloadName(response.headers.get('Content-Disposition'), fallback),
    );
    return { kind: 'downloaded', rows: rowsRead(progress) };
  } catch {
    if (signal.aborted) return { kind: 'cancelled' };
    reportFailure(FALLBACK_FAILURE_MESSAGE);
    return { kind: 'failed' };
  }
}
