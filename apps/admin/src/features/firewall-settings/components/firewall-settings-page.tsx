// /firewallSettings: the Firewall on or off, the store origin it forwards to, the domains
// pointed at it, which storefront blockers it enforces too, its rate limit per visitor, and
// the connection status with the DNS records to create. Edits are saved with the contextual
// save bar, which asks before a move away drops them; each problem, found before the save or
// by the server, shows at its field.
// Part of Premium: on Free the page explains it and leads to the subscription page.
import { useMemo } from 'react';
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
import {
  ENFORCE_LABELS,
  fieldOf,
  firewallFormSchema,
  readForm,
  toForm,
  type FirewallField,
  type FirewallForm,
} from '../firewall-form.js';
import { ConnectionCard } from './connection-card.js';
import { pageTitles } from '../../../lib/pages.js';

const TITLE = pageTitles.firewallSettings;

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

export function FirewallSettingsEditor() {
  const settings = useFirewallSettings();
  const save = useSaveFirewallSettings();
  const saved = useMemo(() => toForm(settings.data), [settings.data]);
  const form = useSaveBarForm(saved, {
    schema: firewallFormSchema,
    placeOf: fieldOf,
    submit: async (draft) => {
      const read = readForm(draft);
      // Never an error here: the save bar checks the draft before it submits.
      if ('error' in read) return { result: false, data: undefined, message: read.error };
      return save.call(read.settings);
    },
    onSaved: (data) => {
      // The domains and origin come back in normal form: the draft becomes what was stored.
      form.change(toForm(data));
      showToast('Firewall settings saved');
    },
  });
  const { draft } = form;
  if (draft === undefined) return <Page title={TITLE} />;
  const errorOf = (field: FirewallField) => form.errors[field];

  return (
    <Page title={TITLE}>
      <SaveBar {...form.saveBar} />
      <BlockStack gap="400">
        <ConnectionCard view={settings.data} />
        <SettingsForm
          form={draft}
          banner={form.refusal ?? undefined}
          errorOf={errorOf}
          onChange={form.change}
        />
      </BlockStack>
    </Page>
  );
}

function SettingsForm({
  form,
  banner,
  errorOf,
  onChange: set,
}: {
  form: FirewallForm;
  /** A refusal that is not about one field. */
  banner: string | undefined;
  errorOf: (field: FirewallField) => string | undefined;
  onChange: (change: Partial<FirewallForm>) => void;
}) {
  return (
    <Card>
      <FormLayout>
        {banner && (
          <Banner tone="critical" title="The settings were not saved">
            <p>{banner}</p>
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
          error={errorOf('origin')}
          onChange={(origin) => set({ origin })}
          autoComplete="off"
        />
        <TextField
          label="Domains"
          placeholder={'www.example.com\nexample.com'}
          helpText="Your store’s domains that point at the firewall, one per line."
          value={form.hosts}
          error={errorOf('hosts')}
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
          error={errorOf('enforce')}
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
            error={errorOf('max')}
            onChange={(max) => set({ max })}
            autoComplete="off"
            disabled={!form.limitEnabled}
          />
          <TextField
            label="Per (seconds)"
            type="number"
            min={1}
            value={form.windowSeconds}
            error={errorOf('windowSeconds')}
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
          error={errorOf('action')}
          onChange={([action]) => set({ action: action === 'block' ? 'block' : 'challenge' })}
        />
      </FormLayout>
    </Card>
  );
}
