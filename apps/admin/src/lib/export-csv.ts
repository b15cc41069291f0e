// CSV export of a list: the export answer is a file, not JSON, so it is fetched through the one
// authenticated fetch and handed to the browser as a download, named as the server says. 403
// (the plan has no export) is returned to the caller for its Upgrade dialog.
import { authedFetch } from './authed-fetch.js';
import { downloadName, saveDownload, todayStamp } from './save-download.js';

export type ExportOutcome = 'downloaded' | 'upgrade' | 'failed';

/** Downloads the CSV at `path`; without a name from the server it is `<name>-<date>.csv`. */
export async function exportCsv(path: string, name: string): Promise<ExportOutcome> {
  const fetched = await authedFetch(
    path,
    { headers: { Accept: 'text/csv' } },
    { quietStatuses: [403] },
  );
  if (!fetched.ok) return fetched.status === 403 ? 'upgrade' : 'failed';
  const { response } = fetched;
  const blob = await response.blob();
  const fallback = `${name}-${todayStamp()}.csv`;
  saveDownload(blob, downloadName(response.headers.get('Content-Disposition'), fallback));
  return 'downloaded';
}
