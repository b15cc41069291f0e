import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { autoCancelMessages, checkIpEntry } from '@gatehouse/contracts';
import { refusal, renderPage } from '../../../test/render-page.js';
import { FilterEditor } from './filter-editor.js';

function renderEditor(refuse?: () => Response) {
  const onDone = vi.fn();
  const saves: unknown[] = [];
  const view = renderPage(<FilterEditor filter={null} dryRunDays={30} onDone={onDone} />, {
    '/api/autoCancel/save': (body) => {
      saves.push(body);
      if (refuse) return refuse();
      const input = body as { name: string; mode: 'on' | 'off' | 'monitor' };
      return {
        ...(body as object),
        id: 'f-1',
        position: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        name: input.name,
        mode: input.mode,
      };
    },
  });
  return { ...view, onDone, saves };
}

const field = (name: string) => screen.getByRole('combobox', { name: `${name}: field` });
const operator = (name: string) => screen.getByRole('combobox', { name: `${name}: operator` });
const value = (name: string) => screen.getByRole('textbox', { name: `${name}: value` });
const C1 = 'Group 1, condition 1';
const C2 = 'Group 1, condition 2';

describe('the auto-cancel filter editor', () => {
  it('adds and removes conditions and groups', async () => {
    const { user } = renderEditor();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveProperty(
      'value',
      'New filter',
    );
    expect(screen.queryByRole('button', { name: `Remove ${C1.toLowerCase()}` })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    expect(field(C2)).toBeDefined();
    await user.selectOptions(field(C2), 'browserIp');
    expect(field(C2)).toHaveProperty('value', 'browserIp');

    await user.click(screen.getByRole('button', { name: `Remove ${C1.toLowerCase()}` }));
    // What was the second condition is now the first, with what was chosen for it.
    expect(field(C1)).toHaveProperty('value', 'browserIp');
    expect(screen.queryByRole('combobox', { name: `${C2}: field` })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add group' }));
    expect(field('Group 2, condition 1')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Remove group 2' }));
    expect(screen.queryByRole('combobox', { name: 'Group 2, condition 1: field' })).toBeNull();
  });

  it('shows a wrong IP address as it is typed, the rest of the checks on Save', async () => {
    const { user, saves } = renderEditor();
    await screen.findByRole('textbox', { name: 'Name' });
    await user.selectOptions(field(C1), 'browserIp');
    await user.type(value(C1), '300.1.1.1');
    const problem = checkIpEntry('300.1.1.1');
    expect(problem.ok).toBe(false);
    if (problem.ok) return;
    expect(await screen.findByText(problem.problem)).toBeDefined();
    await user.clear(value(C1));
    await waitFor(() => expect(screen.queryByText(problem.problem)).toBeNull());

    // Nothing else is said before Save.
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cancel the order' }));
    expect(screen.queryByText(autoCancelMessages.name)).toBeNull();
    expect(screen.queryByText(autoCancelMessages.noAction)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(await screen.findByText(autoCancelMessages.name)).toBeDefined();
    expect(screen.getByText(autoCancelMessages.noAction)).toBeDefined();
    expect(screen.getByText('Enter a value.')).toBeDefined();
    expect(saves).toEqual([]);
  });

  it('saves the draft as the save call and goes back to the list', async () => {
    const { user, saves, onDone } = renderEditor();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Big orders from abroad');
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(field(C2), 'browserIp');
    await user.selectOptions(operator(C2), '!equals');
    await user.type(value(C2), ' 203.0.113.7 ');

    await user.click(screen.getByRole('button', { name: 'Save filter' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(saves).toEqual([
      {
        id: null,
        name: 'Big orders from abroad',
        mode: 'off',
        match: {
          any: false,
          groups: [
            {
              any: false,
              conditions: [
                { field: 'total', operator: 'greaterThan', value: 500 },
                { field: 'browserIp', operator: 'equals', value: '203.0.113.7', negate: true },
              ],
            },
          ],
        },
        actions: expect.objectContaining({ cancel: true }) as unknown,
      },
    ]);
  });

  it('asks before leaving with changes: Keep editing stays, Discard changes leaves', async () => {
    const { user, onDone } = renderEditor();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), '!');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Leave without saving?')).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'New filter!');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('shows each problem of a refused save under the input its path names, the rest above', async () => {
    const pattern = 'The pattern takes too long to check.';
    const { user, saves, onDone } = renderEditor(() =>
      refusal('The filter was refused.', 'invalid_rules', [
        {
          path: ['match', 'groups', 0, 'conditions', 0, 'value'],
          code: 'pattern',
          message: pattern,
        },
        { path: ['limits'], code: 'tooMany', message: 'Too many filters.' },
      ]),
    );
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: 'Save filter' }));
    await screen.findByText(pattern);
    // Said once, by the condition's value input, which names it as its error.
    expect(screen.getAllByText(pattern)).toHaveLength(1);
    const input = screen.getByLabelText(`${C1}: value`);
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    const descriptions = describedBy.split(' ').map((id) => document.getElementById(id));
    expect(descriptions.map((d) => d?.textContent)).toContain(pattern);
    expect(screen.getByText('The filter was not saved')).toBeDefined();
    expect(screen.getByText('Too many filters.')).toBeDefined();
    expect(saves).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();

    // An edit takes the server's problems away: they were about what was sent.
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '!');
    await waitFor(() => expect(screen.queryByText(pattern)).toBeNull());
    expect(screen.queryByText('The filter was not saved')).toBeNull();
  });
});
