// The metafield types the emulator accepts, how a value is checked and normalised for each
// (as the Admin API stores it), and the typed value Liquid's `metafield.value` gives.

export const METAFIELD_TYPES = [
  'single_line_text_field',
  'multi_line_text_field',
  'json',
  'boolean',
  'number_integer',
  'url',
] as const;

export type MetafieldType = (typeof METAFIELD_TYPES)[number];

export function isMetafieldType(value: string): value is MetafieldType {
  return (METAFIELD_TYPES as readonly string[]).includes(value);
}

/** The platform's bounds for number_integer (JavaScript's safe integers). */
const MAX_INTEGER = 9_007_199_254_740_991n;
const URL_SCHEMES = ['http:', 'https:', 'mailto:', 'sms:', 'tel:'];

export type ValueCheck = { ok: true; value: string } | { ok: false; message: string };

/** Checks `value` against `type`; on success returns the form the platform stores. */
export function normaliseValue(type: MetafieldType, value: string): ValueCheck {
  const fail = (message: string): ValueCheck => ({ ok: false, message });
  switch (type) {
    case 'single_line_text_field':
      return /[\r\n]/.test(value)
        ? fail('Value must be a single line text string.')
        : { ok: true, value };
    case 'multi_line_text_field':
      return { ok: true, value };
    case 'json':
      try {
        return { ok: true, value: JSON.stringify(JSON.parse(value)) };
      } catch (error) {
        return fail(`Value is invalid JSON: ${(error as Error).message}.`);
      }
    case 'boolean':
      return value === 'true' || value === 'false'
        ? { ok: true, value }
        : fail('Value must be true or false.');
    case 'number_integer': {
      if (!/^[-+]?\d+$/.test(value.trim())) return fail('Value must be an integer.');
      const parsed = BigInt(value.trim());
      if (parsed > MAX_INTEGER || parsed < -MAX_INTEGER) {
        return fail(
          'Value must be an integer between -9,007,199,254,740,991 and 9,007,199,254,740,991.',
        );
      }
      return { ok: true, value: parsed.toString() };
    }
    case 'url': {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return fail('Value must be a valid URL.');
      }
      return URL_SCHEMES.includes(url.protocol)
        ? { ok: true, value }
        : fail('Value must use one of these URL schemes: http, https, mailto, sms, tel.');
    }
  }
}

/** The typed value: json → parsed object, boolean → boolean, number_integer → number. */
export function typedValue(type: string, value: string): unknown {
  switch (type) {
    case 'json':
      return JSON.parse(value) as unknown;
    case 'boolean':
      return value === 'true';
    case 'number_integer':
      return Number(value);
    default:
      return value;
  }
}
