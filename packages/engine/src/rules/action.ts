// What a blocking rule does to the visitor it matches: show the block page, or send them to a
// URL (absolute http or https).
import { z } from 'zod';

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('block') }),
  z.object({ type: z.literal('redirect'), url: z.string().max(2048) }),
]);
export type Action = z.infer<typeof actionSchema>;

/** The redirect target in canonical form, or null when it is not an absolute http(s) URL. */
export function normalizeRedirectUrl(url: string): string | null {
  if (/\s/.test(url.trim()) || !/^https?:\/\//i.test(url.trim())) return null;
  try {
    const parsed = new URL(url.trim());
    if (parsed.hostname === '' || parsed.username !== '' || parsed.password !== '') return null;
    return parsed.href;
  } catch {
    return null;
  }
}
