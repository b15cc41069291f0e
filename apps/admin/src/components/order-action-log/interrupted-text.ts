// What an order-log entry says while an interrupted attempt still holds it: that the attempt
// was interrupted, and when (in the merchant's own time) Gatehouse tries again.
export function interruptedText(retryAt: string, readAt: number): string {
  const at = new Date(retryAt);
  if (at.getTime() <= readAt) return 'Another attempt was interrupted; Gatehouse is retrying now.';
  const time = at.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `Another attempt was interrupted; Gatehouse retries at ${time}.`;
}
