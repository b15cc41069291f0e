// Where a blocked visitor may be sent: an absolute http or https address with a host and no
// credentials, kept in its canonical form; and what the merchant is told of any other text.

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

/** The refusal of a redirect target that is not an absolute http(s) URL. */
export const invalidRedirectUrlMessage = (url: string) =>
  `"${url}" is not a valid redirect URL (use a full http:// or https:// address)`;
