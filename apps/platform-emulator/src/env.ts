// The emulator's configuration, parsed once from the environment. Defaults match the
// development setup in the project's integration contract; a bad value stops the process
// with the variable's name.
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const envSchema = z.object({
  EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  // Loopback: the emulator's control endpoints and consent page have no authentication, so by
  // default only this machine reaches them.
  EMULATOR_HOST: z.string().min(1).default('localhost'),
  EMULATOR_URL: z.url().optional(),
  APP_URL: z.url().default('http://localhost:3000'),
  SHOPIFY_API_KEY: z.string().min(1).default('gatehouse-dev-api-key'),
  SHOPIFY_API_SECRET: z.string().min(1).default('gatehouse-dev-api-secret'),
  /** Unset: `<repo>/.data/emulator-state.json`; set but empty: state kept in memory only. */
  EMULATOR_STATE_FILE: z.string().optional(),
  /** From this date non-expiring offline tokens are refused; `never` for no cutoff. */
  EMULATOR_NON_EXPIRING_TOKEN_CUTOFF: z
    .union([z.literal('never'), z.iso.datetime({ offset: true })])
    .default('2027-01-01T00:00:00Z'),
  /** The app's configuration whose webhooks are delivered; unset: the repository's. */
  EMULATOR_APP_CONFIG: z.string().min(1).optional(),
  /** When the storefront stops running script tags; unset: March 1, 2027. */
  EMULATOR_SCRIPT_TAGS_END_AT: z.iso.datetime({ offset: true }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface EmulatorEnv {
  port: number;
  host: string;
  publicUrl: string;
  appUrl: string;
  apiKey: string;
  apiSecret: string;
  stateFile: string | null;
  nonExpiringTokenCutoff: string | null;
  appConfigFile: string | undefined;
  scriptTagsEndAt: Date | undefined;
  logLevel: string;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): EmulatorEnv {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid emulator environment: ${problems}`);
  }
  const env = parsed.data;
  const stateFile =
    env.EMULATOR_STATE_FILE === undefined
      ? `${repoRoot}.data/emulator-state.json`
      : env.EMULATOR_STATE_FILE.trim() === ''
        ? null
        : env.EMULATOR_STATE_FILE;
  return {
    port: env.EMULATOR_PORT,
    host: env.EMULATOR_HOST,
    publicUrl: trimSlash(env.EMULATOR_URL ?? `http://localhost:${env.EMULATOR_PORT}`),
    appUrl: trimSlash(env.APP_URL),
    apiKey: env.SHOPIFY_API_KEY,
    apiSecret: env.SHOPIFY_API_SECRET,
    stateFile,
    nonExpiringTokenCutoff:
      env.EMULATOR_NON_EXPIRING_TOKEN_CUTOFF === 'never'
        ? null
        : env.EMULATOR_NON_EXPIRING_TOKEN_CUTOFF,
    appConfigFile: env.EMULATOR_APP_CONFIG,
    scriptTagsEndAt:
      env.EMULATOR_SCRIPT_TAGS_END_AT === undefined
        ? undefined
        : new Date(env.EMULATOR_SCRIPT_TAGS_END_AT),
    logLevel: env.LOG_LEVEL,
  };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
