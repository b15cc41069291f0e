// Every list blocker's manifest and calls, read from their contract modules (each one line of
// `list-blocker-modules.ts`): the storefront's list blockers and the firewall's own, each in
// the order the merchant meets them (the navigation, the firewall's enforce choices), and all
// their calls, which go into `api` from here. What the admin, the server and the firewall say
// of all list blockers is read from these lists.
import type { ListBlockerManifest } from './list-blocker.js';
import * as modules from './list-blocker-modules.js';

export * from './list-blocker-modules.js';

type Modules = typeof modules;
/** The names the modules export that end in `ending`. */
type NamesEnding<E extends string> = {
  [K in keyof Modules]: K extends `${string}${E}` ? K : never;
}[keyof Modules];
type Manifest = Modules[NamesEnding<'BlockerManifest'>];
type FirewallManifest = Extract<Manifest, { firewallOnly: true }>;
type StorefrontManifest = Exclude<Manifest, FirewallManifest>;
/** One object with every member of a union of objects. */
type Merged<U> = (U extends unknown ? (u: U) => void : never) extends (m: infer M) => void
  ? M
  : never;

/** The modules' exports whose names end in `ending`. */
const exportsEnding = (ending: string): unknown[] =>
  Object.entries(modules)
    .filter(([name]) => name.endsWith(ending))
    .map(([, value]) => value);

const manifests = (exportsEnding('BlockerManifest') as ListBlockerManifest[]).sort(
  (a, b) => a.order - b.order,
) as Manifest[];
const isFirewallOnly = (mf: Manifest): mf is FirewallManifest =>
  'firewallOnly' in mf && mf.firewallOnly === true;

/** The storefront's list blockers. */
export const listBlockers: readonly StorefrontManifest[] = manifests.filter(
  (mf): mf is StorefrontManifest => !isFirewallOnly(mf),
);
export type ListBlockerName = StorefrontManifest['name'];

/** The firewall's own list blockers. */
export const firewallListBlockers: readonly FirewallManifest[] = manifests.filter(isFirewallOnly);
export type FirewallListBlockerName = FirewallManifest['name'];

/** Every list blocker's calls, for `api`. */
export const listBlockerApi = Object.assign({}, ...exportsEnding('BlockerApi')) as Merged<
  Modules[NamesEnding<'BlockerApi'>]
>;
