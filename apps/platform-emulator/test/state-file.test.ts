import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, createSubscription } from './billing-helpers.js';
import { graphql, install, startEmulator } from './helpers.js';

const dirs: string[] = [];
function tempStateFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-state-'));
  dirs.push(dir);
  return join(dir, 'nested', 'state.json');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('state file', () => {
  it('keeps installs, tokens and the app embed across a restart', async () => {
    const stateFile = tempStateFile();
    const first = await startEmulator({ stateFile });
    const token = await install(first, 'acme-outdoor.myshopify.com');
    await first.inject({
      method: 'POST',
      url: '/_emulator/shops/acme-outdoor.myshopify.com/app-embed',
      payload: { enabled: true },
    });
    await first.close();
    expect(existsSync(stateFile)).toBe(true);
    expect(readdirSync(join(stateFile, '..')).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const second = await startEmulator({ stateFile });
    const shop = await graphql<{ shop: { name: string } }>(
      second,
      'acme-outdoor.myshopify.com',
      token,
      '{ shop { name } }',
    );
    expect(shop.body.data).toEqual({ shop: { name: 'Acme Outdoor' } });
    const state = await second.inject('/_emulator/shops/acme-outdoor.myshopify.com');
    expect(state.json()).toMatchObject({ appEmbed: [{ enabled: true }] });
    await second.close();
  });

  it('keeps subscriptions and their usage balance across a restart', async () => {
    const stateFile = tempStateFile();
    const first = await startEmulator({ stateFile });
    const token = await install(first, 'demo.myshopify.com');
    const created = await createSubscription(first, token);
    await answer(first, created.confirmationUrl ?? '', 'approve');
    await first.close();

    const second = await startEmulator({ stateFile });
    const state = await second.inject('/_emulator/shops/demo.myshopify.com/subscriptions');
    expect(state.json()).toMatchObject({
      subscriptions: [{ gid: created.appSubscription?.id, status: 'ACTIVE' }],
    });
    await second.close();
  });

  it('reads a state file written before billing existed', async () => {
    const stateFile = tempStateFile();
    await startEmulator({ stateFile }).then((app) => app.close());
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as Record<string, unknown>;
    delete saved.appSubscriptions;
    delete saved.appUsageRecords;
    writeFileSync(stateFile, JSON.stringify(saved));
    const app = await startEmulator({ stateFile });
    const state = await app.inject('/_emulator/shops/demo.myshopify.com/subscriptions');
    expect(state.json()).toEqual({ subscriptions: [] });
    await app.close();
  });

  it('starts from the seed after a reset', async () => {
    const stateFile = tempStateFile();
    const app = await startEmulator({ stateFile });
    await install(app, 'acme-outdoor.myshopify.com');
    await app.inject({ method: 'POST', url: '/_emulator/reset', payload: {} });
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as { shops: Record<string, unknown> };
    expect(Object.keys(saved.shops)).toEqual(['demo.myshopify.com']);
    await app.close();
  });

  it('refuses to start on a file that is not a state file', async () => {
    const stateFile = tempStateFile();
    await startEmulator({ stateFile }).then((app) => app.close());
    writeFileSync(stateFile, '{"something":"else"}');
    await expect(startEmulator({ stateFile })).rejects.toThrow(/not a version 1 state file/);
  });
});
