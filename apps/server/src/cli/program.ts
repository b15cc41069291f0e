// The support CLI's commands: personate, notify, questions, set, show, and the webhook and
// data-request commands of privacy-commands.ts. Built around an injected client and printer so
// tests can drive it without a server.
import { Command, CommanderError } from 'commander';
import type { ShopSummary } from '../features/support/shop-summary.js';
import { parseAssignments, parseShop } from './parse-args.js';
import { addPrivacyCommands } from './privacy-commands.js';
import type { SupportClient } from './support-client.js';

interface Question {
  id: string;
  shop: string;
  name: string;
  replyEmail: string;
  content: string;
  createdAt: string;
}

function formatSummary(shop: ShopSummary): string {
  const width = Math.max(...Object.keys(shop).map((k) => k.length));
  return Object.entries(shop)
    .map(([k, v]) => `${k.padEnd(width)}  ${v === null || v === '' ? '-' : String(v)}`)
    .join('\n');
}

export function buildProgram(client: SupportClient, print: (line: string) => void): Command {
  const program = new Command('support')
    .description('Gatehouse support back office (talks to the running server)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => print(s.trimEnd()), writeErr: (s) => print(s.trimEnd()) });

  program
    .command('personate')
    .description('mint a single-use sign-in link (10 minutes) to see the shop as its merchant')
    .argument('<shop>', 'shop handle or domain')
    .action(async (shop: string) => {
      const res = await client.post<{ url: string }>('/api/support/personate', {
        shop: parseShop(shop),
      });
      print(`Personate link (single use, expires in 10 minutes):\n${res.url}`);
    });

  program
    .command('notify')
    .description('post a message the merchant sees in the admin')
    .argument('<shop>', 'shop handle or domain')
    .argument('<text...>', 'message text')
    .action(async (shop: string, text: string[]) => {
      const domain = parseShop(shop);
      await client.post('/api/support/notify', { shop: domain, text: text.join(' ') });
      print(`Message posted to ${domain}.`);
    });

  program
    .command('questions')
    .description('list contact messages, newest first')
    .action(async () => {
      const res = await client.get<{ questions: Question[] }>('/api/support/questions');
      if (res.questions.length === 0) return print('No contact messages yet.');
      for (const q of res.questions) {
        print(
          `${q.createdAt}  ${q.shop}  ${q.name} <${q.replyEmail}>\n  ${q.content.replace(/\n/g, '\n  ')}\n`,
        );
      }
    });

  program
    .command('set')
    .description(
      'set account flags: isShowWaf isAppDisabled islegacyAccount isNew isReviewLeft extensionEnabled plan adminAccess adminAccessMode wafConnected installedDaysAgo',
    )
    .argument('<shop>', 'shop handle or domain')
    .argument('<assignments...>', 'key=value pairs')
    .action(async (shop: string, pairs: string[]) => {
      const res = await client.post<{ shop: ShopSummary }>('/api/support/set', {
        shop: parseShop(shop),
        values: parseAssignments(pairs),
      });
      print(`Updated.\n${formatSummary(res.shop)}`);
    });

  program
    .command('show')
    .description('show a shop and its flags')
    .argument('<shop>', 'shop handle or domain')
    .action(async (shop: string) => {
      const res = await client.get<{ shop: ShopSummary }>('/api/support/show', {
        shop: parseShop(shop),
      });
      print(formatSummary(res.shop));
    });

  addPrivacyCommands(program, client, print);
  return program;
}

/** Runs the CLI; resolves to the process exit code. */
export async function runSupportCli(
  argv: string[],
  client: SupportClient,
  print: (line: string) => void,
  printError: (line: string) => void,
): Promise<number> {
  const program = buildProgram(client, print);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : 1;
    }
    printError(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
