// What a form's schema finds in a draft, as the form shows it: the first problem of each field,
// by the field's dotted path ("rules.1.url").
import type { ZodType } from 'zod';

export function fieldErrors<F>(schema: ZodType<F>, form: F): Record<string, string> {
  const parsed = schema.safeParse(form);
  const errors: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    errors[issue.path.join('.')] ??= issue.message;
  }
  return errors;
}
