// The badges a log row shows for what the engine knew of the visitor's network and agent when
// it decided: each network kind, the verdict on a claimed search-engine crawler, and the bot
// category of the user agent (left out for a fake crawler, which its crawler badge names), and
// the switches that were on but not enforced because their list was missing.
import { visitNetworkLabels, type VisitView } from '@gatehouse/contracts';

export type BadgeTone = 'info' | 'success' | 'warning' | 'critical' | 'attention';

export interface NetworkBadge {
  label: string;
  tone: BadgeTone;
}

const NETWORK_TONES: Record<VisitView['network'][number], BadgeTone> = {
  hosting: 'attention',
  vpn: 'warning',
  proxy: 'warning',
  tor: 'critical',
  privateRelay: 'info',
};

export function networkBadges(
  visit: Pick<VisitView, 'network' | 'botCategory' | 'crawler'> &
    Partial<Pick<VisitView, 'notEnforced'>>,
): NetworkBadge[] {
  const badges: NetworkBadge[] = visit.network.map((kind) => ({
    label: visitNetworkLabels.network[kind],
    tone: NETWORK_TONES[kind],
  }));
  if (visit.crawler) {
    badges.push({
      label: visitNetworkLabels.crawler[visit.crawler],
      tone: visit.crawler === 'verified' ? 'success' : 'critical',
    });
  }
  if (visit.botCategory && !(visit.botCategory === 'fake-crawlers' && visit.crawler === 'fake')) {
    badges.push({ label: visitNetworkLabels.bot[visit.botCategory], tone: 'warning' });
  }
  // A switch that was on but could not see this visit: its list was missing.
  for (const text of visit.notEnforced ?? []) badges.push({ label: text, tone: 'warning' });
  return badges;
}
