import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CsvPreview } from '@gatehouse/contracts';
import { renderPage } from '../../test/render-page.js';
import { CsvImportModal, type CsvImportCalls } from './csv-import-modal.js';

const PREVIEW: CsvPreview = {
  total: 2,
  valid: 2,
  duplicates: 0,
  errors: [],
  invalid: 0,
  problem: null,
  token: 'preview-token',
};

const COVERAGE =
  'Together, the entries of this list cover 1/128 of all IPv4 addresses. Check that this is what you meant: every visitor from those addresses is affected.';

function renderImport(notices: string[]) {
  const closed: number[] = [];
  const calls: CsvImportCalls = {
    preview: { call: () => Promise.resolve({ result: true, data: PREVIEW }) },
    commit: {
      call: () => Promise.resolve({ result: true, data: { imported: 2, skipped: 0, notices } }),
      isPending: false,
    },
  };
  const view = renderPage(
    <CsvImportModal
      title="Import IP addresses"
      format="One address or range per line."
      calls={calls}
      open
      onClose={() => closed.push(1)}
      onForbidden={() => undefined}
    />,
    {},
  );
  return { ...view, closed };
}

async function importFile(user: ReturnType<typeof renderImport>['user']) {
  // A change of the file input, as a chosen file makes it (a click on it would open the
  // system's file dialog, which Polaris's drop zone passes on to the input).
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  const file = new File(['1.0.0.0/8\n2.0.0.0/8\n'], 'wide.csv', { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [file] } });
  await user.click(await screen.findByRole('button', { name: 'Import 2 entries' }));
}

describe('the CSV import dialog', () => {
  it('stays open after the import to show what the list says of itself now', async () => {
    const { user, closed } = renderImport([COVERAGE]);
    await importFile(user);
    expect(await screen.findByText(COVERAGE)).toBeDefined();
    expect(screen.getByText('Imported 2 entries.')).toBeDefined();
    expect(closed).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(closed).toEqual([1]);
  });

  it('closes at once after an import the list has nothing to say about', async () => {
    const { user, closed } = renderImport([]);
    await importFile(user);
    await waitFor(() => expect(closed).toEqual([1]));
  });
});
