// The decision table's Geolocation Redirects rows: countries and continents, the path and
// query kept or not, the prompt, the first rule that covers the visitor deciding, never to the
// address the visitor is on, never a search engine's verified crawler, and never a visitor a
// blocker stopped.
import {
  DE,
  FR,
  GOOGLE,
  GOOGLEBOT_IP,
  GOOGLEBOT_UA,
  HETZNER,
  PRIVATE,
  US,
  agent,
  on,
  type DecideCase,
} from './decide-case-kit.js';

const STORE = 'https://demo.myshopify.com';
const PAGE = `${STORE}/products/hat?color=red`;
const at = (ip: string, url = PAGE) => ({ ip, url });

const redirect = (id: string, url: string, countries: string[], more: object = {}) =>
  ({ id, kind: 'geo-redirect', url, countries, ...more }) as const;

const PROMPT = {
  title: 'Visiting from Germany?',
  text: 'Our German store ships faster to you.',
  accept: 'Go to the German store',
  decline: 'Stay here',
  flag: 'DE',
};

export const geoRedirectCases: DecideCase[] = [
  {
    name: 'a visitor from a redirected country goes to the target',
    rules: on(redirect('g1', 'https://example.de', ['DE'])),
    visit: at(DE),
    country: 'DE',
    expect: { action: 'redirect', ruleId: 'g1', redirectUrl: 'https://example.de/' },
  },
  {
    name: 'a redirect keeps the path and query when asked to',
    rules: on(redirect('g1', 'https://example.de/de', ['DE'], { keepPath: true })),
    visit: at(DE),
    country: 'DE',
    expect: {
      action: 'redirect',
      ruleId: 'g1',
      redirectUrl: 'https://example.de/de/products/hat?color=red',
    },
  },
  {
    name: "a kept query joins the target's own",
    rules: on(redirect('g1', 'https://example.de/?ref=geo', ['DE'], { keepPath: true })),
    visit: at(DE),
    country: 'DE',
    expect: {
      action: 'redirect',
      ruleId: 'g1',
      redirectUrl: 'https://example.de/products/hat?ref=geo&color=red',
    },
  },
  {
    name: 'a continent covers its countries',
    rules: on(redirect('g1', 'https://example.eu', [], { continents: ['EU'] })),
    visit: at(FR),
    country: 'FR',
    expect: { action: 'redirect', ruleId: 'g1', redirectUrl: 'https://example.eu/' },
  },
  {
    name: 'a visitor from a country no rule names stays',
    rules: on(redirect('g1', 'https://example.de', ['DE'])),
    visit: at(US),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a visitor whose country is unknown stays',
    rules: on(redirect('g1', 'https://example.de', ['DE'])),
    visit: at(PRIVATE),
    country: null,
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'the first rule that covers the visitor decides',
    rules: on(
      redirect('g1', 'https://example.eu', [], { continents: ['EU'] }),
      redirect('g2', 'https://example.eu/fr', ['FR']),
    ),
    visit: at(FR),
    country: 'FR',
    expect: { action: 'redirect', ruleId: 'g1', redirectUrl: 'https://example.eu/' },
  },
  {
    name: 'a rule whose target the visitor is on is passed over for the next one',
    rules: on(
      redirect('g1', 'https://example.eu', [], { continents: ['EU'] }),
      redirect('g2', 'https://example.eu/fr', ['FR']),
    ),
    visit: at(FR, 'https://example.eu/products/hat'),
    country: 'FR',
    expect: { action: 'redirect', ruleId: 'g2', redirectUrl: 'https://example.eu/fr' },
  },
  {
    name: 'a prompt rule answers the redirect with what to ask',
    rules: on(redirect('g1', 'https://example.de', ['DE'], { prompt: PROMPT })),
    visit: at(DE),
    country: 'DE',
    expect: { action: 'redirect', ruleId: 'g1', redirectUrl: 'https://example.de/', prompt: true },
  },
  {
    name: 'a visitor already on the target is not redirected',
    rules: on(redirect('g1', `${STORE}/pages/germany`, ['DE'])),
    visit: at(DE, `${STORE}/pages/germany/shipping?x=1`),
    country: 'DE',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a path that only starts like the target is not on it',
    rules: on(redirect('g1', `${STORE}/de`, ['DE'])),
    visit: at(DE, `${STORE}/delivery`),
    country: 'DE',
    expect: { action: 'redirect', ruleId: 'g1', redirectUrl: `${STORE}/de` },
  },
  {
    name: 'a session that already had its redirect is not redirected again',
    rules: on(redirect('g1', 'https://example.de', ['DE'])),
    visit: { ...at(DE), redirected: true },
    country: 'DE',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a turned-off redirect does nothing',
    rules: on(redirect('g1', 'https://example.de', ['DE'], { enabled: false })),
    visit: at(DE),
    country: 'DE',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a verified search-engine crawler is never redirected',
    rules: on(redirect('g1', 'https://example.com', ['US'])),
    visit: agent(GOOGLEBOT_IP, GOOGLEBOT_UA, PAGE),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a fake crawler is redirected like any visitor',
    rules: on(redirect('g1', 'https://example.de', ['DE'])),
    visit: agent(DE, GOOGLEBOT_UA, PAGE),
    country: 'DE',
    ...HETZNER,
    expect: { action: 'redirect', ruleId: 'g1', redirectUrl: 'https://example.de/' },
  },
  {
    name: 'a blocked visitor is blocked, not redirected',
    rules: on(
      { id: 'c1', kind: 'country', mode: 'blacklist', countries: ['DE'] },
      redirect('g1', 'https://example.de', ['DE']),
    ),
    visit: at(DE),
    country: 'DE',
    expect: { action: 'block', ruleId: 'c1' },
  },
  {
    name: 'an allow-listed address is never redirected',
    rules: on({ id: 'a1', kind: 'ip-allow', ip: DE }, redirect('g1', 'https://example.de', ['DE'])),
    visit: at(DE),
    country: 'DE',
    expect: { action: 'allow', ruleId: 'a1' },
  },
  {
    name: 'an admin-access device is never redirected',
    rules: on(redirect('g1', 'https://example.de', ['DE'])),
    visit: { ...at(DE), adminDevice: true },
    country: 'DE',
    expect: { action: 'allow', ruleId: 'admin-access' },
  },
];
