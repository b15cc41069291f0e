// A refused request's answer: `Message` says it all in one sentence (what every caller reads),
// and, for the calls whose forms show each problem beside its field, `Errors` lists the
// problems one by one, each with the path of what it is about in the request body
// (["match", "groups", 0, "conditions", 1, "value"]), a code, and the problem in words.
import { z } from 'zod';

export const fieldError = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  code: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldError>;

export const errorBody = z.object({
  Message: z.string(),
  Errors: z.array(fieldError).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
