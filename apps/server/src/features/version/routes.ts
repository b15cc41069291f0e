// GET /api/app/version (public): the id of the deployed admin build, read once at start from
// ADMIN_DIST/version.json (the admin build writes it), so a running admin can tell that a
// newer one was deployed. No file, or an unreadable one, answers {"version": null}.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { api } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../core/http/route.js';

export function readAdminVersion(adminDist: string): string | null {
  try {
    const parsed = JSON.parse(readFileSync(join(adminDist, 'version.json'), 'utf8')) as unknown;
    const version = (parsed as { version?: unknown } | null)?.version;
    return typeof version === 'string' && version.length > 0 ? version : null;
  } catch {
    return null;
  }
}

export async function versionRoutes(app: FastifyInstance): Promise<void> {
  const version = readAdminVersion(app.config.adminDist);
  route(app, api.getAppVersion, async () => ({ version }));
}
