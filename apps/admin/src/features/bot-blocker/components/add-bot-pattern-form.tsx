// Adds a custom user-agent pattern (a piece of text, or a regular expression) with its mode and
// an optional note, through the shared add form. The field is checked as the contract reads it
// before the call; the server's 400 message (a regular expression its linear-time engine
// cannot run, a pattern that matches ordinary browsers) shows on the field, and a 403
// (the plan no longer includes the blocker) opens the upgrade prompt.
import { BlockStack, Checkbox, Select } from '@shopify/polaris';
import { EntryAddForm } from '../../../components/entry-list/entry-add-form.js';
import { showToast } from '../../../lib/toast-store.js';
import { useAddBotPattern } from '../api/use-add-bot-pattern.js';
import { readPatternField } from '../bot-blocker-form.js';

export function AddBotPatternForm({ onUpgrade }: { onUpgrade: () => void }) {
  const addPattern = useAddBotPattern();

  return (
    <EntryAddForm
      field={({ regex }) => ({
        label: 'User-agent pattern',
        placeholder: regex ? '^MyScraper/\\d+' : 'MyScraper',
        helpText: regex
          ? 'A JavaScript regular expression, compared without regard to case. One that could take very long on some user agents is refused.'
          : 'Blocks every user agent that contains this text, in any case.',
        maxLength: 200,
      })}
      notePlaceholder="Why this pattern is here"
      submit="Add pattern"
      adding={addPattern.isPending}
      cost={(value, { regex, mode }) => {
        const read = readPatternField(value, regex);
        return 'error' in read
          ? null
          : { call: 'addBotBlocker', draft: { pattern: read.pattern, regex, mode, note: '' } };
      }}
      onAdd={async (value, note, { regex, mode }) => {
        const read = readPatternField(value, regex);
        if ('error' in read) return read;
        const outcome = await addPattern.call({ pattern: read.pattern, regex, mode, note });
        if (!outcome.result) {
          if (outcome.status !== 403) return { error: outcome.message };
          onUpgrade();
          return 'kept';
        }
        showToast(`${mode === 'block' ? 'Blocking' : 'Monitoring'} ${outcome.data.pattern}`);
        return 'added';
      }}
      extra={{
        defaults: { mode: 'block' as 'block' | 'monitor', regex: false },
        keep: true,
        render: (bind) => {
          const mode = bind('mode');
          const regex = bind('regex');
          return (
            <BlockStack gap="200">
              <Select
                label="Mode"
                options={[
                  { label: 'Block', value: 'block' },
                  { label: 'Monitor only', value: 'monitor' },
                ]}
                value={mode.value}
                onChange={(next) => mode.onChange(next === 'monitor' ? 'monitor' : 'block')}
              />
              <Checkbox
                label="Regular expression"
                checked={regex.value}
                onChange={regex.onChange}
              />
            </BlockStack>
          );
        },
      }}
    />
  );
}
