// Fraud Protect's settings, the log a page at a time, saving, and Retry of a failed action.
import {
  DEFAULT_FRAUD_PROTECT,
  ORDER_LOG_PAGE_SIZE,
  type OrderActionFeature,
  type OrderLogPage,
  type FraudProtectView,
} from '@gatehouse/contracts';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { useApiQuery } from '../../../lib/api-query.js';
import { settingsRead } from '../../../lib/page-data.js';

const EMPTY_VIEW: FraudProtectView = {
  settings: DEFAULT_FRAUD_PROTECT,
  logRetentionDays: 90,
  canReadCustomers: true,
};
const EMPTY_LOG: OrderLogPage = { entries: [], total: 0, page: 1, pageSize: ORDER_LOG_PAGE_SIZE };

/** The page's first call, also started as the app opens on the page. */
export const fraudProtectRead = settingsRead('getFraudProtect');

export function useFraudProtect() {
  return useApiQuery(fraudProtectRead.call, {}, { defaultData: EMPTY_VIEW });
}

export function useSaveFraudProtect() {
  return useApiMutation('saveFraudProtect', { replaces: 'getFraudProtect' });
}

/** A page of the shared order log (one feature's when asked); read again every 10 s while open. */
export function useFraudLog(page: number, feature: OrderActionFeature | undefined) {
  return useApiQuery(
    'getFraudProtectLog',
    { page, ...(feature ? { feature } : {}) },
    { defaultData: { ...EMPTY_LOG, page }, refetchInterval: 10_000 },
  );
}

export function useRetryFraudAction() {
  return useApiMutation('retryFraudProtectAction', { invalidates: ['getFraudProtectLog'] });
}
