// A save-bar form checked by the schema of the call it saves with: the form's values are read
// into the request, the call's own schema checks that, and each problem is put at the form
// field its path in the request points to. The same mapping places the server's refusals
// (`placeIssues`), so a problem shows at one place whichever side found it. A problem no field
// is found for is the form's `root` error, shown above the form.
import { z, type ZodType } from 'zod';
import type { IssuePath } from './place-issues.js';

export function requestFormSchema<F>(
  toRequest: (form: F) => unknown,
  request: ZodType,
  fieldOf: (path: IssuePath) => string | null,
): z.ZodType<F> {
  return z.custom<F>().superRefine((form, ctx) => {
    const parsed = request.safeParse(toRequest(form));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.filter((p) => typeof p !== 'symbol')) ?? 'root';
      ctx.addIssue({ code: 'custom', message: issue.message, path: field.split('.') });
    }
  });
}
