// A short, readable device name from a User-Agent header for the visitor log. A bot is named
// as ua-parser-js knows crawlers, command-line tools and libraries ("Googlebot", "curl"), or
// "Bot" when isbot recognises one the parser cannot name; anyone else is "<browser> on
// <platform>" ("Chrome on Windows", "Safari on iPhone").
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';
import { Bots } from 'ua-parser-js/extensions';

/** iPhone and iPad say more than "iOS"; other devices are named by their system. */
const NAMED_DEVICES = new Set(['iPhone', 'iPad']);

// One parser, re-pointed at each agent; only the parts the label needs are read (the device
// list is the longest, so it is read for iOS only).
const parser = new UAParser(Bots);

function describe(ua: string): string {
  parser.setUA(ua);
  const browser = parser.getBrowser().name;
  if (isbot(ua)) return browser ?? 'Bot';
  // "Mobile Safari", "Mobile Chrome": the platform already says it is a phone.
  const name = browser?.replace(/^Mobile /, '');
  const system = parser.getOS().name;
  const model = system === 'iOS' ? parser.getDevice().model : undefined;
  const platform = model && NAMED_DEVICES.has(model) ? model : system;
  if (name && platform) return `${name} on ${platform}`;
  return name ?? platform ?? 'Unknown';
}

// A page or an export names the same few user agents again and again; parsing each once keeps
// a large export fast. The memo is bounded and starts over when full.
const MEMO_MAX = 2000;
const memo = new Map<string, string>();

export function deviceOf(userAgent: string): string {
  const ua = userAgent.trim();
  if (ua === '') return 'Unknown';
  let name = memo.get(ua);
  if (name === undefined) {
    name = describe(ua);
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(ua, name);
  }
  return name;
}
