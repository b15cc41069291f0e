// The page actions of a list with CSV import and export: "Import CSV" opens the caller's import
// dialog; "Export CSV" downloads the list (spinning meanwhile), or hands a 403 to the caller.
import { useState } from 'react';
import type { PageProps } from '@shopify/polaris';
import { ExportIcon, ImportIcon } from '@shopify/polaris-icons';
import { exportCsv } from '../../lib/export-csv.js';

export function useCsvPageActions({
  exportPath,
  exportName,
  onImport,
  onUpgrade,
}: {
  exportPath: string;
  /** The download's name when the server gives none: `<exportName>-<date>.csv`. */
  exportName: string;
  onImport: () => void;
  /** The export answered 403. */
  onUpgrade: () => void;
}): NonNullable<PageProps['secondaryActions']> {
  const [exporting, setExporting] = useState(false);

  const runExport = async () => {
    setExporting(true);
    const outcome = await exportCsv(exportPath, exportName);
    setExporting(false);
    if (outcome === 'upgrade') onUpgrade();
  };

  return [
    { content: 'Import CSV', icon: ImportIcon, onAction: onImport },
    {
      content: 'Export CSV',
      icon: ExportIcon,
      loading: exporting,
      onAction: () => void runExport(),
    },
  ];
}
