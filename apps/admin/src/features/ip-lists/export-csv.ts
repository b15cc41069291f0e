// CSV export of an IP list: the export answer is a file, not JSON, so it is fetched through
// the one authenticated fetch and handed to the browser as a download. 403 (the plan has no
// export) is returned to the caller for the Upgrade dialog.
import { ipListExportPath, type IpListId } from '@gatehouse/contracts';
import { authedFetch } from '../../lib/authed-fetch.js';
import { downloadName, saveDownload, todayStamp } from '../../lib/save-download.js';

export type ExportOutcome = 'downloaded' | 'upgrade' | 'failed';

export async function exportCsv(list: IpListId): Promise<ExportOutcome> {
  const fetched = await authedFetch(
    ipListExportPath(list),
    { headers: { Accept: 'text/csv' } },
    { quietStatuses: [403] },
  );
  if (!fetched.ok) return fetched.status === 403 ? 'upgrade' : 'failed';
  const { response } = fetched;
  const blob = await response.blob();
  const fallback = `${list}-${todayStamp()}.csv`;
  saveDownload(blob, downloadName(response.headers.get('Content-Disposition'), fallback));
  return 'downloaded';
}
