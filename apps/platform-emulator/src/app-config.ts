// The app's deployed configuration, read from its `shopify.app.toml` as the platform keeps it
// after `shopify app deploy`: the webhook topics every shop's installation is subscribed to
// (app-specific subscriptions) and where the privacy topics go, the scopes a managed
// installation grants and whether the admin frames the app. A webhook `uri` beginning with `/`
// is relative to the app's URL; any other must be a full http(s) address. A file the platform
// would refuse stops the emulator at start, naming what is wrong.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { z } from 'zod';
import { COMPLIANCE_TOPICS, WEBHOOK_TOPICS } from './webhooks/topics.js';

export const DEFAULT_APP_CONFIG_FILE = fileURLToPath(
  new URL('../../../shopify.app.toml', import.meta.url),
);

const headerTopics = new Set<string>(Object.values(WEBHOOK_TOPICS));
const complianceTopics = new Set<string>(Object.values(COMPLIANCE_TOPICS));

const subscriptionSchema = z
  .object({
    topics: z
      .array(z.string().refine((topic) => headerTopics.has(topic), 'is not a known topic'))
      .optional(),
    compliance_topics: z
      .array(z.string().refine((topic) => complianceTopics.has(topic), 'is not a privacy topic'))
      .optional(),
    uri: z.string().min(1),
  })
  .loose();

const configSchema = z
  .object({
    embedded: z.boolean().default(false),
    access_scopes: z
      .object({ scopes: z.string().default('') })
      .loose()
      .optional(),
    webhooks: z
      .object({
        api_version: z.string().regex(/^(\d{4}-(01|04|07|10)|unstable)$/),
        subscriptions: z.array(subscriptionSchema).default([]),
      })
      .loose()
      .optional(),
  })
  .loose();

/** One declared subscription, its address resolved. */
export interface DeclaredSubscription {
  /** `X-Shopify-Topic` forms: `orders/create`, `customers/redact`… */
  topics: string[];
  callbackUrl: string;
}

export interface AppConfiguration {
  /** Whether the admin opens the app inside its own frame. */
  embedded: boolean;
  /** `[access_scopes] scopes`: what a managed installation grants, without an OAuth redirect. */
  scopes: string[];
  /** `[webhooks] api_version`: the version every app-specific delivery is made in. */
  webhooksApiVersion: string;
  subscriptions: DeclaredSubscription[];
}

function resolveUri(uri: string, applicationUrl: string): string {
  if (uri.startsWith('/')) return `${applicationUrl}${uri}`;
  const url = new URL(uri);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`webhook uri ${uri} is not an http(s) address`);
  }
  return url.toString();
}

/** Reads and checks the configuration; throws naming the file and the problem. */
export function loadAppConfiguration(file: string, applicationUrl: string): AppConfiguration {
  let parsed: z.infer<typeof configSchema>;
  try {
    const result = configSchema.safeParse(parse(readFileSync(file, 'utf8')));
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new Error(`${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'not valid'}`);
    }
    parsed = result.data;
    const base = applicationUrl.replace(/\/+$/, '');
    const declared = parsed.webhooks?.subscriptions ?? [];
    return {
      embedded: parsed.embedded,
      scopes: (parsed.access_scopes?.scopes ?? '')
        .split(',')
        .map((scope) => scope.trim())
        .filter(Boolean),
      webhooksApiVersion: parsed.webhooks?.api_version ?? 'unstable',
      subscriptions: declared.map((subscription) => ({
        topics: [...(subscription.topics ?? []), ...(subscription.compliance_topics ?? [])],
        callbackUrl: resolveUri(subscription.uri, base),
      })),
    };
  } catch (error) {
    throw new Error(
      `The app configuration ${file} is not valid: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/** The addresses a topic (header form) is delivered to for every shop that installed the app. */
export function declaredTargets(config: AppConfiguration, topic: string): string[] {
  return [
    ...new Set(
      config.subscriptions.filter((s) => s.topics.includes(topic)).map((s) => s.callbackUrl),
    ),
  ];
}
