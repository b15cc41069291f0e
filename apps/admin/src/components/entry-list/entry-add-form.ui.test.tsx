import { screen, waitFor } from '@testing-library/react';
import { Select } from '@shopify/polaris';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page.js';
import { EntryAddForm } from './entry-add-form.js';

type Mode = 'block' | 'monitor';

/** An add form with one field of the list's own (a mode) that the value field's hint reads. */
function renderForm(keep: boolean) {
  const adds: { value: string; note: string; mode: Mode }[] = [];
  const view = renderPage(
    <EntryAddForm
      field={({ mode }) => ({
        label: 'Pattern',
        placeholder: mode === 'monitor' ? 'logged only' : 'blocked',
        maxLength: 100,
      })}
      notePlaceholder="Why"
      submit="Add"
      adding={false}
      onAdd={async (value, note, { mode }) => {
        adds.push({ value, note, mode });
        return 'added';
      }}
      extra={{
        defaults: { mode: 'block' as Mode },
        keep,
        render: (bind) => {
          const mode = bind('mode');
          return (
            <Select
              label="Mode"
              options={[
                { label: 'Block', value: 'block' },
                { label: 'Monitor only', value: 'monitor' },
              ]}
              value={mode.value}
              onChange={(next) => mode.onChange(next as Mode)}
            />
          );
        },
      }}
    />,
    {},
  );
  return { ...view, adds };
}

const modeField = () => screen.getByRole('combobox', { name: 'Mode' });
const patternField = () => screen.getByRole('textbox', { name: 'Pattern' });

describe('the add form with fields of the list’s own', () => {
  it('sends them with the value and the note, and starts them over after an add', async () => {
    const { user, adds } = renderForm(false);
    await user.selectOptions(modeField(), 'monitor');
    expect(patternField()).toHaveProperty('placeholder', 'logged only');
    await user.type(patternField(), 'MyScraper');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), ' seen on Monday ');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(adds).toHaveLength(1));
    expect(adds[0]).toEqual({ value: 'MyScraper', note: 'seen on Monday', mode: 'monitor' });
    await waitFor(() => expect(patternField()).toHaveProperty('value', ''));
    expect(modeField()).toHaveProperty('value', 'block');
    expect(patternField()).toHaveProperty('placeholder', 'blocked');
  });

  it('keeps what was chosen after an add when the list asks so', async () => {
    const { user, adds } = renderForm(true);
    await user.selectOptions(modeField(), 'monitor');
    await user.type(patternField(), 'MyScraper');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(patternField()).toHaveProperty('value', ''));
    expect(modeField()).toHaveProperty('value', 'monitor');

    await user.type(patternField(), 'OtherBot');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(adds).toHaveLength(2));
    expect(adds[1]).toMatchObject({ value: 'OtherBot', mode: 'monitor' });
  });
});
