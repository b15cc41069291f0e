// Puts the registry of the blockers the app layer lists on the app as `app.blockers`.
import fp from 'fastify-plugin';
import type { Blocker } from './blocker.js';
import { createBlockerRegistry } from './blocker-registry.js';
import './services.js';

export const blockersPlugin = fp<{ blockers: readonly Blocker[] }>(
  async (app, { blockers }) => {
    app.decorate('blockers', createBlockerRegistry(blockers));
  },
  { name: 'blockers', dependencies: ['db'] },
);
