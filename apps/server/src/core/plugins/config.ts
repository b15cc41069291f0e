// Makes the parsed configuration available to every plugin as app.config.
import fp from 'fastify-plugin';
import type { AppConfig } from '../env.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

export const configPlugin = fp<{ config: AppConfig }>(
  async (app, opts) => {
    app.decorate('config', opts.config);
  },
  { name: 'config' },
);
