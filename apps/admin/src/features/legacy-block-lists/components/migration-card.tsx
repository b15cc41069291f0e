// The one-click migration: before it, what each entry would do (move to its new blocker, be
// taken out here because that blocker already has it, or stay, with the reason); after it,
// what moved, with Undo (puts everything back as it was) and Confirm (keeps it for good).
// When the Country Blocker is in whitelist mode the countries cannot move: the card says why
// and the merchant chooses to move the rest and keep the countries here.
import { useState } from 'react';
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  DataTable,
  InlineStack,
  Link,
  Text,
} from '@shopify/polaris';
import type { LegacyMoveItem } from '@gatehouse/contracts';
import { EntryValue } from '../../../components/entry-list/entry-cells.js';
import { showToast } from '../../../lib/toast-store.js';
import {
  useConfirmMigration,
  useMigrate,
  useMigrationPreview,
  usePendingMigration,
  useUndoMigration,
} from '../api/use-legacy-migration.js';
import { kindLabels, movedSummary, outcomeCounts, outcomeText } from '../legacy-texts.js';

const tones = { move: 'success', present: 'info', stay: 'attention' } as const;

function ItemsTable({ items, tense }: { items: LegacyMoveItem[]; tense: 'will' | 'did' }) {
  return (
    <DataTable
      columnContentTypes={['text', 'text', 'text']}
      headings={['Entry', 'Kind', tense === 'will' ? 'What happens' : 'What happened']}
      rows={items.map((item) => [
        <EntryValue key={item.value} value={item.value} />,
        kindLabels[item.kind],
        <InlineStack key={item.value} gap="200" blockAlign="center" wrap>
          <Badge tone={tones[item.outcome]}>{outcomeText(item, tense)}</Badge>
          {item.page && item.outcome !== 'stay' ? <Link url={item.page}>Open</Link> : null}
        </InlineStack>,
      ])}
    />
  );
}

export function MigrationCard() {
  const preview = useMigrationPreview();
  const pending = usePendingMigration();
  const migrate = useMigrate();
  const undo = useUndoMigration();
  const confirm = useConfirmMigration();
  const [keepCountries, setKeepCountries] = useState(false);
  const migration = pending.data;

  if (migration) {
    const counts = outcomeCounts(migration.items);
    return (
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Migration done: undo it or confirm it
          </Text>
          <Text as="p">
            {`${movedSummary(counts)} Until you confirm, Undo takes out exactly what the migration added and puts every entry back in this list.`}
          </Text>
          <ItemsTable items={migration.items} tense="did" />
          <InlineStack gap="200">
            <Button
              loading={undo.isPending}
              onClick={async () => {
                const outcome = await undo.call({ id: migration.id });
                if (outcome.result) showToast('Migration undone: the entries are back');
              }}
            >
              Undo migration
            </Button>
            <Button
              variant="primary"
              loading={confirm.isPending}
              onClick={async () => {
                const outcome = await confirm.call({ id: migration.id });
                if (outcome.result) showToast('Migration confirmed');
              }}
            >
              Confirm migration
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
    );
  }

  const plan = preview.data;
  if (!plan || plan.items.length === 0) return null;
  const counts = outcomeCounts(plan.items);
  const refused = plan.countriesRefused;
  const leaving = counts.move + counts.present;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Move these entries to their new blockers
        </Text>
        <Text as="p">
          Each blocker now has its own page: addresses and ranges go to the IP Blocker’s block list,
          countries to the Country Blocker, emails to the Customer Block Lists. They stay blocked
          while they move. You can undo the migration until you confirm it.
        </Text>
        {refused ? (
          <Banner tone="warning" title="Countries cannot move to a whitelist">
            <BlockStack gap="200">
              <Text as="p">{refused}</Text>
              <Checkbox
                label="Keep the countries here and move the rest"
                checked={keepCountries}
                onChange={setKeepCountries}
              />
            </BlockStack>
          </Banner>
        ) : null}
        <ItemsTable items={plan.items} tense="will" />
        <InlineStack>
          <Button
            variant="primary"
            disabled={leaving === 0 || (refused !== null && !keepCountries)}
            loading={migrate.isPending}
            onClick={async () => {
              const outcome = await migrate.call({ keepCountries });
              if (outcome.result) showToast('Entries moved: undo or confirm below');
            }}
          >
            {`Move ${leaving} ${leaving === 1 ? 'entry' : 'entries'}`}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
