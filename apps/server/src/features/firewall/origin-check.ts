// The store origin a merchant saves must be a public address of the store, or the firewall
// would proxy visitors into the places no one outside may reach (the machine's own services,
// the private network, the cloud's metadata address). The shop's own myshopify.com domain is
// taken as it is. Any other host must not be a domain pointed at the firewall (requests would
// come back to it) and must be public: an address literal in any spelling is judged as the
// address it means, a name is resolved (bounded in time) and every address it has must be
// public and not the firewall's own. The firewall checks again at each connection, so a name
// that resolves elsewhere later is still refused there. Origins on the development allowance
// (FIREWALL_DEV_ORIGINS, never in production) are accepted as they are.
import { firewallMessages } from '@gatehouse/contracts';
import {
  checkPublicHost,
  isDevOrigin,
  parseAnyAddress,
  type DevOrigin,
  type HostLookup,
} from '@gatehouse/engine';

/** Resolving the origin's name at save is given up after this long. */
const LOOKUP_TIMEOUT_MS = 5000;

export interface OriginCheckContext {
  /** The shop's myshopify.com domain. */
  shopDomain: string;
  /** Whether a host name is a domain pointed at the firewall (this shop's or another's). */
  pointsAtFirewall: (hostname: string) => Promise<boolean>;
  /** The firewall's CNAME target and A-record address, when configured. */
  firewallHost: string | null;
  firewallAddress: string | null;
  devOrigins: readonly DevOrigin[];
  lookup?: HostLookup | undefined;
}

/** The merchant's message when the origin may not be saved, or null. */
export async function originProblem(
  origin: string,
  context: OriginCheckContext,
): Promise<string | null> {
  const url = new URL(origin);
  const hostname = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  if (isDevOrigin(context.devOrigins, hostname, port)) return null;
  if (hostname === context.shopDomain) return null;
  if (hostname === context.firewallHost || (await context.pointsAtFirewall(hostname))) {
    return firewallMessages.originNotPublic(
      `${hostname} is pointed at the firewall, so every request would come back to it`,
    );
  }
  const checked = await checkPublicHost(hostname, {
    lookup: context.lookup,
    timeoutMs: LOOKUP_TIMEOUT_MS,
    refuse: (address) =>
      address === context.firewallAddress ? "the firewall's own address" : null,
  });
  if (checked.ok) return null;
  const { address, reason } = checked;
  if (address === null) return firewallMessages.originNotPublic(`${hostname} ${reason}`);
  if (parseAnyAddress(hostname)) return firewallMessages.originNotPublic(`${address} is ${reason}`);
  return firewallMessages.originNotPublic(`${hostname} resolves to ${address}, ${reason}`);
}
