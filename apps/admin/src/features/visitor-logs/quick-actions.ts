// The one-click rule changes offered on a log row, with the confirmation each asks for. The
// contract has blocking and allowing an IP and blocking a country; blocking an ASN waits for
// the engine's ASN matcher, so it is not offered.
import type { QuickAction, VisitView } from '@gatehouse/contracts';
import { countryName } from '../../lib/countries.js';

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

export function quickActionsFor(visit: Pick<VisitView, 'ip' | 'country'>): QuickActionChoice[] {
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
      body: 'The address is added to the allow list: its visitors are always let in, whatever your other rules say. You can remove it on the White Lists page.',
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
  return choices;
}
