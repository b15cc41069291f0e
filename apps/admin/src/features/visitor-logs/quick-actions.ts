// The one-click rule changes offered on a log row, with the confirmation each asks for:
// blocking or allowing the IP, blocking its country, blocking its network's ASN and blocking
// the site that sent the visitor (paid features: the server answers 403 on Free and the page
// shows the upgrade dialog).
import type { QuickAction, VisitView } from '@gatehouse/contracts';
import { countryName, normalizeReferrerDomain, referrerHost } from '@gatehouse/engine/values';

export interface QuickActionChoice {
  action: QuickAction;
  value: string;
  /** The row menu's item. */
  label: string;
  title: string;
  body: string;
  confirm: string;
  destructive: boolean;
}

/**
 * The domain of the site that sent the visitor, as the Referrer Blocker lists it; null when
 * the visitor came directly, from an address that is no domain, or from another page of the
 * store itself (blocking it would block the store's own links).
 */
export function referringSite(visit: Pick<VisitView, 'referrer' | 'url'>): string | null {
  const host = referrerHost(visit.referrer);
  if (host === null || host === referrerHost(visit.url)) return null;
  return normalizeReferrerDomain(host);
}

export function quickActionsFor(
  visit: Pick<VisitView, 'ip' | 'country' | 'asn' | 'org' | 'referrer' | 'url'>,
): QuickActionChoice[] {
  const choices: QuickActionChoice[] = [
    {
      action: 'blockIp',
      value: visit.ip,
      label: 'Block this IP',
      title: `Block ${visit.ip}?`,
      body: 'The address is added to the IP block list and its visitors are blocked from your store at once. You can remove it on the IP Blocker page.',
      confirm: 'Block IP',
      destructive: true,
    },
    {
      action: 'allowIp',
      value: visit.ip,
      label: 'Allow this IP',
      title: `Allow ${visit.ip}?`,
      body: 'The address is added to the IP allow list: its visitors are always let in, whatever your other rules say. You can remove it on the IP Allow List page.',
      confirm: 'Allow IP',
      destructive: false,
    },
  ];
  if (visit.country) {
    const name = countryName(visit.country);
    choices.push({
      action: 'blockCountry',
      value: visit.country,
      label: 'Block this country',
      title: `Block ${name}?`,
      body: `Visitors from ${name} are blocked from your store at once: the country is added to the Country Blocker's blacklist, or taken off its whitelist.`,
      confirm: 'Block country',
      destructive: true,
    });
  }
  if (visit.asn !== null) {
    const network = visit.org ? `AS${visit.asn} (${visit.org})` : `AS${visit.asn}`;
    choices.push({
      action: 'blockAsn',
      value: `AS${visit.asn}`,
      label: 'Block this ASN',
      title: `Block AS${visit.asn}?`,
      body: `Every visitor from the network ${network} is blocked from your store at once: the ASN is added to the ISP/ASN Blocker. You can remove it on the ISP/ASN Blocker page.`,
      confirm: 'Block ASN',
      destructive: true,
    });
  }
  const site = referringSite(visit);
  if (site !== null) {
    choices.push({
      action: 'blockReferrer',
      value: site,
      label: 'Block this referrer',
      title: `Block ${site}?`,
      body: `Every visitor sent by ${site} is blocked from your store at once: the site is added to the Referrer Blocker. You can remove it on the Referrer Blocker page.`,
      confirm: 'Block referrer',
      destructive: true,
    });
  }
  return choices;
}
