// Content Protection's switches as stored, and their save (the answer becomes the stored view).
import { CONTENT_PROTECTION_OFF } from '@gatehouse/contracts';
import { useApiMutation } from '../../lib/api-mutation.js';
import { useApiQuery } from '../../lib/api-query.js';
import { settingsRead } from '../../lib/page-data.js';

/** The page's first call, also started as the app opens on the page. */
export const contentProtectionRead = settingsRead('getContentProtection');

export function useContentProtection() {
  return useApiQuery(contentProtectionRead.call, {}, { defaultData: CONTENT_PROTECTION_OFF });
}

export function useSaveContentProtection() {
  return useApiMutation('saveContentProtection', { replaces: 'getContentProtection' });
}
