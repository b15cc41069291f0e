// Content Protection's switches as stored, and their save (the answer becomes the stored view).
import { CONTENT_PROTECTION_OFF } from '@gatehouse/contracts';
import { useApiMutation } from '../../lib/api-mutation.js';
import { useApiQuery } from '../../lib/api-query.js';

export function useContentProtection() {
  return useApiQuery('getContentProtection', {}, { defaultData: CONTENT_PROTECTION_OFF });
}

export function useSaveContentProtection() {
  return useApiMutation('saveContentProtection', { replaces: 'getContentProtection' });
}
