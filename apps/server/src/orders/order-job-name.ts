// The order job's name and data, apart from the job itself so that what carries out an
// order's actions can queue the job again without importing the job.
import type { OrderActionFeature } from './order-actions-schema.js';

export interface OrderJobData {
  shopId: string;
  orderId: string;
  /** The order's name (#1001) when the webhook gave it: names the entry of an unread order. */
  orderName?: string;
}

/** The job that runs one order for a feature; the retry of its log entries queues it again. */
export const orderJobName = (feature: OrderActionFeature) => `${feature}-order`;
