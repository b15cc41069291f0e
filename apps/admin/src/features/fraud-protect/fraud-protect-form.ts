// The settings form: the settings as the merchant edits them (the exempt tags as one
// comma-separated text, the amount as text), read back into settings or the field's message.
import {
  fraudProtectMessages as m,
  fraudProtectSettings,
  type FraudProtectSettings,
} from '@gatehouse/contracts';

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

export function toFraudSettings(form: FraudForm): FraudProtectSettings {
  const amount = form.minOrderAmount.trim();
  return {
    ...form,
    exemptCustomerTags: form.exemptCustomerTags
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== ''),
    minOrderAmount: amount === '' ? null : Number(amount),
  };
}

/** Each field's message, where the form cannot be saved as it is. */
export function fraudFormErrors(form: FraudForm): Partial<Record<keyof FraudForm, string>> {
  const amount = form.minOrderAmount.trim();
  if (amount !== '' && !/^\d+(\.\d{1,2})?$/.test(amount)) return { minOrderAmount: m.amount };
  const parsed = fraudProtectSettings.safeParse(toFraudSettings(form));
  if (parsed.success) return {};
  const errors: Partial<Record<keyof FraudForm, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof FraudForm;
    errors[field] ??= issue.message;
  }
  return errors;
}
