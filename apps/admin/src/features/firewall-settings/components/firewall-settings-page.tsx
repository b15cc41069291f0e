// /firewallSettings: the Firewall on or off, the store origin it forwards to, the domains
// pointed at it, which storefront blockers it enforces too, its rate limit per visitor, and
// the connection status with the DNS records to create. Part of Premium: on Free the page
// explains it and leads to the subscription page.
import { useState } from 'react';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  ChoiceList,
  FormLayout,
  Page,
  Text,
  TextField,
} from '@shopify/polaris';
import {
  FIREWALL_ENFORCEABLE,
  type FirewallEnforceable,
  type FirewallSettingsView,
} from '@gatehouse/contracts';
import { FirewallPaidPage } from '../../../components/entry-list/firewall-paid-page.js';
import { showToast } from '../../../lib/toast-store.js';
import { useFirewallSettings, useSaveFirewallSettings } from '../api/use-firewall-settings.js';
import { ENFORCE_LABELS, readForm, toForm, type FirewallForm } from '../firewall-form.js';
import { ConnectionCard } from './connection-card.js';

const TITLE = 'Firewall Settings';

export function FirewallSettingsPage() {
  return (
    <FirewallPaidPage
      title={TITLE}
      intro="Point your domain at Gatehouse’s firewall and unwanted visitors are stopped before your store serves a single page:"
      items={[
        'blocked visitors never reach your store, and never count in its reports;',
        'scripts that ignore JavaScript are stopped too;',
        'rate limits per visitor, URL rules, and a realtime access log.',
      ]}
      editor={() => <FirewallSettingsEditor />}
    />
  );
}

function FirewallSettingsEditor() {
  const settings = useFirewallSettings();
  return (
    <Page title={TITLE}>
      <BlockStack gap="400">
        <ConnectionCard view={settings.data} />
        {/* A new answer (the first, or the one a save stores) starts the form from it. */}
        <SettingsForm key={settings.readAt} view={settings.data} />
      </BlockStack>
    </Page>
  );
}

function SettingsForm({ view }: { view: FirewallSettingsView }) {
  const save = useSaveFirewallSettings();
  const [form, setForm] = useState<FirewallForm>(() => toForm(view));
  const [error, setError] = useState<string | undefined>();
  const set = (change: Partial<FirewallForm>) => {
    setForm((f) => ({ ...f, ...change }));
    setError(undefined);
  };

  const submit = async () => {
    const read = readForm(form);
    if ('error' in read) return setError(read.error);
    const outcome = await save.call(read.settings);
    if (!outcome.result) return setError(outcome.message);
    showToast('Firewall settings saved');
  };

  return (
    <Card>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormLayout>
          {error && (
            <Banner tone="critical" title="The settings were not saved">
              <p>{error}</p>
            </Banner>
          )}
          <Checkbox
            label="Protect my store with the firewall"
            helpText="Off: the firewall passes every request to your store untouched."
            checked={form.enabled}
            onChange={(enabled) => set({ enabled })}
          />
          <TextField
            label="Store origin"
            placeholder="https://your-store.myshopify.com"
            helpText="Where the firewall sends the requests it lets through."
            value={form.origin}
            onChange={(origin) => set({ origin })}
            autoComplete="off"
          />
          <TextField
            label="Domains"
            placeholder={'www.example.com\nexample.com'}
            helpText="Your store’s domains that point at the firewall, one per line."
            value={form.hosts}
            onChange={(hosts) => set({ hosts })}
            multiline={3}
            autoComplete="off"
          />
          <ChoiceList
            title="Storefront rules the firewall enforces too"
            allowMultiple
            choices={FIREWALL_ENFORCEABLE.map((value) => ({
              value,
              label: ENFORCE_LABELS[value],
            }))}
            selected={form.enforce}
            onChange={(values) => set({ enforce: values as FirewallEnforceable[] })}
          />
          <Text as="h2" variant="headingMd">
            Rate limiting
          </Text>
          <Checkbox
            label="Limit the requests of each visitor address"
            checked={form.limitEnabled}
            onChange={(limitEnabled) => set({ limitEnabled })}
          />
          <FormLayout.Group>
            <TextField
              label="Requests"
              type="number"
              min={1}
              value={form.max}
              onChange={(max) => set({ max })}
              autoComplete="off"
              disabled={!form.limitEnabled}
            />
            <TextField
              label="Per (seconds)"
              type="number"
              min={1}
              value={form.windowSeconds}
              onChange={(windowSeconds) => set({ windowSeconds })}
              autoComplete="off"
              disabled={!form.limitEnabled}
            />
          </FormLayout.Group>
          <ChoiceList
            title="Past the limit"
            disabled={!form.limitEnabled}
            choices={[
              {
                label: 'Challenge',
                value: 'challenge',
                helpText: 'A page browsers pass by themselves; scripts stay stopped.',
              },
              { label: 'Block', value: 'block', helpText: 'Refused until the window ends.' },
            ]}
            selected={[form.action]}
            onChange={([action]) => set({ action: action === 'block' ? 'block' : 'challenge' })}
          />
          <Button submit variant="primary" loading={save.isPending}>
            Save
          </Button>
        </FormLayout>
      </form>
    </Card>
  );
}
