// One kind of network on the Bot (VPN/Proxy) Blocker page: what it is, the switch, and while
// it is on what a visitor from it gets and monitor mode. The VPN card also holds the iCloud
// Private Relay choice, which only matters while VPN services are blocked.
import type { ReactNode } from 'react';
import { Badge, BlockStack, Card, Checkbox, InlineStack, Text } from '@shopify/polaris';
import type { VpnNetwork } from '@gatehouse/contracts';
import { RuleActionFields } from '../../../components/rule-action-card.js';
import { switchBadge, type SwitchForm } from '../vpn-blocker-form.js';

/** What each switch blocks, in the merchant's words. */
export const SWITCH_TEXTS: Record<
  VpnNetwork,
  { title: string; description: string; label: string; who: string }
> = {
  hosting: {
    title: 'Hosting and data-centre networks',
    description:
      'Cloud and server companies (Amazon Web Services, Google Cloud, Microsoft Azure, DigitalOcean, Hetzner, OVHcloud and others). People rarely shop from a server; scrapers, price bots and automated checkouts mostly do.',
    label: 'Block hosting and data-centre networks',
    who: 'a hosting network',
  },
  vpn: {
    title: 'VPN services',
    description:
      'The exit servers of commercial VPN services (NordVPN, Proton VPN, Mullvad and others), often used to hide where a visitor is. Some real shoppers use a VPN for privacy: try monitor mode first.',
    label: 'Block VPN services',
    who: 'a VPN service',
  },
  proxy: {
    title: 'Proxies',
    description:
      'Networks that relay other people’s browsing, such as the proxy built into some browsers, often used to get round country blocks.',
    label: 'Block proxies',
    who: 'a proxy',
  },
  tor: {
    title: 'Tor',
    description:
      'Exit addresses of the Tor anonymity network, from the list the Tor Project publishes.',
    label: 'Block Tor exits',
    who: 'Tor',
  },
};

export function NetworkSwitchCard({
  network,
  form,
  listMissing,
  accessRequests,
  urlError,
  onChange,
  onUrlBlur,
  children,
}: {
  network: VpnNetwork;
  form: SwitchForm;
  /** The address list the switch needs is not loaded: it cannot block anyone yet. */
  listMissing: boolean;
  /** "2 access requests this week": blocked shoppers who asked to be let in; null for none. */
  accessRequests: string | null;
  urlError: string | undefined;
  onChange: (change: Partial<SwitchForm>) => void;
  onUrlBlur: () => void;
  /** More choices of this switch, shown under it. */
  children?: ReactNode;
}) {
  const text = SWITCH_TEXTS[network];
  const badge = switchBadge(form, listMissing);
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="200">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {text.title}
            </Text>
            <Badge {...(badge.tone ? { tone: badge.tone } : {})}>{badge.text}</Badge>
          </InlineStack>
          <Text as="p" tone="subdued">
            {text.description}
          </Text>
          {accessRequests && (
            <Text as="p" tone="caution">
              {`${accessRequests}: shoppers this switch turned away asked to be let in. The visitor log lists them.`}
            </Text>
          )}
          {form.enabled && listMissing && (
            <Text as="p" tone="caution">
              The address list this switch needs has not been downloaded yet, so it blocks nobody
              for now. It starts on its own as soon as the list loads (see Address lists below).
            </Text>
          )}
        </BlockStack>
        <Checkbox
          label={text.label}
          checked={form.enabled}
          onChange={(enabled) => onChange({ enabled })}
        />
        {form.enabled && (
          <RuleActionFields
            form={form}
            urlError={urlError}
            onChange={onChange}
            onUrlBlur={onUrlBlur}
            title={`When a visitor comes from ${text.who}`}
            monitorHelp="Try the switch first: visits it would block are recorded in the visitor log as “Would block”, and nobody is blocked."
          />
        )}
        {children}
      </BlockStack>
    </Card>
  );
}
