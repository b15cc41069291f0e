// The one app registered on this platform (Gatehouse), as its Partner Dashboard entry and
// shopify.app.toml describe it: the webhooks come from the configuration file itself.
import { loadAppConfiguration, type AppConfiguration } from './app-config.js';

export interface RegisteredApp {
  name: string;
  handle: string;
  clientId: string;
  clientSecret: string;
  applicationUrl: string;
  redirectUrls: string[];
  /** The deployed configuration: app-specific webhook subscriptions and their version. */
  configuration: AppConfiguration;
}

export function registeredApp(options: {
  appUrl: string;
  apiKey: string;
  apiSecret: string;
  appConfigFile: string;
}): RegisteredApp {
  const appUrl = options.appUrl.replace(/\/+$/, '');
  return {
    name: 'Gatehouse',
    handle: 'gatehouse',
    clientId: options.apiKey,
    clientSecret: options.apiSecret,
    applicationUrl: appUrl,
    redirectUrls: [`${appUrl}/api/auth/callback`],
    configuration: loadAppConfiguration(options.appConfigFile, appUrl),
  };
}
