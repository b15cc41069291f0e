// /firewallSettings: the Firewall on or off, the store origin it forwards to, the domains
// pointed at it, which storefront blockers it enforces too, its rate limit per visitor, and
// the connection status with the DNS records to create. Edits are saved with the contextual
// save bar, which asks before a move away drops them; a refused save is shown in the form.
// Part of Premium: on Free the page explains it and leads to the subscription page.
import { useMemo, useState } from 'react';
import {
  Banner,
  BlockStack,
  Card,
  Checkbox,
  ChoiceList,
  FormLayout,
  Page,
  Text,
  TextField,
} from '@shopify/polaris';
import { FIREWALL_ENFORCEABLE, type FirewallEnforceable } from '@gatehouse/contracts';
import { FirewallPaidPage } from '../../../components/entry-list/firewall-paid-page.js';
import { SaveBar } from '../../../components/save-bar.js';
import { showToast } from '../../../lib/toast-store.js';
import { useSaveBarForm } from '../../../lib/use-save-bar-form.js';
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
  const save = useSaveFirewallSettings();
  // The server's refusal of the last save, shown in the form until the next edit.
  const [refusal, setRefusal] = useState<string | undefined>();
  const saved = useMemo(() => toForm(settings.data), [settings.data]);
  const form = useSaveBarForm(saved, {
    invalid: (draft) => 'error' in readForm(draft),
    submit: async (draft) => {
      const read = readForm(draft);
      // Never an error here: the save bar checks the draft before it submits.
      if ('error' in read) return { result: false, data: undefined, message: read.error };
      const outcome = await save.call(read.settings);
      if (!outcome.result) setRefusal(outcome.message);
      return outcome;
    },
    onSaved: (data) => {
      // The domains and origin come back in normal form: the draft becomes what was stored.
      form.change(toForm(data));
      showToast('Firewall settings saved');
    },
  });
  const { draft } = form;
  if (draft === undefined) return <Page title={TITLE} />;
  const read = form.showErrors ? readForm(draft) : null;
  const error = read && 'error' in read ? read.error : refusal;
  const set = (change: Partial<FirewallForm>) => {
    form.change(change);
    setRefusal(undefined);
  };

  return (
    <Page title={TITLE}>
      <SaveBar
        {...form.saveBar}
        onDiscard={() => {
          form.saveBar.onDiscard();
          setRefusal(undefined);
        }}
      />
      <BlockStack gap="400">
        <ConnectionCard view={settings.data} />
        <SettingsForm form={draft} error={error} onChange={set} />
      </BlockStack>
    </Page>
  );
}

function SettingsForm({
  form,
  error,
  onChange: set,
}: {
  form: FirewallForm;
  error: string | undefined;
  onChange: (change: Partial<FirewallForm>) => void;
}) {
  return (
    <Card>
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
      </FormLayout>
    </Card>
  );
}
