// The `app` object Liquid gives a theme app extension: `app.metafields.<namespace>.<key>`,
// the installation's app-data metafields as metafield drops.
import { Drop } from 'liquidjs';
import type { EmulatorContext } from '../context.js';
import { installationMetafields } from '../metafields/app-metafields.js';
import { typedValue } from '../metafields/metafield-types.js';
import type { AppMetafieldRecord, InstallationRecord } from '../state/types.js';

/**
 * As on the platform, printing the drop prints the stored value (`{{ app.metafields.a.b }}`)
 * while `.value` is typed: a json metafield gives an object, boolean and number_integer give
 * a boolean and a number.
 */
export class MetafieldDrop extends Drop {
  readonly type: string;
  readonly value: unknown;
  // A private field, so that templates cannot reach it as a property.
  readonly #stored: string;

  constructor(record: AppMetafieldRecord) {
    super();
    this.type = record.type;
    this.value = typedValue(record.type, record.value);
    this.#stored = record.value;
  }

  override valueOf(): string {
    return this.#stored;
  }
}

export function appLiquidObject(context: EmulatorContext, installation: InstallationRecord) {
  const metafields: Record<string, Record<string, MetafieldDrop>> = {};
  for (const record of installationMetafields(context, installation)) {
    (metafields[record.namespace] ??= {})[record.key] = new MetafieldDrop(record);
  }
  return { metafields };
}
