// /vpnBlocker: a switch per kind of network (hosting, VPN, proxy, Tor), each with its action and
// monitor mode, and the iCloud Private Relay choice, saved with the contextual save bar; the
// trusted networks (added and removed at once); the address lists the check runs on; the way to
// the Bot Blocker, which stops bots by their user agent. What the change would have done shows
// as it is edited, and is confirmed when it needs to be. Each problem, found before the save or
// by the server, shows at its switch's field. A paid feature: on Free the page explains it and
// leads to the subscription page.
import { useMemo } from 'react';
import { BlockStack, Card, Checkbox, Layout, Link, Page, Text } from '@shopify/polaris';
import { vpnNetworks, vpnRuleId, type VpnNetwork } from '@gatehouse/contracts';
import { accessRequestsText, useAccessRequestCounts } from '../../../lib/access-request-counts.js';
import { showToast } from '../../../lib/toast-store.js';
import { useSaveBarForm } from '../../../lib/use-save-bar-form.js';
import { LoadingPage, PaidListPage } from '../../../components/entry-list/list-blocker-page.js';
import { PlanUpgradeCard } from '../../../components/entry-list/plan-upgrade-card.js';
import { useCostConfirmation } from '../../../components/rule-cost/cost-confirmation.js';
import { RuleCostCard } from '../../../components/rule-cost/rule-cost-summary.js';
import { RefusalBanner } from '../../../components/refusal-banner.js';
import { SaveBar } from '../../../components/save-bar.js';
import { useSaveVpnBlocker } from '../api/use-save-vpn-blocker.js';
import { useVpnBlocker } from '../api/use-vpn-blocker.js';
import {
  fieldOf,
  sendable,
  switchListMissing,
  toVpnForm,
  toVpnSettings,
  type SwitchForm,
  type VpnBlockerForm,
  vpnFormSchema,
} from '../vpn-blocker-form.js';
import { FeedStatusCard } from './feed-status-card.js';
import { NetworkSwitchCard } from './network-switch-card.js';
import { TrustedNetworksCard } from './trusted-networks-card.js';
import { pageTitles } from '../../../lib/pages.js';

const TITLE = pageTitles.vpnBlocker;

export function VpnBlockerPage() {
  return (
    <PaidListPage
      title={TITLE}
      upgradeCard={
        <PlanUpgradeCard
          title="The Bot (VPN/Proxy) Blocker is part of Premium and Pay-As-You-Go"
          intro="Block visitors by the kind of network they come from:"
          items={[
            'hosting and data-centre networks, where most scrapers and bots run;',
            'VPN services, proxies and Tor, often used to hide where a visitor is;',
            'each with its own action and monitor mode, iCloud Private Relay shoppers let in, and networks you trust never blocked.',
          ]}
        />
      }
      editor={(onUpgrade) => <VpnBlockerEditor onUpgrade={onUpgrade} />}
    />
  );
}

export function VpnBlockerEditor({ onUpgrade }: { onUpgrade: () => void }) {
  const query = useVpnBlocker();
  const saveVpnBlocker = useSaveVpnBlocker();
  const { switches, allowPrivateRelay } = query.data;
  // Only the switches are edited here: trusting a network leaves unsaved edits alone.
  const saved = useMemo(
    () => toVpnForm({ switches, allowPrivateRelay }),
    [switches, allowPrivateRelay],
  );
  const costCheck = useCostConfirmation();
  const requestCounts = useAccessRequestCounts();
  const costOf = (form: VpnBlockerForm) =>
    ({ call: 'saveVpnBlocker', draft: toVpnSettings(form) }) as const;
  const { draft, change, errors, refusal, revealErrors, saveBar } = useSaveBarForm(saved, {
    schema: vpnFormSchema,
    placeOf: fieldOf,
    confirm: (form) => costCheck.ask(costOf(form)),
    submit: (form) => saveVpnBlocker.call(toVpnSettings(form)),
    onSaved: () => showToast('Bot (VPN/Proxy) Blocker saved'),
  });

  if (draft === undefined || query.isLoading) return <LoadingPage title={TITLE} />;
  const { trusted, limit, feeds } = query.data;
  const changeSwitch = (network: VpnNetwork, partial: Partial<SwitchForm>) =>
    change({
      switches: { ...draft.switches, [network]: { ...draft.switches[network], ...partial } },
    } satisfies Partial<VpnBlockerForm>);

  return (
    <Page title={TITLE}>
      <SaveBar {...saveBar} />
      <Layout>
        <RefusalBanner title="The Bot (VPN/Proxy) Blocker was not saved" refusal={refusal} />
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="200">
                <Text as="p">
                  Block visitors by the kind of network their address belongs to. Each switch has
                  its own action and monitor mode. Addresses on your allow list always get in, and
                  so do search engines’ crawlers (Googlebot, Bingbot and others, whose servers are
                  on hosting networks) while “Always let verified search engines in” is on in
                  General Settings. The IP, Country, ISP/ASN and Referrer Blockers are checked
                  first.
                </Text>
                <Text as="p">
                  To stop bots by what they are rather than where they come from (SEO tools, AI
                  scrapers, scripts and headless browsers, or user agents of your own), use the{' '}
                  <Link url="/botBlocker">Bot Blocker</Link>.
                </Text>
              </BlockStack>
            </Card>
            {vpnNetworks.map((network) => (
              <NetworkSwitchCard
                key={network}
                network={network}
                form={draft.switches[network]}
                listMissing={switchListMissing(network, feeds)}
                accessRequests={accessRequestsText(requestCounts[vpnRuleId(network)])}
                urlError={errors[`switches.${network}.redirectUrl`]}
                onChange={(partial) => changeSwitch(network, partial)}
                onUrlBlur={revealErrors}
              >
                {network === 'vpn' && (
                  <Checkbox
                    label="Allow iCloud Private Relay"
                    helpText="Apple’s iCloud Private Relay hides the address of Safari users with iCloud+ on iPhone, iPad and Mac. They are real shoppers, not VPN users, so they get in. Clear this only if you want the VPN switch to treat them as a VPN."
                    checked={draft.allowPrivateRelay}
                    onChange={(allow) => change({ allowPrivateRelay: allow })}
                  />
                )}
              </NetworkSwitchCard>
            ))}
            <RuleCostCard draft={sendable(draft) ? costOf(draft) : null} />
            <TrustedNetworksCard
              trusted={trusted}
              limit={limit}
              readAt={query.readAt}
              loading={query.isFetching}
              onUpgrade={onUpgrade}
            />
            <FeedStatusCard feeds={feeds} readAt={query.readAt} />
          </BlockStack>
        </Layout.Section>
      </Layout>
      {costCheck.dialog}
    </Page>
  );
}
