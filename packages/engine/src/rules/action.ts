// What a blocking rule does to the visitor it matches: show the block page, or send them to a
// URL (absolute http or https).
import { z } from 'zod';

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('block') }),
  z.object({ type: z.literal('redirect'), url: z.string().max(2048) }),
]);
export type Action = z.infer<typeof actionSchema>;
