// Support CLI commands for webhook deliveries and customer data requests: list deliveries (a
// shop's, or by status) with their reasons, replay a failed one, list a shop's data requests,
// and print one export as JSON for sending to the merchant.
import type { Command } from 'commander';
import { parseShop } from './parse-args.js';
import type { SupportClient } from './support-client.js';

interface DeliveryLine {
  webhookId: string;
  shop: string;
  topic: string;
  status: string;
  attempts: number;
  lastError: string | null;
  receivedAt: string;
}

interface DataRequestLine {
  id: string;
  customerId: string;
  createdAt: string;
}

const STATUSES = ['queued', 'processed', 'failed', 'ignored'];

export function addPrivacyCommands(
  program: Command,
  client: SupportClient,
  print: (line: string) => void,
): void {
  program
    .command('webhooks')
    .description('list the latest webhook deliveries, newest first, with why they failed')
    .argument('[shop]', 'shop handle or domain')
    .option('--status <status>', `only one status: ${STATUSES.join(', ')}`)
    .action(async (shop: string | undefined, options: { status?: string }) => {
      const query: Record<string, string> = {};
      if (shop) query.shop = parseShop(shop);
      if (options.status) query.status = options.status;
      const res = await client.get<{ deliveries: DeliveryLine[] }>('/api/support/webhooks', query);
      if (res.deliveries.length === 0) return print('No webhook deliveries.');
      for (const d of res.deliveries) {
        const why = d.lastError ? `\n  ${d.lastError}` : '';
        print(
          `${d.receivedAt}  ${d.status.padEnd(9)} ${d.topic}  ${d.shop}  ${d.webhookId} (${d.attempts} attempts)${why}`,
        );
      }
    });

  program
    .command('replay')
    .description('process a failed webhook delivery again')
    .argument('<webhookId>', 'the delivery id (X-Shopify-Webhook-Id)')
    .action(async (webhookId: string) => {
      await client.post('/api/support/webhooks/retry', { webhookId });
      print(`Delivery ${webhookId} queued again.`);
    });

  program
    .command('data-requests')
    .description("list a shop's customer data requests (exports are kept 30 days)")
    .argument('<shop>', 'shop handle or domain')
    .action(async (shop: string) => {
      const res = await client.get<{ dataRequests: DataRequestLine[] }>(
        '/api/support/data-requests',
        { shop: parseShop(shop) },
      );
      if (res.dataRequests.length === 0) return print('No customer data requests.');
      for (const r of res.dataRequests) print(`${r.createdAt}  customer ${r.customerId}  ${r.id}`);
    });

  program
    .command('data-request')
    .description('print one customer data export as JSON, to send to the merchant')
    .argument('<id>', 'the data request id')
    .action(async (id: string) => {
      const res = await client.get<unknown>(`/api/support/data-requests/${encodeURIComponent(id)}`);
      print(JSON.stringify(res, null, 2));
    });
}
