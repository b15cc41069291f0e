// CSV export of the filtered visits. The answer can be large, so its body is read chunk by
// chunk with the session's bearer token, reporting progress as it goes, and handed to the
// browser as a download at the end. Failures follow the API client's rules (logout on 401,
// toast otherwise); 403 (the plan has no CSV export) is returned for the Upgrade dialog.
import { VISIT_EXPORT_COUNT_HEADER, VISIT_EXPORT_PATH } from '@gatehouse/contracts';
import { FALLBACK_FAILURE_MESSAGE, failureMessage } from '../../lib/api-client.js';
import { clearSession, getSessionToken, goToLogin } from '../../lib/session.js';
import { showErrorToast } from '../../lib/toast-store.js';
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

function fileName(disposition: string | null): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? `visitor-logs-${new Date().toISOString().slice(0, 10)}.csv`;
}

function download(parts: BlobPart[], name: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function failureBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

export async function streamExport(
  query: Record<string, string>,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<StreamOutcome> {
  const headers: Record<string, string> = { Accept: 'text/csv' };
  const token = getSessionToken();
  if (token) headers.Authorization = `bearer ${token}`;
  const search = new URLSearchParams(query).toString();
  const url = search === '' ? VISIT_EXPORT_PATH : `${VISIT_EXPORT_PATH}?${search}`;

  try {
    const response = await fetch(url, { headers, signal });
    if (response.status === 401) {
      clearSession();
      goToLogin();
      return { kind: 'failed' };
    }
    if (response.status === 403) return { kind: 'upgrade' };
    if (!response.ok) {
      showErrorToast(failureMessage(undefined, response.status, await failureBody(response)));
      return { kind: 'failed' };
    }

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
    download(parts, fileName(response.headers.get('Content-Disposition')));
    return { kind: 'downloaded', rows: rowsRead(progress) };
  } catch {
    if (signal.aborted) return { kind: 'cancelled' };
    showErrorToast(FALLBACK_FAILURE_MESSAGE);
    return { kind: 'failed' };
  }
}
