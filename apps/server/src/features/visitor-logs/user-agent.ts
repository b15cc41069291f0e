// A short, readable device name from a User-Agent header for the visitor log: a known bot's
// name ("Googlebot"), else "<browser> on <platform>" ("Chrome on Windows", "Safari on
// iPhone"). Order matters: many browsers also claim to be Safari, Chrome or Mozilla.

const BOTS: readonly [RegExp, string][] = [
  [/Googlebot/i, 'Googlebot'],
  [/bingbot/i, 'Bingbot'],
  [/DuckDuckBot/i, 'DuckDuckBot'],
  [/YandexBot/i, 'YandexBot'],
  [/Baiduspider/i, 'Baiduspider'],
  [/AhrefsBot/i, 'AhrefsBot'],
  [/SemrushBot/i, 'SemrushBot'],
  [/GPTBot/i, 'GPTBot'],
  [/ClaudeBot/i, 'ClaudeBot'],
  [/facebookexternalhit|meta-externalagent/i, 'Facebook crawler'],
  [/Twitterbot/i, 'Twitterbot'],
  [/Applebot/i, 'Applebot'],
  [/PetalBot/i, 'PetalBot'],
  [/curl\//i, 'curl'],
  [/Wget\//i, 'Wget'],
  [/python-requests|python-urllib|aiohttp/i, 'Python script'],
  [/Go-http-client/i, 'Go HTTP client'],
  [/HeadlessChrome/i, 'Headless Chrome'],
  [/bot\b|crawler|spider/i, 'Bot'],
];

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/CriOS\/|Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const PLATFORMS: readonly [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

export function deviceOf(userAgent: string): string {
  const ua = userAgent.trim();
  if (ua === '') return 'Unknown';
  for (const [pattern, name] of BOTS) if (pattern.test(ua)) return name;
  const browser = BROWSERS.find(([p]) => p.test(ua))?.[1];
  const platform = PLATFORMS.find(([p]) => p.test(ua))?.[1];
  if (browser && platform) return `${browser} on ${platform}`;
  return browser ?? platform ?? 'Unknown';
}
