// The networks the merchant trusts (no switch ever blocks them): an AS number with a note,
// added and removed at once, apart from the switches' save bar. The field is checked as the
// contract reads it; the server's 400 shows on the field and a 403 opens the upgrade prompt.
import { BlockStack, Box, Card, IndexTable, Text } from '@shopify/polaris';
import type { TrustedAsn } from '@gatehouse/contracts';
import { EntryAddForm } from '../../../components/entry-list/entry-add-form.js';
import { AddedCell, NoteCell, RemoveCell } from '../../../components/entry-list/entry-cells.js';
import { EntryTable } from '../../../components/entry-list/entry-table.js';
import { showToast } from '../../../lib/toast-store.js';
import { useAddTrustedAsn } from '../api/use-add-trusted-asn.js';
import { useDeleteTrustedAsns } from '../api/use-delete-trusted-asns.js';
import { trustedAsnError } from '../vpn-blocker-form.js';

export function TrustedNetworksCard({
  trusted,
  limit,
  readAt,
  loading,
  onUpgrade,
}: {
  trusted: TrustedAsn[];
  limit: number;
  /** When the list was read: the Added column counts from it. */
  readAt: number;
  loading: boolean;
  onUpgrade: () => void;
}) {
  const addTrusted = useAddTrustedAsn();
  const deleteTrusted = useDeleteTrustedAsns();
  const asnOf = (id: string) => trusted.find((e) => e.id === id)?.asn;

  return (
    <Card padding="0">
      <Box padding="400">
        <BlockStack gap="400">
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              Trusted networks
            </Text>
            <Text as="p" tone="subdued">
              Visitors from these networks are never blocked by the switches above: your company’s
              VPN, or a payment provider or other service that calls your store from its servers.
              Enter the network’s AS number (the IP Address Lookup shows it).{' '}
              {trusted.length.toLocaleString('en-US')} of {limit.toLocaleString('en-US')} networks.
            </Text>
          </BlockStack>
          <EntryAddForm
            field={{ label: 'AS number', placeholder: 'AS14061 or 14061', maxLength: 50 }}
            notePlaceholder="Why you trust this network"
            submit="Trust network"
            adding={addTrusted.isPending}
            onAdd={async (value, note) => {
              const problem = trustedAsnError(value);
              if (problem) return { error: problem };
              const outcome = await addTrusted.call({ asn: value.trim(), note });
              if (!outcome.result) {
                if (outcome.status !== 403) return { error: outcome.message };
                onUpgrade();
                return 'kept';
              }
              showToast(`AS${outcome.data.asn} is trusted`);
              return 'added';
            }}
          />
        </BlockStack>
      </Box>
      <EntryTable
        entries={trusted}
        loading={loading}
        headings={[
          { title: 'Network' },
          { title: 'Note' },
          { title: 'Added' },
          { title: 'Actions', hidden: true },
        ]}
        empty={{
          title: 'No trusted networks',
          description: 'Every switch that is on applies to every network of its kind.',
        }}
        removal={{
          verb: 'Remove',
          deleteEntries: deleteTrusted,
          title: (ids) =>
            ids.length === 1
              ? `Stop trusting AS${asnOf(ids[0]!)}?`
              : `Stop trusting ${ids.length} networks?`,
          body: (count) =>
            `Visitors from ${count === 1 ? 'this network' : 'these networks'} meet the switches again at once: a switch that is on blocks them if their network is of its kind.`,
        }}
        row={(entry, index, selected, remove) => (
          <IndexTable.Row id={entry.id} key={entry.id} position={index} selected={selected}>
            <IndexTable.Cell>
              <Text as="span" fontWeight="semibold">
                AS{entry.asn}
              </Text>
            </IndexTable.Cell>
            <NoteCell note={entry.note} />
            <AddedCell createdAt={entry.createdAt} readAt={readAt} />
            <RemoveCell label={`Stop trusting AS${entry.asn}`} onRemove={remove} />
          </IndexTable.Row>
        )}
      />
    </Card>
  );
}
