// "Block this IP / ASN / URL" from an access log row, through the blockers' own calls: the IP
// goes on the IP block list (the Firewall applies it when it enforces the IP lists), the
// network on the Firewall's ISP/ASN Blocker, the URL's path on the URL Blocker as an exact
// pattern. Each answers a sentence for the toast, or the failure the client already showed.
import type { FirewallAccessEntry } from '@gatehouse/contracts';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { pathOf } from '../access-log-rows.js';

export type BlockTarget = 'ip' | 'asn' | 'url';

export function useBlockActions() {
  const ip = useApiMutation('visitQuickAction', {
    invalidates: ['listIpBlocker', 'checkEmptyWhiteLists', 'lookupIp'],
  });
  const asn = useApiMutation('addFirewallAsnBlocker', { invalidates: ['getFirewallAsnBlocker'] });
  const url = useApiMutation('addUrlBlocker', { invalidates: ['getUrlBlocker'] });

  async function block(target: BlockTarget, entry: FirewallAccessEntry): Promise<string | null> {
    if (target === 'ip') {
      const outcome = await ip.call({ action: 'blockIp', value: entry.ip });
      return outcome.result ? outcome.data.message : null;
    }
    if (target === 'asn') {
      if (entry.asn === null) return null;
      const outcome = await asn.call({ value: `AS${entry.asn}` });
      return outcome.result ? `AS${entry.asn} was added to the firewall's ISP/ASN Blocker.` : null;
    }
    const pattern = pathOf(entry.url);
    const outcome = await url.call({ match: 'exact', pattern, target: 'path', methods: [] });
    return outcome.result ? `${pattern} was added to the URL Blocker.` : null;
  }

  return { block, pending: ip.isPending || asn.isPending || url.isPending };
}
