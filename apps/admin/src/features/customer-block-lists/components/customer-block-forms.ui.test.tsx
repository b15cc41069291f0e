import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customerBlockMessages, type CustomerBlockListsView } from '@gatehouse/contracts';
import { refusal, renderPage } from '../../../test/render-page.js';
import { useCustomerBlockLists } from '../api/customer-block-lists-api.js';
import { EditEntryModal } from './edit-entry-modal.js';
import { MessageCard } from './message-card.js';

const STORED: CustomerBlockListsView = {
  entries: [],
  limit: 10_000,
  message: 'Stored message',
  sync: {
    state: 'synced',
    lastAttemptAt: null,
    lastSuccessAt: null,
    error: null,
    entries: 0,
    falseMatchRate: 0,
    validationEnabled: true,
  },
};

/** The message card as the page shows it: fed by the page's read. */
function MessageOfPage({ onUpgrade }: { onUpgrade: () => void }) {
  const lists = useCustomerBlockLists();
  return <MessageCard message={lists.data.message} onUpgrade={onUpgrade} />;
}

function renderMessage(save: (body: unknown) => unknown) {
  const onUpgrade = vi.fn();
  let stored = STORED;
  const view = renderPage(<MessageOfPage onUpgrade={onUpgrade} />, {
    '/api/checkoutValidate/get': () => stored,
    '/api/checkoutValidate/save': async (body) => {
      const answer = await save(body);
      if (answer instanceof Response) return answer;
      stored = { ...stored, ...(body as { message: string }) };
      return stored;
    },
  });
  return { ...view, onUpgrade };
}

const messageField = () => screen.getByRole('textbox', { name: 'Message at checkout' });
const saveBar = () => screen.queryByText('Unsaved changes');

async function typeMessage(user: ReturnType<typeof renderMessage>['user'], text: string) {
  await waitFor(() => expect(messageField()).toHaveProperty('value', 'Stored message'));
  await user.clear(messageField());
  if (text !== '') await user.type(messageField(), text);
}

describe('the checkout message under the save bar', () => {
  it('saves an edit with the bar, which then goes away', async () => {
    const { user, sentTo } = renderMessage(() => undefined);
    expect(saveBar()).toBeNull();
    await typeMessage(user, 'Call us first');
    expect(saveBar()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveBar()).toBeNull());
    expect(sentTo('/api/checkoutValidate/save')).toEqual([{ message: 'Call us first' }]);
    expect(messageField()).toHaveProperty('value', 'Call us first');
  });

  it('puts the contract’s message on an empty field and sends nothing', async () => {
    const { user, sentTo } = renderMessage(() => undefined);
    await typeMessage(user, '');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(customerBlockMessages.message);
    expect(sentTo('/api/checkoutValidate/save')).toEqual([]);
  });

  it('shows the server’s refusal on the field until the next edit', async () => {
    const { user } = renderMessage(() =>
      refusal('The message was refused.', 'invalid_input', [
        { path: ['message'], code: 'custom', message: 'The message has a link.' },
      ]),
    );
    await typeMessage(user, 'see example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('The message has a link.');
    await user.type(messageField(), '!');
    expect(screen.queryByText('The message has a link.')).toBeNull();
  });

  it('opens the upgrade prompt when the plan no longer has the lists', async () => {
    const { user, onUpgrade } = renderMessage(() =>
      Response.json({ Message: 'Upgrade to use Customer Block Lists.' }, { status: 403 }),
    );
    await typeMessage(user, 'Call us first');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onUpgrade).toHaveBeenCalledOnce());
  });
});

const ENTRY = {
  id: '5b0e9a55-2f0e-4a43-9d3f-0c6a1e8f2b11',
  kind: 'email' as const,
  value: 'buyer@example.com',
  note: 'chargeback',
  createdAt: '2026-11-01T00:00:00.000Z',
};

function renderEdit(update: (body: unknown) => unknown) {
  const onClose = vi.fn();
  const onUpgrade = vi.fn();
  const view = renderPage(
    <EditEntryModal entry={ENTRY} onClose={onClose} onUpgrade={onUpgrade} />,
    { '/api/checkoutValidate/update': update },
  );
  return { ...view, onClose, onUpgrade };
}

const valueField = () => screen.getByRole('textbox', { name: 'Value' });
const noteField = () => screen.getByRole('textbox', { name: 'Note' });

describe('the entry editor', () => {
  it('sends the value and the trimmed note, then closes', async () => {
    const { user, sentTo, onClose } = renderEdit((body) => ({ ...ENTRY, ...(body as object) }));
    await user.clear(valueField());
    await user.type(valueField(), 'other@example.com');
    await user.type(noteField(), ' in May ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(sentTo('/api/checkoutValidate/update')).toEqual([
      { id: ENTRY.id, value: 'other@example.com', note: 'chargeback in May' },
    ]);
  });

  it('puts each problem of a refusal at its field and stays open', async () => {
    const { user, onClose } = renderEdit(() =>
      refusal('"nope" is not an email address.', 'invalid_input', [
        { path: ['value'], code: 'custom', message: '"nope" is not an email address.' },
        { path: ['note'], code: 'custom', message: 'The note has a link.' },
      ]),
    );
    await user.clear(valueField());
    await user.type(valueField(), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('"nope" is not an email address.');
    expect(screen.getByText('The note has a link.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts a refusal that lists no problem on the value', async () => {
    const { user } = renderEdit(() =>
      Response.json({ Message: customerBlockMessages.notFound }, { status: 400 }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(customerBlockMessages.notFound);
  });
});
