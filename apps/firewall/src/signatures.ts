// What the firewall signs with its key: the rate limit's challenge pass (bound to the host and
// the visitor's address, valid for an hour) and its answer to the connection probe (the server
// sends a nonce through the shop's domain; only a firewall holding the key can sign it).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PASS_COOKIE = 'gh_fw_pass';
export const PASS_SECONDS = 3600;

const sign = (key: string, text: string) =>
  createHmac('sha256', key).update(text).digest('base64url');

export function mintPass(key: string, host: string, ip: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + PASS_SECONDS;
  return `${expires}.${sign(key, `pass|${host}|${ip}|${expires}`)}`;
}

export function isValidPass(
  key: string,
  host: string,
  ip: string,
  pass: string | undefined,
  now = Date.now(),
): boolean {
  if (!pass || pass.length > 128) return false;
  const dot = pass.indexOf('.');
  const expires = Number(pass.slice(0, dot));
  if (dot < 1 || !Number.isSafeInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(sign(key, `pass|${host}|${ip}|${expires}`));
  const given = Buffer.from(pass.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The probe's signature: the server computes the same to check the answer. */
export function probeSignature(key: string, host: string, nonce: string): string {
  return sign(key, `probe|${host}|${nonce}`);
}

/** The pass cookie's value in a Cookie header. */
export function passFromCookies(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === PASS_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}
