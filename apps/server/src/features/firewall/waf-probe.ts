// Is the shop's domain really served by Gatehouse's firewall? The server sends a fresh random
// nonce to the firewall's well-known path through each of the shop's domains (or through
// FIREWALL_PROBE_URL, standing in for DNS, with the domain as the Host header) and accepts
// the answer only when it is the nonce signed with the firewall key for that domain: a
// stored flag, a cached page or another proxy cannot produce it. Each probe has a time-out.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { FIREWALL_PROBE_PATH } from '@gatehouse/contracts';

export interface ProbeOptions {
  key: string;
  probeUrl: string | null;
  timeoutMs: number;
}

const MAX_ANSWER = 4096;

function get(url: URL, host: string, timeoutMs: number): Promise<string | null> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      url,
      {
        method: 'GET',
        headers: { host, accept: 'application/json' },
        servername: host,
        timeout: timeoutMs,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (text.length > MAX_ANSWER) req.destroy();
        });
        res.on('end', () => resolve(res.statusCode === 200 ? text : null));
        res.on('error', () => resolve(null));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

/** True when the domain answers through a firewall holding the key. */
export async function probeHost(host: string, options: ProbeOptions): Promise<boolean> {
  const nonce = randomBytes(24).toString('base64url');
  const base = options.probeUrl ?? `https://${host}`;
  const url = new URL(`${base}${FIREWALL_PROBE_PATH}?nonce=${nonce}`);
  const text = await get(url, host, options.timeoutMs);
  if (text === null) return false;
  let signature: unknown;
  try {
    signature = (JSON.parse(text) as { signature?: unknown }).signature;
  } catch {
    return false;
  }
  if (typeof signature !== 'string') return false;
  const expected = Buffer.from(
    createHmac('sha256', options.key).update(`probe|${host}|${nonce}`).digest('base64url'),
  );
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** True when any of the domains reaches the firewall (probed together). */
export async function probeHosts(hosts: readonly string[], options: ProbeOptions) {
  if (hosts.length === 0) return false;
  const answers = await Promise.all(hosts.map((host) => probeHost(host, options)));
  return answers.some(Boolean);
}
