// The one app registered on this platform (Gatehouse), as its Partner Dashboard entry and
// shopify.app.toml describe it.

export interface RegisteredApp {
  name: string;
  handle: string;
  clientId: string;
  clientSecret: string;
  applicationUrl: string;
  redirectUrls: string[];
  /** Where the mandatory privacy webhooks go (`compliance_topics` in shopify.app.toml). */
  complianceUrl: string;
  /** The API version of the configuration's webhooks (`[webhooks] api_version`). */
  webhooksApiVersion: string;
}

export function registeredApp(options: {
  appUrl: string;
  apiKey: string;
  apiSecret: string;
}): RegisteredApp {
  const appUrl = options.appUrl.replace(/\/+$/, '');
  return {
    name: 'Gatehouse',
    handle: 'gatehouse',
    clientId: options.apiKey,
    clientSecret: options.apiSecret,
    applicationUrl: appUrl,
    redirectUrls: [`${appUrl}/api/auth/callback`],
    complianceUrl: `${appUrl}/api/webhooks`,
    webhooksApiVersion: '2026-10',
  };
}
