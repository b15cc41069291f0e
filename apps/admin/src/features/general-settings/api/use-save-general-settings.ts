// Saves the General Settings; the answer is the settings as stored. The account carries the
// app's on/off state and Admin Access, which the shell's bars read, so it is refreshed too.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useSaveGeneralSettings() {
  return useApiMutation('saveGeneralSettings', {
    replaces: 'getGeneralSettings',
    invalidates: ['getAccountInfo'],
  });
}
