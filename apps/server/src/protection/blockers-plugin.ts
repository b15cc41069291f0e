// Puts the registry of the blockers the app layer lists on the app as `app.blockers`, and the
// registry of the firewall's own blockers as `app.firewallBlockers`: a separate registry, since
// the firewall's blockers reuse rule kinds of the storefront's (a kind has one owner per
// registry) and their rules enter only the firewall's rule set.
import fp from 'fastify-plugin';
import type { Blocker } from './blocker.js';
import { createBlockerRegistry } from './blocker-registry.js';
import type { ListTarget } from './list-targets.js';
import './services.js';

export const blockersPlugin = fp<{
  blockers: readonly Blocker[];
  firewall?: readonly Blocker[];
  /** Lists outside the blockers that entries can move into (by kind of value). */
  listTargets?: readonly ListTarget[];
}>(
  async (app, { blockers, firewall = [], listTargets = [] }) => {
    app.decorate('blockers', createBlockerRegistry(blockers, listTargets));
    app.decorate('firewallBlockers', createBlockerRegistry(firewall));
  },
  { name: 'blockers', dependencies: ['db'] },
);
