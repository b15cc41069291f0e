// Which orders a filter catches: groups of conditions, each group "all of" or "any of" its
// conditions, the groups themselves joined by AND or OR (one level of groups).
import {
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  Divider,
  InlineError,
  InlineStack,
  Text,
} from '@shopify/polaris';
import { FILTER_LIMITS } from '@gatehouse/contracts';
import { Fragment } from 'react';
import {
  newCondition,
  newGroup,
  type ConditionDraft,
  type FilterDraft,
  type FilterErrors,
  type GroupDraft,
} from '../auto-cancel-form.js';
import { ConditionRow } from './condition-row.js';

/** Two buttons, one pressed: AND (false) or OR (true). */
function Joiner({
  any,
  label,
  onChange,
}: {
  any: boolean;
  label: string;
  onChange: (any: boolean) => void;
}) {
  return (
    <ButtonGroup variant="segmented">
      <Button pressed={!any} onClick={() => onChange(false)} accessibilityLabel={`${label}: all`}>
        AND
      </Button>
      <Button pressed={any} onClick={() => onChange(true)} accessibilityLabel={`${label}: any`}>
        OR
      </Button>
    </ButtonGroup>
  );
}

function GroupCard({
  group,
  position,
  errors,
  canRemove,
  onChange,
  onRemove,
}: {
  group: GroupDraft;
  position: number;
  errors: FilterErrors;
  canRemove: boolean;
  onChange: (next: GroupDraft) => void;
  onRemove: () => void;
}) {
  const setCondition = (key: string, next: ConditionDraft) =>
    onChange({ ...group, conditions: group.conditions.map((c) => (c.key === key ? next : c)) });
  const full = group.conditions.length >= FILTER_LIMITS.conditionsPerGroup;
  return (
    <Box borderColor="border" borderWidth="025" borderRadius="200" padding="300">
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h3" variant="headingSm">
              {`Group ${position}`}
            </Text>
            {group.conditions.length > 1 && (
              <Text as="span" tone="subdued">
                {group.any ? 'any one condition is enough' : 'all conditions must hold'}
              </Text>
            )}
          </InlineStack>
          {canRemove && (
            <Button variant="plain" tone="critical" onClick={onRemove}>
              {`Remove group ${position}`}
            </Button>
          )}
        </InlineStack>
        {group.conditions.map((condition, index) => (
          <Fragment key={condition.key}>
            {index > 0 && (
              <InlineStack gap="200" blockAlign="center">
                {index === 1 ? (
                  <Joiner
                    any={group.any}
                    label={`Group ${position}`}
                    onChange={(any) => onChange({ ...group, any })}
                  />
                ) : (
                  <Text as="span" fontWeight="semibold">
                    {group.any ? 'OR' : 'AND'}
                  </Text>
                )}
              </InlineStack>
            )}
            <ConditionRow
              condition={condition}
              name={`Group ${position}, condition ${index + 1}`}
              error={errors.conditions[condition.key]}
              canRemove={group.conditions.length > 1 || canRemove}
              onChange={(next) => setCondition(condition.key, next)}
              onRemove={() =>
                onChange({
                  ...group,
                  conditions: group.conditions.filter((c) => c.key !== condition.key),
                })
              }
            />
          </Fragment>
        ))}
        {errors.groups[group.key] && (
          <InlineError message={errors.groups[group.key]!} fieldID={group.key} />
        )}
        <div>
          <Button
            disabled={full}
            onClick={() =>
              onChange({ ...group, conditions: [...group.conditions, newCondition()] })
            }
          >
            Add condition
          </Button>
        </div>
      </BlockStack>
    </Box>
  );
}

export function MatchEditor({
  draft,
  errors,
  onChange,
}: {
  draft: FilterDraft;
  errors: FilterErrors;
  onChange: (change: Partial<FilterDraft>) => void;
}) {
  const { groups } = draft;
  const setGroup = (key: string, next: GroupDraft) =>
    onChange({ groups: groups.map((g) => (g.key === key ? next : g)) });
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Orders it catches
          </Text>
          <Text as="p" tone="subdued">
            An order is caught when its conditions hold. Join conditions with AND (all must hold) or
            OR (any one is enough); put conditions in groups to mix both.
          </Text>
        </BlockStack>
        {groups.map((group, index) => (
          <Fragment key={group.key}>
            {index > 0 && (
              <InlineStack gap="200" blockAlign="center">
                {index === 1 ? (
                  <Joiner any={draft.any} label="Groups" onChange={(any) => onChange({ any })} />
                ) : (
                  <Text as="span" fontWeight="semibold">
                    {draft.any ? 'OR' : 'AND'}
                  </Text>
                )}
                <Text as="span" tone="subdued">
                  {draft.any ? 'any one group is enough' : 'every group must hold'}
                </Text>
              </InlineStack>
            )}
            <GroupCard
              group={group}
              position={index + 1}
              errors={errors}
              canRemove={groups.length > 1}
              onChange={(next) => setGroup(group.key, next)}
              onRemove={() => onChange({ groups: groups.filter((g) => g.key !== group.key) })}
            />
          </Fragment>
        ))}
        <Divider />
        <div>
          <Button
            disabled={groups.length >= FILTER_LIMITS.groups}
            onClick={() => onChange({ groups: [...groups, newGroup()] })}
          >
            Add group
          </Button>
        </div>
      </BlockStack>
    </Card>
  );
}
