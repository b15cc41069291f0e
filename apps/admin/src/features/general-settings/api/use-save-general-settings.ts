// Saves the General Settings; the answer is the settings as stored. The account carries the
// app's on/off state, which the shell's bars read, and Admin Access's standing follows the
// setting, so both are read again.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useSaveGeneralSettings() {
  return useApiMutation('saveGeneralSettings', {
    replaces: 'getGeneralSettings',
    invalidates: ['getAccountInfo', 'getAdminAccess'],
  });
}
