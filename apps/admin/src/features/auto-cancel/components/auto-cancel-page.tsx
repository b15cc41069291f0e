// /blacklists (also /blackLists): Auto-cancel filters. The merchant's named filters in priority
// order (drag and drop with the pointer, touch or the keyboard; the new order is saved at once),
// each on, off or monitor; a filter opens in the editor with its conditions, actions and dry
// run; below, the log of orders the filters acted on. A paid feature: on Free the page explains
// it and leads to the subscription page.
import { useState } from 'react';
import { Banner, BlockStack, Button, Card, Layout, Modal, Page, Text } from '@shopify/polaris';
import type { AutoCancelFilter } from '@gatehouse/contracts';
import { LoadingPage, PaidListPage } from '../../../components/entry-list/list-blocker-page.js';
import { PlanUpgradeCard } from '../../../components/entry-list/plan-upgrade-card.js';
import { SortableList } from '../../../components/sortable-list/sortable-list.js';
import { showToast } from '../../../lib/toast-store.js';
import {
  useAutoCancelFilters,
  useDeleteAutoCancelFilter,
  useReorderAutoCancelFilters,
  useSaveAutoCancelFilter,
} from '../api/use-auto-cancel.js';
import { toDraft, toInput } from '../auto-cancel-form.js';
import { AutoCancelLogCard } from './auto-cancel-log-card.js';
import { FilterCard } from './filter-card.js';
import { FilterEditor } from './filter-editor.js';
import { pageTitles } from '../../../lib/pages.js';

const TITLE = pageTitles.blacklists;

export function AutoCancelPage() {
  return (
    <PaidListPage
      title={TITLE}
      upgradeCard={
        <PlanUpgradeCard
          title="Auto-cancel filters are part of Premium and Pay-As-You-Go"
          intro="Write your own rules over new orders and stop the ones you never want to ship:"
          items={[
            'combine conditions on the email, addresses, countries, IP address, total, items, discount codes and more;',
            'cancel with a refund, restock and an email to the customer, tag the order, or block its IP address;',
            'try a filter on your last 30 days of orders before you turn it on.',
          ]}
        />
      }
      editor={() => <AutoCancelEditor />}
    />
  );
}

/** Which filter the editor shows: a stored one by id, or a new one. */
type Editing = { id: string } | 'new' | null;

function AutoCancelEditor() {
  const query = useAutoCancelFilters();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AutoCancelFilter | null>(null);
  const save = useSaveAutoCancelFilter();
  const remove = useDeleteAutoCancelFilter();
  const reorder = useReorderAutoCancelFilters();
  const { filters, maxFilters, dryRunDays } = query.data;
  const [order, setOrder] = useState<string[] | null>(null);

  if (query.isLoading) return <LoadingPage title={TITLE} />;
  if (editing !== null) {
    const filter = editing === 'new' ? null : (filters.find((f) => f.id === editing.id) ?? null);
    return (
      <FilterEditor
        key={editing === 'new' ? 'new' : editing.id}
        filter={filter}
        dryRunDays={dryRunDays}
        onDone={() => setEditing(null)}
      />
    );
  }

  // While a reorder is on its way, the list shows the order the merchant dropped.
  const items = (order ?? filters.map((f) => f.id))
    .map((id) => filters.find((f) => f.id === id))
    .filter((f): f is AutoCancelFilter => f !== undefined)
    .map((f) => ({ ...f, key: f.id }));
  const full = filters.length >= maxFilters;

  const setMode = async (filter: AutoCancelFilter, mode: AutoCancelFilter['mode']) => {
    const outcome = await save.call(toInput({ ...toDraft(filter), mode }));
    if (outcome.result)
      showToast(
        `${filter.name}: ${mode === 'on' ? 'on' : mode === 'off' ? 'off' : 'monitor only'}`,
      );
  };
  const move = async (next: typeof items) => {
    const ids = next.map((f) => f.id);
    setOrder(ids);
    const outcome = await reorder.call({ ids });
    setOrder(null);
    if (outcome.result) showToast('Order saved');
  };

  return (
    <Page
      title={TITLE}
      subtitle={`${filters.length} of ${maxFilters} filters`}
      primaryAction={{ content: 'Add filter', disabled: full, onAction: () => setEditing('new') }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="200">
                <Text as="p">
                  Cancel the orders you never want to ship, by your own rules. Each new order is
                  checked against the filters in this order: the first filter that is on and catches
                  it acts on it. In monitor mode a filter only logs what it would have done. Drag a
                  filter by its handle to move it, or focus the handle and use Space and the arrow
                  keys.
                </Text>
              </BlockStack>
            </Card>
            {query.isError ? (
              <Banner
                tone="critical"
                title="Your filters could not be loaded"
                action={{ content: 'Try again', onAction: () => void query.refetch() }}
              >
                <p>
                  Nothing was changed. Try again; if it keeps failing, reload the page in a few
                  minutes.
                </p>
              </Banner>
            ) : items.length === 0 ? (
              <Card>
                <BlockStack gap="300" inlineAlign="start">
                  <Text as="h2" variant="headingMd">
                    No filter yet
                  </Text>
                  <Text as="p">
                    Start with a filter for the orders you have had trouble with, for instance
                    “billing address differs from shipping AND total over 500”. Try it with a dry
                    run on your recent orders, then turn it on, or on in monitor mode first.
                  </Text>
                  <Button variant="primary" onClick={() => setEditing('new')}>
                    Create your first filter
                  </Button>
                </BlockStack>
              </Card>
            ) : (
              <SortableList items={items} noun="Filter" onReorder={(next) => void move(next)}>
                {(filter, position) => (
                  <FilterCard
                    filter={filter}
                    position={position}
                    saving={save.isPending || reorder.isPending}
                    onMode={(mode) => void setMode(filter, mode)}
                    onEdit={() => setEditing({ id: filter.id })}
                    onDelete={() => setDeleting(filter)}
                  />
                )}
              </SortableList>
            )}
            <AutoCancelLogCard />
          </BlockStack>
        </Layout.Section>
      </Layout>
      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete “${deleting?.name ?? ''}”?`}
        primaryAction={{
          content: 'Delete filter',
          destructive: true,
          loading: remove.isPending,
          onAction: async () => {
            if (!deleting) return;
            const outcome = await remove.call({ id: deleting.id });
            setDeleting(null);
            if (outcome.result) showToast('Filter deleted');
          },
        }}
        secondaryActions={[{ content: 'Keep it', onAction: () => setDeleting(null) }]}
      >
        <Modal.Section>
          <Text as="p">The filter stops at once. What it already did stays in the log.</Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}
