// A country's flag as an emoji: the two regional-indicator symbols of its ISO code, which
// systems with flag fonts draw as the flag (others show the two letters).
const REGIONAL_INDICATOR_A = 0x1f1e6;

export function flagEmoji(code: string): string {
  const upper = code.toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return '';
  return String.fromCodePoint(
    ...[...upper].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65),
  );
}
