// What an order-log entry did, or would do, and how it ended, in one line of the merchant's words.
import { cancelReasonLabels, type OrderActionEntry } from './order-log.js';

/** One line saying what an entry did, or would do, and how it ended. */
export function describeOrderAction(
  entry: Pick<OrderActionEntry, 'action' | 'status' | 'params' | 'result'>,
): string {
  const { params, result } = entry;
  if (entry.action === 'check') {
    if (entry.status === 'failed') return 'Could not check the order';
    if (entry.status === 'done')
      return `Checked the order${result?.note ? `: ${result.note}` : ''}`;
    return 'Checking the order';
  }
  if (entry.action === 'block-ip') {
    const ip = params.ip ?? 'the IP address';
    if (entry.status === 'monitored') return `Would block ${ip} (monitor mode)`;
    if (entry.status === 'done') return `Blocked ${ip}`;
    return `Block ${ip}`;
  }
  if (entry.action === 'block-email') {
    const email = params.email ?? 'the email';
    if (entry.status === 'monitored') {
      return `Would add ${email} to the Customer Block Lists (monitor mode)`;
    }
    if (entry.status === 'done') return `Added ${email} to the Customer Block Lists`;
    return `Add ${email} to the Customer Block Lists`;
  }
  if (entry.action === 'tag') {
    const tag = `"${params.tag ?? ''}"`;
    if (entry.status === 'monitored') return `Would tag ${tag} (monitor mode)`;
    if (entry.status === 'done') return `Tagged ${tag}`;
    return `Tag ${tag}`;
  }
  const done = entry.status === 'done';
  const parts: string[] = [];
  if (params.refund) {
    parts.push(
      done && result?.refunded
        ? `refunded ${result.refunded} ${result.currency ?? ''}`.trim()
        : done
          ? 'nothing to refund'
          : 'refund',
    );
  }
  if (params.restock) parts.push(done ? 'restocked' : 'restock');
  if (params.notifyCustomer) parts.push(done ? 'customer emailed' : 'email the customer');
  const reason = params.reason ? cancelReasonLabels[params.reason].toLowerCase() : 'fraud';
  const extras = parts.length > 0 ? `; ${parts.join(', ')}` : '';
  if (entry.status === 'monitored') return `Would cancel (${reason}${extras}) — monitor mode`;
  if (done) return `Cancelled (${reason}${extras})`;
  return `Cancel (${reason}${extras})`;
}
