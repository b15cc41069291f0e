import { describe, expect, it } from 'vitest';
import { fieldErrors as errorsOf } from '../../test/field-errors.js';
import {
  protectionMessages as pm,
  vpnMessages as m,
  type NetworkFeedStatus,
} from '@gatehouse/contracts';
import {
  EMPTY_VPN_BLOCKER,
  feedMeanwhile,
  feedNextTry,
  feedState,
  fieldOf,
  sendable,
  switchBadge,
  switchListMissing,
  toVpnForm,
  toVpnSettings,
  trustedAsnError,
  vpnFormSchema,
  type VpnBlockerForm,
} from './vpn-blocker-form.js';

const fieldErrors = (form: VpnBlockerForm) => errorsOf(vpnFormSchema, form);

const NOW = Date.parse('2030-01-10T12:00:00Z');

const feed = (over: Partial<NetworkFeedStatus>): NetworkFeedStatus => ({
  name: 'tor-exits',
  title: 'Tor exit addresses',
  network: 'tor',
  loaded: true,
  ranges: 1200,
  fetchedAt: '2030-01-10T09:00:00Z',
  checkedAt: '2030-01-10T09:00:00Z',
  lastError: null,
  stale: false,
  nextTryAt: null,
  aiAgent: false,
  ...over,
});

describe('the Bot (VPN/Proxy) Blocker form', () => {
  it('gives back what it was given', () => {
    const settings = {
      switches: {
        ...EMPTY_VPN_BLOCKER.switches,
        hosting: {
          enabled: true,
          action: { type: 'redirect' as const, url: 'https://example.com/' },
          monitor: true,
        },
      },
      allowPrivateRelay: false,
    };
    expect(toVpnSettings(toVpnForm(settings))).toEqual(settings);
  });

  it('keeps the block page for a switch that is off and was never given an address', () => {
    const form = toVpnForm(EMPTY_VPN_BLOCKER);
    form.switches.tor = { ...form.switches.tor, actionType: 'redirect', redirectUrl: ' ' };
    expect(fieldErrors(form)).toEqual({});
    expect(sendable(form)).toBe(true);
    expect(toVpnSettings(form).switches.tor.action).toEqual({ type: 'block' });
  });

  it('refuses a bad redirect address, on a switch that is on or keeps one', () => {
    const form = toVpnForm(EMPTY_VPN_BLOCKER);
    form.switches.vpn = { ...form.switches.vpn, enabled: true, actionType: 'redirect' };
    expect(fieldErrors(form)).toEqual({ 'switches.vpn.redirectUrl': pm.redirectUrl });
    form.switches.vpn = { ...form.switches.vpn, enabled: false, redirectUrl: 'ftp://x.example' };
    expect(fieldErrors(form)).toEqual({
      'switches.vpn.redirectUrl':
        '"ftp://x.example" is not a valid redirect URL (use a full http:// or https:// address)',
    });
    expect(sendable(form)).toBe(false);
  });

  it('places the server’s problems at the field of their switch', () => {
    expect(fieldOf(['switches', 'tor', 'action', 'url'])).toBe('switches.tor.redirectUrl');
    expect(fieldOf(['switches', 'tor', 'monitor'])).toBeNull();
    expect(fieldOf(['switches', 'wifi', 'action', 'url'])).toBeNull();
    expect(fieldOf(['allowPrivateRelay'])).toBeNull();
  });

  it('reads a trusted network as the contract does', () => {
    expect(trustedAsnError('AS14061')).toBeUndefined();
    expect(trustedAsnError('14061')).toBeUndefined();
    expect(trustedAsnError('DigitalOcean')).toBe(m.asnValue);
    expect(trustedAsnError('AS0')).toBe(pm.asnRange);
  });

  it('says how each feed stands', () => {
    expect(feedState(feed({}), NOW)).toEqual({
      text: 'Up to date: fetched 3 hours ago',
      tone: 'success',
    });
    expect(feedState(feed({ stale: true, fetchedAt: '2030-01-01T12:00:00Z' }), NOW)).toEqual({
      text: 'Out of date: fetched last week',
      tone: 'warning',
    });
    expect(feedState(feed({ lastError: 'timed out' }), NOW).text).toBe(
      'Last refresh failed; fetched 3 hours ago',
    );
    expect(feedState(feed({ loaded: false, fetchedAt: null }), NOW)).toEqual({
      text: 'Not loaded yet',
      tone: 'warning',
    });
    expect(feedState(feed({ loaded: false, lastError: 'HTTP 404' }), NOW).tone).toBe('critical');
  });
});

describe('a switch whose list is missing', () => {
  const missing = [feed({ loaded: false, lastError: 'no answer within 30 s' })];

  it('says “not enforced until the list loads”, never “Blocking”', () => {
    expect(switchListMissing('tor', missing)).toBe(true);
    expect(switchListMissing('hosting', missing)).toBe(false);
    expect(switchBadge({ enabled: true, monitor: false }, true)).toEqual({
      text: 'Not enforced until the list loads',
      tone: 'warning',
    });
    expect(switchBadge({ enabled: true, monitor: false }, false).text).toBe('Blocking');
    expect(switchBadge({ enabled: false, monitor: false }, true).text).toBe('Off');
  });

  it('the feed card says what still works and when the next try is, without addresses', () => {
    expect(feedMeanwhile(missing[0]!)).toMatch(/Tor switch is not enforced/);
    expect(feedMeanwhile(feed({ network: null, name: 'bingbot' }))).toMatch(/reverse DNS/);
    expect(feedMeanwhile(feed({ network: null, name: 'duckduckbot' }))).toMatch(
      /cannot be told from a fake/,
    );
    expect(feedMeanwhile(feed({ network: null, name: 'openai-gptbot', aiAgent: true }))).toMatch(
      /cannot be told from an impostor/,
    );
    expect(feedNextTry('2030-01-10T18:00:00Z', NOW)).toMatch(/^Gatehouse tries again in 6 hours/);
    for (const text of [feedMeanwhile(missing[0]!), feedNextTry('2030-01-10T18:00:00Z', NOW)]) {
      expect(text).not.toMatch(/https?:/);
    }
  });
});
