// CSV import into a list: pick or drop a file, read it (progress from FileReader), send it for a
// preview, show the counts and every bad line by number, and import only when the merchant
// confirms "Import N entries" (or, for a file with bad lines, "Import the N good lines, skip
// the M bad ones"). Nothing is written before that confirmation. The list's own preview and
// commit calls do the reading and the storing. An import the list answers with notices (its
// entries now cover a large share of all addresses, say) stays open to show them; any other
// closes with a toast.
import { useState } from 'react';
import { Banner, BlockStack, DropZone, List, Modal, ProgressBar, Text } from '@shopify/polaris';
import { maxCsvChars, protectionMessages, type CsvPreview } from '@gatehouse/contracts';
import { countOf } from '../../lib/format-count.js';
import { previewModel } from '../../lib/csv-preview-model.js';
import { readFileText } from '../../lib/read-file.js';
import { showToast } from '../../lib/toast-store.js';
import { CsvErrorLines } from './csv-error-lines.js';

type Outcome<T> =
  { result: true; data: T } | { result: false; message: string; status?: number | undefined };

/** A list's import calls: the preview of a file's text, and its commit with the preview's token. */
export interface CsvImportCalls {
  preview: { call(request: { csv: string }): Promise<Outcome<CsvPreview>> };
  commit: {
    call(request: {
      csv: string;
      token: string;
      skipInvalid?: boolean;
    }): Promise<Outcome<{ imported: number; skipped: number; notices?: string[] }>>;
    isPending: boolean;
  };
}
/** Reading fills the bar to here; the preview call takes the rest. */
const READ_SHARE = 80;

type Step =
  | { kind: 'choose'; problem?: string }
  | { kind: 'working'; label: string; progress: number; fileName: string }
  | { kind: 'preview'; fileName: string; csv: string; preview: CsvPreview }
  | { kind: 'imported'; done: string; notices: string[] };

export function CsvImportModal({
  title,
  format,
  calls,
  open,
  onClose,
  onForbidden,
}: {
  title: string;
  /** What a line of the file holds. */
  format: string;
  calls: CsvImportCalls;
  open: boolean;
  onClose: () => void;
  /** The commit answered 403 (the plan's cap, or the plan lost the list). */
  onForbidden: () => void;
}) {
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const { preview, commit: commitImport } = calls;
  const importing = commitImport.isPending;

  const close = () => {
    setStep({ kind: 'choose' });
    onClose();
  };

  const load = async (file: File) => {
    if (file.size > maxCsvChars) {
      setStep({ kind: 'choose', problem: protectionMessages.csvTooLong });
      return;
    }
    const fileName = file.name;
    setStep({ kind: 'working', label: `Reading ${fileName}…`, progress: 0, fileName });
    let csv: string;
    try {
      csv = await readFileText(file, (fraction) =>
        setStep({
          kind: 'working',
          label: `Reading ${fileName}…`,
          progress: Math.round(fraction * READ_SHARE),
          fileName,
        }),
      );
    } catch {
      setStep({ kind: 'choose', problem: `${fileName} could not be read.` });
      return;
    }
    if (csv.trim() === '') {
      setStep({ kind: 'choose', problem: 'The CSV file is empty.' });
      return;
    }
    setStep({
      kind: 'working',
      label: 'Checking the entries…',
      progress: READ_SHARE + 10,
      fileName,
    });
    const outcome = await preview.call({ csv });
    if (!outcome.result) {
      setStep({ kind: 'choose', problem: outcome.message });
      return;
    }
    setStep({ kind: 'preview', fileName, csv, preview: outcome.data });
  };

  const commit = async (skipInvalid: boolean) => {
    if (step.kind !== 'preview' || step.preview.token === null) return;
    const outcome = await commitImport.call({
      csv: step.csv,
      token: step.preview.token,
      skipInvalid,
    });
    if (!outcome.result) {
      if (outcome.status === 403) {
        close();
        onForbidden();
      }
      return;
    }
    const { imported, skipped, notices = [] } = outcome.data;
    const entries = `Imported ${countOf(imported, 'entry', 'entries')}`;
    const done =
      skipped > 0 ? `${entries}, skipped ${countOf(skipped, 'bad line', 'bad lines')}` : entries;
    showToast(done);
    if (notices.length > 0) setStep({ kind: 'imported', done, notices });
    else close();
  };

  const model = step.kind === 'preview' ? previewModel(step.preview) : null;
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      primaryAction={
        step.kind === 'imported'
          ? { content: 'Done', onAction: close }
          : model?.confirmLabel
            ? {
                content: model.confirmLabel,
                loading: importing,
                onAction: () => void commit(model.skipInvalid),
              }
            : undefined
      }
      secondaryActions={
        step.kind === 'imported'
          ? []
          : [
              ...(step.kind === 'preview'
                ? [{ content: 'Choose another file', onAction: () => setStep({ kind: 'choose' }) }]
                : []),
              { content: 'Cancel', onAction: close },
            ]
      }
    >
      <Modal.Section>
        {step.kind === 'choose' && (
          <BlockStack gap="300">
            {step.problem && <Banner tone="critical">{step.problem}</Banner>}
            <Text as="p">{format} Nothing is imported until you confirm.</Text>
            <DropZone
              label="CSV file"
              labelHidden
              accept=".csv,text/csv,text/plain"
              allowMultiple={false}
              onDrop={(_all, accepted) => {
                const [file] = accepted;
                if (file) void load(file);
              }}
            >
              <DropZone.FileUpload actionTitle="Choose file" actionHint="or drop a .csv file" />
            </DropZone>
          </BlockStack>
        )}
        {step.kind === 'working' && (
          <BlockStack gap="300">
            <Text as="p">{step.label}</Text>
            <ProgressBar progress={step.progress} size="small" animated />
          </BlockStack>
        )}
        {step.kind === 'preview' && model && (
          <BlockStack gap="400">
            <Text as="p" fontWeight="semibold">
              {step.fileName}
            </Text>
            <List>
              <List.Item>{model.summary}</List.Item>
              {step.preview.duplicates > 0 && (
                <List.Item>
                  Duplicates (repeated lines, or entries already in the list) are skipped.
                </List.Item>
              )}
            </List>
            {model.errorLines.length > 0 && (
              <CsvErrorLines
                lines={model.errorLines}
                more={model.moreErrors}
                total={model.badLines}
              />
            )}
            {model.problem && <Banner tone="warning">{model.problem}</Banner>}
          </BlockStack>
        )}
        {step.kind === 'imported' && (
          <BlockStack gap="300">
            <Text as="p">{step.done}.</Text>
            <Banner tone="warning" title="Check the list">
              <BlockStack gap="200">
                {step.notices.map((notice) => (
                  <p key={notice}>{notice}</p>
                ))}
              </BlockStack>
            </Banner>
          </BlockStack>
        )}
      </Modal.Section>
    </Modal>
  );
}
