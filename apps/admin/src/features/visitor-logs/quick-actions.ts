// The one-click rule changes offered on a log row, with the confirmation each asks for:
// blocking or allowing the IP, blocking its country, and adding what the visit offers to each
// list blocker with a quick action, in the navigation's order of the blockers (paid features: the
// server answers 403 on Free and the page shows the upgrade dialog).
import { listBlockers, type QuickAction, type VisitView } from '@gatehouse/contracts';
import { countryName } from '@gatehouse/engine/values';

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

/** The list blockers with a quick action, in the navigation's order. */
const offering = listBlockers.flatMap((mf) =>
  mf.quickAction && mf.quickOffer ? [{ mf, action: mf.quickAction, offer: mf.quickOffer }] : [],
);

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
  for (const { mf, action, offer } of offering) {
    const offered = offer.from(visit);
    if (offered === null) continue;
    choices.push({
      action,
      value: offered.value,
      label: offer.label,
      title: `Block ${offered.value}?`,
      body: `${offer.who(offered.named)} is blocked from your store at once: ${offer.what} is added to the ${mf.title}. You can remove it on the ${mf.title} page.`,
      confirm: offer.confirm,
      destructive: true,
    });
  }
  return choices;
}
