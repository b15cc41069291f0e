// Adds a custom user-agent pattern (a piece of text, or a regular expression) with its mode and
// an optional note. The field is checked as the contract reads it before the call; the
// server's 400 message (a regular expression that could backtrack catastrophically, a pattern
// that matches ordinary browsers) shows on the field, and a 403 (the plan no longer includes
// the blocker) opens the upgrade prompt.
import { useState } from 'react';
import { Button, Checkbox, FormLayout, Select, TextField } from '@shopify/polaris';
import { showToast } from '../../../lib/toast-store.js';
import { useAddBotPattern } from '../api/use-add-bot-pattern.js';
import { readPatternField } from '../bot-blocker-form.js';

export function AddBotPatternForm({ onUpgrade }: { onUpgrade: () => void }) {
  const [value, setValue] = useState('');
  const [regex, setRegex] = useState(false);
  const [mode, setMode] = useState<'block' | 'monitor'>('block');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const addPattern = useAddBotPattern();

  const add = async () => {
    const read = readPatternField(value, regex);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    const outcome = await addPattern.call({
      pattern: read.pattern,
      regex,
      mode,
      note: note.trim(),
    });
    if (!outcome.result) {
      if (outcome.status === 403) onUpgrade();
      else setError(outcome.message);
      return;
    }
    showToast(`${mode === 'block' ? 'Blocking' : 'Monitoring'} ${outcome.data.pattern}`);
    setValue('');
    setNote('');
    setError(undefined);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <FormLayout>
        <FormLayout.Group>
          <TextField
            label="User-agent pattern"
            placeholder={regex ? '^MyScraper/\\d+' : 'MyScraper'}
            helpText={
              regex
                ? 'A JavaScript regular expression, compared without regard to case. One that could take very long on some user agents is refused.'
                : 'Blocks every user agent that contains this text, in any case.'
            }
            value={value}
            onChange={(text) => {
              setValue(text);
              setError(undefined);
            }}
            error={error}
            autoComplete="off"
            maxLength={200}
            monospaced={regex}
          />
          <Select
            label="Mode"
            options={[
              { label: 'Block', value: 'block' },
              { label: 'Monitor only', value: 'monitor' },
            ]}
            value={mode}
            onChange={(next) => setMode(next === 'monitor' ? 'monitor' : 'block')}
          />
        </FormLayout.Group>
        <Checkbox
          label="Regular expression"
          checked={regex}
          onChange={(checked) => {
            setRegex(checked);
            setError(undefined);
          }}
        />
        <TextField
          label="Note"
          placeholder="Why this pattern is here"
          value={note}
          onChange={setNote}
          autoComplete="off"
          maxLength={500}
        />
        <Button submit variant="primary" loading={addPattern.isPending}>
          Add pattern
        </Button>
      </FormLayout>
    </form>
  );
}
