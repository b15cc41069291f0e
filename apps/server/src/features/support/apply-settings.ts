// Turns support's `key=value` settings into a validated update of the shop row; unknown keys
// and bad values are refused together, naming each one.
import type { Shop } from '../../core/db/schema.js';
import { badRequest } from '../../core/errors.js';
import { settingHints, settingSchemas, type SettingName } from './schemas.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export function shopUpdateFromSettings(
  values: Record<string, unknown>,
  now = new Date(),
): Partial<Shop> {
  const names = Object.keys(values);
  if (names.length === 0) throw badRequest('Please give at least one key=value to set.');
  const problems: string[] = [];
  const update: Partial<Shop> = {};
  for (const name of names) {
    // Own keys only: built-in names such as toString or constructor are unknown settings.
    if (!Object.hasOwn(settingSchemas, name)) {
      problems.push(`unknown setting "${name}"`);
      continue;
    }
    const key = name as SettingName;
    const parsed = settingSchemas[key].safeParse(values[name]);
    if (!parsed.success) {
      problems.push(`${key} must be ${settingHints[key]}`);
      continue;
    }
    const v = parsed.data;
    switch (key) {
      case 'islegacyAccount':
        update.isLegacyAccount = v as boolean;
        break;
      case 'adminAccess':
        update.adminAccessEnabled = v as boolean;
        break;
      case 'installedDaysAgo':
        update.installedAt = new Date(now.getTime() - (v as number) * DAY_MS);
        break;
      case 'plan':
        update.plan = v as Shop['plan'];
        break;
      default:
        (update as Record<string, unknown>)[key] = v;
    }
  }
  if (problems.length > 0) {
    throw badRequest(
      `${problems.join('; ')}. Known settings: ${Object.keys(settingSchemas).join(', ')}.`,
    );
  }
  return update;
}
