// What a blocked visitor gets (the block page or a redirect) and the monitor-only switch, for
// any blocker whose rule carries one action (Country Blocker, ISP/ASN Blocker): the fields
// alone (RuleActionFields, for a page with several actions) or in their own card. A blocker whose
// rules each have their own monitor mode (Bot Blocker) leaves the switch out.
import { BlockStack, Card, Checkbox, ChoiceList, Text, TextField } from '@shopify/polaris';

/** The part of a blocker's form this card edits. */
export interface RuleActionForm {
  actionType: 'block' | 'redirect';
  redirectUrl: string;
  monitor: boolean;
}

export interface RuleActionFieldsProps {
  form: RuleActionForm;
  urlError: string | undefined;
  onChange: (change: Partial<RuleActionForm>) => void;
  onUrlBlur: () => void;
  /** The question the choice answers. */
  title?: string;
  monitorHelp?: string;
  /** False when monitor mode is set rule by rule instead. */
  showMonitor?: boolean;
}

export function RuleActionFields({
  form,
  urlError,
  onChange,
  onUrlBlur,
  title = 'When a visitor is blocked',
  monitorHelp = 'Try the rule first: visits it would block are recorded in the visitor log, and nobody is blocked.',
  showMonitor = true,
}: RuleActionFieldsProps) {
  return (
    <BlockStack gap="400">
      <ChoiceList
        title={title}
        selected={[form.actionType]}
        onChange={([value]) =>
          onChange({ actionType: value === 'redirect' ? 'redirect' : 'block' })
        }
        choices={[
          {
            label: 'Show the block page',
            value: 'block',
            helpText: 'The title, message and colours set in General Settings.',
          },
          {
            label: 'Redirect to a URL',
            value: 'redirect',
            renderChildren: (isSelected: boolean) =>
              isSelected && (
                <TextField
                  label="Redirect URL"
                  helpText="Blocked visitors are sent to this address."
                  type="url"
                  placeholder="https://example.com/not-available"
                  value={form.redirectUrl}
                  onChange={(redirectUrl) => onChange({ redirectUrl })}
                  onBlur={onUrlBlur}
                  error={urlError}
                  autoComplete="url"
                />
              ),
          },
        ]}
      />
      {showMonitor && (
        <Checkbox
          label="Monitor only: log would-be blocks, let visitors in"
          helpText={monitorHelp}
          checked={form.monitor}
          onChange={(monitor) => onChange({ monitor })}
        />
      )}
    </BlockStack>
  );
}

export function RuleActionCard(props: RuleActionFieldsProps) {
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Action
        </Text>
        <RuleActionFields {...props} />
      </BlockStack>
    </Card>
  );
}
