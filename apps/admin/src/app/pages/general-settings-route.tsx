// /settings as the app composes it: the General Settings page with the Admin Access feature's
// field for the stored setting, saved with the rest of the page.
import { AdminAccessSetting } from '../../features/admin-access/components/admin-access-setting.js';
import { GeneralSettingsPage } from '../../features/general-settings/components/general-settings-page.js';

export function GeneralSettingsRoute() {
  return <GeneralSettingsPage adminAccessField={(field) => <AdminAccessSetting {...field} />} />;
}
