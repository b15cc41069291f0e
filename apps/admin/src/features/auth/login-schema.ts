// The login form's rules with the contracts' texts: required after trimming, no whitespace, and
// nothing that could never be a shop domain (the server would say the same).
import { z } from 'zod';
import { loginDomainError, loginDomainMessages, normalizeShopDomain } from '@gatehouse/contracts';

export const loginSchema = z.object({
  domain: z.string().superRefine((value, ctx) => {
    const error =
      loginDomainError(value) ??
      (normalizeShopDomain(value) === null ? loginDomainMessages.invalid : null);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  }),
});

export type LoginForm = z.infer<typeof loginSchema>;
