// The Bot (VPN/Proxy) Blocker's stored settings and its engine rules. Each switch that is on is
// one `network` rule (`vpn-tor`, `vpn-vpn`, `vpn-proxy`, `vpn-hosting`) with the switch's own
// action and monitor mode, tried narrowest kind first: a VPN service renting servers from a
// cloud is named (and treated) as a VPN, not as hosting. With iCloud Private Relay not allowed,
// the VPN rule also covers relay addresses. Trusted networks are left out of every rule.
import {
  planIncludes,
  vpnNetworks,
  vpnRuleId,
  type VpnBlockerSettings,
  type VpnNetwork,
} from '@gatehouse/contracts';
import type { NetworkKind, Rule } from '@gatehouse/engine';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import type { Shop } from '../../core/db/schema.js';
import {
  actionOf,
  blockerSettingsView,
  DEFAULT_BLOCKER_SETTINGS,
  settingsFromInput,
  type BlockerSettings,
} from '../../protection/blocker-settings.js';
import { vpnBlockerOptions, vpnBlockerSwitches, vpnTrustedAsns } from './vpn-blocker-schema.js';
import { readAll } from '../../core/db/side-by-side.js';

export const VPN_BLOCKER = 'vpn-blocker';

/** The order the switches' rules are tried in: the narrowest kind of network first. */
export const VPN_RULE_ORDER: readonly VpnNetwork[] = ['tor', 'vpn', 'proxy', 'hosting'];

export interface VpnSwitchState extends BlockerSettings {
  enabled: boolean;
}

export interface VpnState {
  switches: Record<VpnNetwork, VpnSwitchState>;
  allowPrivateRelay: boolean;
  /** Trusted AS numbers, in the order they were added. */
  trustedAsns: number[];
  /**
   * The shop's plan includes the blocker. Without it the settings are kept (and still
   * validated) but no switch applies, as after a downgrade.
   */
  enforced: boolean;
}

const OFF: VpnSwitchState = { ...DEFAULT_BLOCKER_SETTINGS, enabled: false };

/** The switches and relay choice of a shop, with the defaults where nothing is stored. */
export async function loadVpnSettings(
  db: Database,
  shopId: string,
): Promise<Pick<VpnState, 'switches' | 'allowPrivateRelay'>> {
  const [rows, [options]] = await readAll(
    db,
    () => db.select().from(vpnBlockerSwitches).where(eq(vpnBlockerSwitches.shopId, shopId)),
    () =>
      db
        .select({ allowPrivateRelay: vpnBlockerOptions.allowPrivateRelay })
        .from(vpnBlockerOptions)
        .where(eq(vpnBlockerOptions.shopId, shopId)),
  );
  const switches = Object.fromEntries(
    vpnNetworks.map((network): [VpnNetwork, VpnSwitchState] => {
      const row = rows.find((r) => r.network === network);
      return [
        network,
        row
          ? {
              enabled: row.enabled,
              action: row.action,
              redirectUrl: row.redirectUrl,
              monitor: row.monitor,
            }
          : OFF,
      ];
    }),
  ) as Record<VpnNetwork, VpnSwitchState>;
  return { switches, allowPrivateRelay: options?.allowPrivateRelay ?? true };
}

export async function loadVpnState(db: Database, shop: Shop): Promise<VpnState> {
  const [settings, trusted] = await readAll(
    db,
    () => loadVpnSettings(db, shop.id),
    () =>
      db
        .select({ asn: vpnTrustedAsns.asn })
        .from(vpnTrustedAsns)
        .where(eq(vpnTrustedAsns.shopId, shop.id))
        .orderBy(asc(vpnTrustedAsns.createdAt), asc(vpnTrustedAsns.id)),
  );
  return {
    ...settings,
    trustedAsns: trusted.map((r) => r.asn),
    enforced: planIncludes(shop.plan, 'botBlocker'),
  };
}

/** The kinds of network a switch's rule blocks. */
function networksOf(network: VpnNetwork, allowPrivateRelay: boolean): NetworkKind[] {
  return network === 'vpn' && !allowPrivateRelay ? ['vpn', 'privateRelay'] : [network];
}

/**
 * One rule per switch that is on, in VPN_RULE_ORDER. With `withOff` the switches that are off
 * come too, as rules that never match: a save checks their redirect addresses as well.
 */
export function vpnEngineRules(state: VpnState, { withOff = false } = {}): Rule[] {
  return VPN_RULE_ORDER.flatMap((network): Rule[] => {
    const s = state.switches[network];
    if (!s.enabled && !withOff) return [];
    return [
      {
        id: vpnRuleId(network),
        kind: 'network',
        networks: networksOf(network, state.allowPrivateRelay),
        ...(state.trustedAsns.length > 0 ? { exceptAsns: state.trustedAsns } : {}),
        action: actionOf(s),
        monitor: s.monitor,
        ...(s.enabled && state.enforced ? {} : { enabled: false }),
      },
    ];
  });
}

/** The settings a save stores: each switch's redirect URL in the engine's normal form. */
export function vpnSettingsFromInput(
  input: VpnBlockerSettings,
): Pick<VpnState, 'switches' | 'allowPrivateRelay'> {
  const switches = Object.fromEntries(
    vpnNetworks.map((network): [VpnNetwork, VpnSwitchState] => {
      const s = input.switches[network];
      return [network, { enabled: s.enabled, ...settingsFromInput(s) }];
    }),
  ) as Record<VpnNetwork, VpnSwitchState>;
  return { switches, allowPrivateRelay: input.allowPrivateRelay };
}

/** The settings as the merchant's calls show them. */
export function vpnSettingsView(
  state: Pick<VpnState, 'switches' | 'allowPrivateRelay'>,
): VpnBlockerSettings {
  const switches = Object.fromEntries(
    vpnNetworks.map((network) => {
      const s = state.switches[network];
      return [network, { enabled: s.enabled, ...blockerSettingsView(s) }];
    }),
  ) as VpnBlockerSettings['switches'];
  return { switches, allowPrivateRelay: state.allowPrivateRelay };
}

export async function saveVpnSettings(
  db: Database,
  shopId: string,
  settings: Pick<VpnState, 'switches' | 'allowPrivateRelay'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const network of vpnNetworks) {
      const values = settings.switches[network];
      await tx
        .insert(vpnBlockerSwitches)
        .values({ shopId, network, ...values })
        .onConflictDoUpdate({
          target: [vpnBlockerSwitches.shopId, vpnBlockerSwitches.network],
          set: { ...values, updatedAt: sql`now()` },
        });
    }
    await tx
      .insert(vpnBlockerOptions)
      .values({ shopId, allowPrivateRelay: settings.allowPrivateRelay })
      .onConflictDoUpdate({
        target: vpnBlockerOptions.shopId,
        set: { allowPrivateRelay: settings.allowPrivateRelay, updatedAt: sql`now()` },
      });
  });
}
