// The Extensions page's call beside getExtensionEnabned: whether the app embed turned off after
// being on (a theme published, the embed switched off), and since when, so the dashboard and the
// Extensions page warn the merchant that the store is not protected.
import { z } from 'zod';
import type { ApiCall } from './api.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export const appEmbedWarning = z.object({
  /** When the embed was found off after being on (ISO 8601); null while it is on. */
  offSince: z.string().nullable(),
});
export type AppEmbedWarning = z.infer<typeof appEmbedWarning>;

export const extensionsApi = {
  getAppEmbedWarning: call({
    method: 'POST',
    path: '/api/extensions/getAppEmbedWarning',
    request: z.object({}).strict(),
    response: appEmbedWarning,
  }),
};
