// The settings form: the settings as the merchant edits them (the exempt tags as one
// comma-separated text, the amount as text), read back into the save call's settings and
// checked by its own schema, each problem (found here or by the server) at its field.
import { fraudProtectSettings, type FraudProtectSettings } from '@gatehouse/contracts';
import type { IssuePath } from '../../lib/place-issues.js';
import { requestFormSchema } from '../../lib/request-form-schema.js';

export interface FraudForm extends Omit<
  FraudProtectSettings,
  'exemptCustomerTags' | 'minOrderAmount'
> {
  exemptCustomerTags: string;
  minOrderAmount: string;
}

export function toFraudForm(settings: FraudProtectSettings): FraudForm {
  return {
    ...settings,
    exemptCustomerTags: settings.exemptCustomerTags.join(', '),
    minOrderAmount: settings.minOrderAmount === null ? '' : String(settings.minOrderAmount),
  };
}

/**
 * The amount as typed: none when empty, a number when written with at most two decimals, and
 * otherwise not a number (which the save call's schema refuses with its message).
 */
function readAmount(text: string): number | null {
  const amount = text.trim();
  if (amount === '') return null;
  return /^\d+(\.\d{1,2})?$/.test(amount) ? Number(amount) : NaN;
}

export function toFraudSettings(form: FraudForm): FraudProtectSettings {
  return {
    ...form,
    exemptCustomerTags: form.exemptCustomerTags
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== ''),
    minOrderAmount: readAmount(form.minOrderAmount),
  };
}

/** The fields that show their own problems. */
export type FraudField = 'tag' | 'exemptCustomerTags' | 'minOrderAmount';

/** The field a problem of the save call is about, by its path; null for none. */
export function fieldOf(path: IssuePath): FraudField | null {
  const [first] = path;
  return first === 'tag' || first === 'exemptCustomerTags' || first === 'minOrderAmount'
    ? first
    : null;
}

/** The form checked by the save call's own schema. */
export const fraudFormSchema = requestFormSchema(toFraudSettings, fraudProtectSettings, fieldOf);
