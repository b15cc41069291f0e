// The shop's General Settings as stored, with the plan's longest log retention.
import { useApiQuery } from '../../../lib/api-query.js';
import { settingsRead } from '../../../lib/page-data.js';
import { DEFAULT_SETTINGS } from '../settings-rules.js';

/** The page's first call, also started as the app opens on the page. */
export const generalSettingsRead = settingsRead('getGeneralSettings');

export function useGeneralSettings() {
  return useApiQuery(generalSettingsRead.call, {}, { defaultData: DEFAULT_SETTINGS });
}
