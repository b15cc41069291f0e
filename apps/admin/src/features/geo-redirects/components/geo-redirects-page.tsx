// /redirect: Geolocation Redirects. Ordered rules (the first one that covers a visitor
// decides), reordered by drag and drop with the pointer, touch or the keyboard, edited in
// place and saved all at once with the contextual save bar; "test as a visitor from…" runs the
// saved rules. Each problem, found before the save or by the server, shows at its rule's field.
// A paid feature: on Free the page explains it and leads to the subscription page.
import { useMemo } from 'react';
import { Banner, BlockStack, Button, Card, Layout, Page, Text } from '@shopify/polaris';
import { LoadingPage, PaidListPage } from '../../../components/entry-list/list-blocker-page.js';
import { PlanUpgradeCard } from '../../../components/entry-list/plan-upgrade-card.js';
import { SaveBar } from '../../../components/save-bar.js';
import { SortableList } from '../../../components/sortable-list/sortable-list.js';
import { useAppState } from '../../../lib/app-state.js';
import { showToast } from '../../../lib/toast-store.js';
import { useSaveBarForm } from '../../../lib/use-save-bar-form.js';
import { useGeoRedirects } from '../api/use-geo-redirects.js';
import { useSaveGeoRedirects } from '../api/use-save-geo-redirects.js';
import {
  fieldOf,
  newRule,
  redirectsFormSchema,
  ruleErrorsAt,
  shadowsOf,
  toForm,
  toRequest,
} from '../geo-redirects-form.js';
import { RedirectRuleCard } from './redirect-rule-card.js';
import { TestVisitorCard } from './test-visitor-card.js';
import { pageTitles } from '../../../lib/pages.js';

const TITLE = pageTitles.redirect;

export function GeoRedirectsPage() {
  return (
    <PaidListPage
      title={TITLE}
      upgradeCard={
        <PlanUpgradeCard
          title="Geolocation Redirects are part of Premium and Pay-As-You-Go"
          intro="Send visitors to the store made for their country:"
          items={[
            'choose countries or whole continents and the address to send them to;',
            'redirect at once, or ask first with your own words and the target’s flag.',
          ]}
        />
      }
      editor={() => <GeoRedirectsEditor />}
    />
  );
}

export function GeoRedirectsEditor() {
  const { account } = useAppState();
  const redirects = useGeoRedirects();
  const save = useSaveGeoRedirects();
  const saved = useMemo(() => toForm(redirects.data.rules), [redirects.data.rules]);
  const form = useSaveBarForm(saved, {
    schema: redirectsFormSchema,
    placeOf: fieldOf,
    submit: (draft) => save.call(toRequest(draft)),
    onSaved: (data) => {
      // Rules added here come back with their ids and targets in normal form: the draft
      // becomes what was stored.
      form.change(toForm(data.rules));
      showToast('Redirects saved');
    },
  });
  const draft = form.draft;
  if (draft === undefined || redirects.isLoading) return <LoadingPage title={TITLE} />;
  const { rules } = draft;
  const shadows = shadowsOf(rules);
  const limit = redirects.data.limit;
  const { change, refusal, refusedFields } = form;
  const refusedRule = (index: number) =>
    refusedFields.some((f) => f === `rules.${index}` || f.startsWith(`rules.${index}.`));
  const update = (key: string, edit: object) =>
    change({ rules: rules.map((r) => (r.key === key ? { ...r, ...edit } : r)) });

  return (
    <Page
      title={TITLE}
      subtitle={`${rules.length} of ${limit} redirects`}
      primaryAction={{
        content: 'Add redirect',
        disabled: rules.length >= limit,
        onAction: () => change({ rules: [...rules, newRule()] }),
      }}
    >
      <SaveBar {...form.saveBar} />
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="200">
                <Text as="p">
                  Send visitors to the store made for their country. Redirects apply in this order:
                  the first one that covers a visitor’s country decides, so put the more specific
                  one first (Germany to your German store above Europe to your EU store). A visitor
                  already on that redirect’s address stays there. Drag a redirect by its handle to
                  move it, or focus the handle and use Space and the arrow keys.
                </Text>
                <Text as="p" tone="subdued">
                  A visitor is redirected at most once per browsing session. Search engines’
                  verified crawlers are never redirected, so your store is indexed as it is;
                  visitors stopped by a blocker, addresses on your allow list and Admin Access
                  devices are not redirected either.
                </Text>
              </BlockStack>
            </Card>
            {(refusal || refusedFields.length > 0) && (
              <Banner tone="critical" title="The redirects were not saved">
                <p>{refusal ?? 'Correct the redirects marked below, then save again.'}</p>
              </Banner>
            )}
            {rules.length === 0 ? (
              <Card>
                <BlockStack gap="300" inlineAlign="start">
                  <Text as="p">No redirects yet.</Text>
                  <Button onClick={() => change({ rules: [newRule()] })}>Add a redirect</Button>
                </BlockStack>
              </Card>
            ) : (
              <SortableList
                items={rules}
                noun="Redirect"
                onReorder={(reordered) => change({ rules: reordered })}
              >
                {(rule, position) => (
                  <RedirectRuleCard
                    rule={rule}
                    position={position}
                    errors={ruleErrorsAt(form.errors, position - 1)}
                    refused={refusedRule(position - 1)}
                    shadow={shadows.get(rule.key)}
                    onChange={(change) => update(rule.key, change)}
                    onRemove={() => change({ rules: rules.filter((r) => r.key !== rule.key) })}
                  />
                )}
              </SortableList>
            )}
            <TestVisitorCard storeUrl={account?.storeUrl ?? ''} unsaved={form.saveBar.dirty} />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
