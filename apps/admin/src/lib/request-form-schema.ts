// A save-bar form checked by the schema of the call it saves with: the form's values are read
// into the request, the call's own schema checks that, and each problem is put at the form
// field its path in the request points to. The same mapping places the server's refusals
// (`placeIssues`), so a problem shows at one place whichever side found it. A problem no field
// is found for is the form's `root` error, shown above the form. A form may check first what
// the call's schema cannot say as well (a value the server reads by its field's kind): its own
// problems come first, so theirs is the message a field shows.
import { z, type ZodType } from 'zod';
import type { IssuePath } from './place-issues.js';

/** A problem the form finds itself: the field's dotted path and the message. */
export interface FormProblem {
  field: string;
  message: string;
}

export function requestFormSchema<F>(
  toRequest: (form: F) => unknown,
  request: ZodType,
  fieldOf: (path: IssuePath, form: F) => string | null,
  ownProblems: (form: F) => readonly FormProblem[] = () => [],
): z.ZodType<F, F> {
  return z.custom<F>().superRefine((form, ctx) => {
    for (const { field, message } of ownProblems(form))
      ctx.addIssue({ code: 'custom', message, path: field.split('.') });
    const parsed = request.safeParse(toRequest(form));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field =
        fieldOf(
          issue.path.filter((p) => typeof p !== 'symbol'),
          form,
        ) ?? 'root';
      ctx.addIssue({ code: 'custom', message: issue.message, path: field.split('.') });
    }
  });
}
