// The networks the merchant trusts (no switch ever blocks them): an AS number with a note,
// added and removed at once, apart from the switches' save bar. The field is checked as the
// contract reads it; the server's 400 shows on the field and a 403 opens the upgrade prompt.
import { useState } from 'react';
import {
  BlockStack,
  Box,
  Button,
  Card,
  FormLayout,
  IndexTable,
  Modal,
  Text,
  TextField,
} from '@shopify/polaris';
import type { TrustedAsn } from '@gatehouse/contracts';
import { relativeTime } from '../../../lib/relative-time.js';
import { showToast } from '../../../lib/toast-store.js';
import { useAddTrustedAsn } from '../api/use-add-trusted-asn.js';
import { useDeleteTrustedAsns } from '../api/use-delete-trusted-asns.js';
import { trustedAsnError } from '../vpn-blocker-form.js';

export function TrustedNetworksCard({
  trusted,
  limit,
  readAt,
  onUpgrade,
}: {
  trusted: TrustedAsn[];
  limit: number;
  /** When the list was read: the Added column counts from it. */
  readAt: number;
  onUpgrade: () => void;
}) {
  const [asn, setAsn] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [removing, setRemoving] = useState<TrustedAsn | null>(null);
  const addTrusted = useAddTrustedAsn();
  const deleteTrusted = useDeleteTrustedAsns();

  const add = async () => {
    const problem = trustedAsnError(asn);
    if (problem) {
      setError(problem);
      return;
    }
    const outcome = await addTrusted.call({ asn: asn.trim(), note: note.trim() });
    if (!outcome.result) {
      if (outcome.status === 403) onUpgrade();
      else setError(outcome.message);
      return;
    }
    showToast(`AS${outcome.data.asn} is trusted`);
    setAsn('');
    setNote('');
    setError(undefined);
  };

  const remove = async () => {
    if (!removing) return;
    const outcome = await deleteTrusted.call({ ids: [removing.id] });
    if (!outcome.result) return;
    showToast(`AS${removing.asn} is no longer trusted`);
    setRemoving(null);
  };

  return (
    <Card padding="0">
      <BlockStack gap="0">
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
                {trusted.length.toLocaleString('en-US')} of {limit.toLocaleString('en-US')}{' '}
                networks.
              </Text>
            </BlockStack>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void add();
              }}
            >
              <FormLayout>
                <FormLayout.Group>
                  <TextField
                    label="AS number"
                    placeholder="AS14061 or 14061"
                    value={asn}
                    onChange={(text) => {
                      setAsn(text);
                      setError(undefined);
                    }}
                    error={error}
                    autoComplete="off"
                    maxLength={50}
                  />
                  <TextField
                    label="Note"
                    placeholder="Why you trust this network"
                    value={note}
                    onChange={setNote}
                    autoComplete="off"
                    maxLength={500}
                  />
                </FormLayout.Group>
                <Button submit loading={addTrusted.isPending}>
                  Trust network
                </Button>
              </FormLayout>
            </form>
          </BlockStack>
        </Box>
        {trusted.length > 0 && (
          <IndexTable
            resourceName={{ singular: 'trusted network', plural: 'trusted networks' }}
            itemCount={trusted.length}
            selectable={false}
            headings={[
              { title: 'Network' },
              { title: 'Note' },
              { title: 'Added' },
              { title: 'Actions', hidden: true },
            ]}
          >
            {trusted.map((entry, index) => (
              <IndexTable.Row id={entry.id} key={entry.id} position={index}>
                <IndexTable.Cell>
                  <Text as="span" fontWeight="semibold">
                    AS{entry.asn}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" tone={entry.note ? undefined : 'subdued'}>
                    {entry.note || '—'}
                  </Text>
                </IndexTable.Cell>
                <IndexTable.Cell>{relativeTime(entry.createdAt, readAt)}</IndexTable.Cell>
                <IndexTable.Cell>
                  <Button
                    variant="tertiary"
                    tone="critical"
                    accessibilityLabel={`Stop trusting AS${entry.asn}`}
                    onClick={() => setRemoving(entry)}
                  >
                    Remove
                  </Button>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        )}
      </BlockStack>
      <Modal
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Stop trusting AS${removing?.asn ?? ''}?`}
        primaryAction={{
          content: 'Remove',
          destructive: true,
          loading: deleteTrusted.isPending,
          onAction: () => void remove(),
        }}
        secondaryActions={[{ content: 'Cancel', onAction: () => setRemoving(null) }]}
      >
        <Modal.Section>
          <Text as="p">
            Visitors from this network meet the switches again at once: a switch that is on blocks
            them if their network is of its kind.
          </Text>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
