// One redirect in the ordered list: a drag handle (pointer, touch, or the keyboard: focus it,
// Space to lift, arrows to move, Space to drop), where it applies, the target, whether the
// path is kept, and automatic or a prompt with its texts and the target's flag; each problem at
// its field, that the server refused it at the last save, and what the redirects above it take
// from it.
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  ChoiceList,
  FormLayout,
  InlineStack,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { countries } from '@gatehouse/engine/values';
import { DragHandle } from '../../../components/sortable-list/sortable-list.js';
import {
  shadowText,
  type RedirectDraft,
  type RuleErrors,
  type Shadow,
} from '../geo-redirects-form.js';
import { RedirectCountries } from './redirect-countries.js';

const FLAG_OPTIONS = [
  { label: 'No flag', value: '' },
  ...countries.map((c) => ({ label: c.name, value: c.code })),
];

export function RedirectRuleCard({
  rule,
  position,
  errors,
  refused,
  shadow,
  onChange,
  onRemove,
}: {
  rule: RedirectDraft;
  position: number;
  /** The rule's problems, found before the save or by the server. */
  errors: RuleErrors;
  /** The server refused this rule at the last save. */
  refused: boolean;
  /** What the redirects above take from this one. */
  shadow?: Shadow | undefined;
  onChange: (change: Partial<RedirectDraft>) => void;
  onRemove: () => void;
}) {
  const prompt = rule.prompt;
  const setPrompt = (change: Partial<RedirectDraft['prompt']>) =>
    onChange({ prompt: { ...prompt, ...change } });

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center" wrap={false} gap="200">
          <InlineStack gap="200" blockAlign="center" wrap={false}>
            <DragHandle label={`Move redirect ${position}`} />
            <Text as="h2" variant="headingMd">
              {`Redirect ${position}`}
            </Text>
          </InlineStack>
          <InlineStack gap="300" blockAlign="center">
            <Checkbox
              label="On"
              checked={rule.enabled}
              onChange={(enabled) => onChange({ enabled })}
            />
            <Button variant="plain" tone="critical" onClick={onRemove}>
              Remove
            </Button>
          </InlineStack>
        </InlineStack>
        {(refused || errors.rule) && (
          <Banner tone="critical" title={`Redirect ${position} was not saved`}>
            <p>{errors.rule ?? 'Correct the fields marked below, then save again.'}</p>
          </Banner>
        )}
        {shadow && (
          <Banner tone="warning">
            <p>{shadowText(shadow)}</p>
          </Banner>
        )}
        <RedirectCountries
          countries={rule.countries}
          chosenContinents={rule.continents}
          error={errors.countries}
          onChange={onChange}
        />
        <TextField
          label="Send them to"
          placeholder="https://example.de"
          value={rule.url}
          onChange={(url) => onChange({ url })}
          autoComplete="off"
          type="url"
          error={errors.url}
        />
        <Checkbox
          label="Keep the page they asked for"
          helpText="On: a visitor on /products/hat?size=m goes to the same path and query on the target. Off: to the target address itself."
          checked={rule.keepPath}
          onChange={(keepPath) => onChange({ keepPath })}
        />
        <ChoiceList
          title="How"
          choices={[
            { label: 'Redirect automatically', value: 'auto' },
            {
              label: 'Ask the visitor first',
              value: 'prompt',
              helpText: 'Your store shows with a small window over it; the answer is remembered.',
            },
          ]}
          selected={[rule.mode]}
          onChange={([mode]) => onChange({ mode: mode === 'prompt' ? 'prompt' : 'auto' })}
        />
        {/* The prompt's texts are shown while one of them is refused, even for an automatic
            redirect: they are saved with it. */}
        {(rule.mode === 'prompt' || errors.prompt) && (
          <Box paddingInlineStart="600">
            <FormLayout>
              <FormLayout.Group>
                <TextField
                  label="Title"
                  value={prompt.title}
                  onChange={(title) => setPrompt({ title })}
                  autoComplete="off"
                  maxLength={200}
                  error={errors.prompt?.title}
                />
                <Select
                  label="Flag of the target store"
                  options={FLAG_OPTIONS}
                  value={prompt.flag}
                  onChange={(flag) => setPrompt({ flag })}
                />
              </FormLayout.Group>
              <TextField
                label="Text"
                value={prompt.text}
                onChange={(text) => setPrompt({ text })}
                autoComplete="off"
                multiline={2}
                maxLength={1000}
                error={errors.prompt?.text}
              />
              <FormLayout.Group>
                <TextField
                  label="Button that redirects"
                  value={prompt.accept}
                  onChange={(accept) => setPrompt({ accept })}
                  autoComplete="off"
                  maxLength={60}
                  error={errors.prompt?.accept}
                />
                <TextField
                  label="Button that stays"
                  value={prompt.decline}
                  onChange={(decline) => setPrompt({ decline })}
                  autoComplete="off"
                  maxLength={60}
                  error={errors.prompt?.decline}
                />
              </FormLayout.Group>
            </FormLayout>
          </Box>
        )}
      </BlockStack>
    </Card>
  );
}
