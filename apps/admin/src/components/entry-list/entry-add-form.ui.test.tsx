import { screen, waitFor } from '@testing-library/react';
import { Select } from '@shopify/polaris';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page.js';
import { EntryAddForm } from './entry-add-form.js';

type Scope = 'store' | 'checkout';

/** An add form with one field of the list's own (a scope) that the value field's hint reads. */
function renderForm(keep: boolean) {
  const adds: { value: string; note: string; scope: Scope }[] = [];
  const view = renderPage(
    <EntryAddForm
      field={({ scope }) => ({
        label: 'Pattern',
        placeholder: scope === 'checkout' ? 'at checkout' : 'everywhere',
        maxLength: 100,
      })}
      notePlaceholder="Why"
      submit="Add"
      adding={false}
      onAdd={async (value, note, { scope }) => {
        adds.push({ value, note, scope });
        return 'added';
      }}
      extra={{
        defaults: { scope: 'store' as Scope },
        keep,
        render: (bind) => {
          const scope = bind('scope');
          return (
            <Select
              label="Scope"
              options={[
                { label: 'The whole store', value: 'store' },
                { label: 'The checkout', value: 'checkout' },
              ]}
              value={scope.value}
              onChange={(next) => scope.onChange(next as Scope)}
            />
          );
        },
      }}
    />,
    {},
  );
  return { ...view, adds };
}

const scopeField = () => screen.getByRole('combobox', { name: 'Scope' });
const patternField = () => screen.getByRole('textbox', { name: 'Pattern' });

describe('the add form with fields of the list’s own', () => {
  it('sends them with the value and the note, and starts them over after an add', async () => {
    const { user, adds } = renderForm(false);
    await user.selectOptions(scopeField(), 'checkout');
    expect(patternField()).toHaveProperty('placeholder', 'at checkout');
    await user.type(patternField(), 'MyScraper');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), ' seen on Monday ');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(adds).toHaveLength(1));
    expect(adds[0]).toEqual({ value: 'MyScraper', note: 'seen on Monday', scope: 'checkout' });
    await waitFor(() => expect(patternField()).toHaveProperty('value', ''));
    expect(scopeField()).toHaveProperty('value', 'store');
    expect(patternField()).toHaveProperty('placeholder', 'everywhere');
  });

  it('keeps what was chosen after an add when the list asks so', async () => {
    const { user, adds } = renderForm(true);
    await user.selectOptions(scopeField(), 'checkout');
    await user.type(patternField(), 'MyScraper');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(patternField()).toHaveProperty('value', ''));
    expect(scopeField()).toHaveProperty('value', 'checkout');

    await user.type(patternField(), 'OtherBot');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(adds).toHaveLength(2));
    expect(adds[1]).toMatchObject({ value: 'OtherBot', scope: 'checkout' });
  });
});
