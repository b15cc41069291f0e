// Adds one URL pattern: how it matches, the pattern, whether the query is compared too, and
// the methods it applies to (none chosen: all). The server checks the pattern with the engine
// (a regular expression that could stall the firewall is refused); its 400 message shows on
// the field, and a 403 (the plan no longer includes the Firewall) opens the upgrade prompt.
import { ChoiceList, Select } from '@shopify/polaris';
import { URL_METHODS, type UrlMatchType, type UrlMethod } from '@gatehouse/engine/values';
import { EntryAddForm } from '../../../components/entry-list/entry-add-form.js';
import { showToast } from '../../../lib/toast-store.js';
import { useAddUrlEntry } from '../api/use-add-url-entry.js';
import { MATCH_OPTIONS } from '../url-blocker-form.js';

export function AddUrlEntryForm({ onUpgrade }: { onUpgrade: () => void }) {
  const addEntry = useAddUrlEntry();
  return (
    <EntryAddForm
      field={({ match }) => ({
        label: 'URL pattern',
        placeholder: (MATCH_OPTIONS.find((o) => o.value === match) ?? MATCH_OPTIONS[0]!)
          .placeholder,
        helpText:
          'Compared with the path of every request, percent-decoded and in any case: /WP-Login.php and /wp-login.php are the same.',
        maxLength: 500,
      })}
      notePlaceholder="Why this pattern is here"
      submit="Add to block list"
      adding={addEntry.isPending}
      onAdd={async (value, note, { match, withQuery, methods }) => {
        if (value.trim() === '') return { error: 'Enter a URL pattern, like /wp-login.php.' };
        const outcome = await addEntry.call({
          match,
          pattern: value.trim(),
          target: withQuery ? 'pathAndQuery' : 'path',
          methods,
          note,
        });
        if (!outcome.result) {
          if (outcome.status !== 403) return { error: outcome.message };
          onUpgrade();
          return 'kept';
        }
        showToast(`Blocked ${value.trim()}`);
        return 'added';
      }}
      extra={{
        defaults: { match: 'exact' as UrlMatchType, withQuery: false, methods: [] as UrlMethod[] },
        keep: true,
        render: (bind) => {
          const match = bind('match');
          const withQuery = bind('withQuery');
          const methods = bind('methods');
          // Each its own item of the form's row, as FormLayout.Group lays out its children.
          return [
            <Select
              key="match"
              label="Matches"
              options={MATCH_OPTIONS.map(({ label, value }) => ({ label, value }))}
              value={match.value}
              onChange={(value) => match.onChange(value as UrlMatchType)}
            />,
            <ChoiceList
              key="target"
              title="Compare with"
              choices={[
                { label: 'The path only', value: 'path' },
                { label: 'The path and its query string', value: 'pathAndQuery' },
              ]}
              selected={[withQuery.value ? 'pathAndQuery' : 'path']}
              onChange={([value]) => withQuery.onChange(value === 'pathAndQuery')}
            />,
            <ChoiceList
              key="methods"
              title="Methods (none chosen: all)"
              allowMultiple
              choices={URL_METHODS.map((m) => ({ label: m, value: m }))}
              selected={methods.value}
              onChange={(values) => methods.onChange(values as UrlMethod[])}
            />,
          ];
        },
      }}
    />
  );
}
