// The shop's General Settings as stored, with the plan's longest log retention.
import { useApiQuery } from '../../../lib/api-query.js';
import { DEFAULT_SETTINGS } from '../settings-rules.js';

export function useGeneralSettings() {
  return useApiQuery('getGeneralSettings', {}, { defaultData: DEFAULT_SETTINGS });
}
