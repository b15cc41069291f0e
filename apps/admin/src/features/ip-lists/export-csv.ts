// CSV export of an IP list: the export answer is a file, not JSON, so it is fetched here with
// the session's bearer token and handed to the browser as a download. Failures follow the API
// client's rules (logout on 401, toast otherwise); 403 (plan) is returned to the caller.
import { ipListExportPath, type IpListId } from '@gatehouse/contracts';
import { FALLBACK_FAILURE_MESSAGE, failureMessage } from '../../lib/api-client.js';
import { clearSession, getSessionToken, goToLogin } from '../../lib/session.js';
import { showErrorToast } from '../../lib/toast-store.js';

export type ExportOutcome = 'downloaded' | 'upgrade' | 'failed';

function fileName(disposition: string | null, list: IpListId): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? `${list}-${new Date().toISOString().slice(0, 10)}.csv`;
}

export async function exportCsv(list: IpListId): Promise<ExportOutcome> {
  const headers: Record<string, string> = { Accept: 'text/csv' };
  const token = getSessionToken();
  if (token) headers.Authorization = `bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(ipListExportPath(list), { headers });
  } catch {
    showErrorToast(FALLBACK_FAILURE_MESSAGE);
    return 'failed';
  }
  if (response.status === 401) {
    clearSession();
    goToLogin();
    return 'failed';
  }
  if (response.status === 403) return 'upgrade';
  if (!response.ok) {
    let body: unknown;
    try {
      body = (await response.json()) as unknown;
    } catch {
      body = undefined;
    }
    showErrorToast(failureMessage(undefined, response.status, body));
    return 'failed';
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(response.headers.get('Content-Disposition'), list);
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return 'downloaded';
}
