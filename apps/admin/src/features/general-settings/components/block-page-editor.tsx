// The block page's title, message, colours and logo beside a live preview of the result.
import { BlockStack, Card, FormLayout, InlineGrid, Text, TextField } from '@shopify/polaris';
import type { GeneralSettings } from '@gatehouse/contracts';
import { BlockPagePreview } from './block-page-preview.js';
import { ColourField } from './colour-field.js';

type BlockPage = GeneralSettings['blockPage'];

export function BlockPageEditor({
  page,
  errors,
  onChange,
}: {
  page: BlockPage;
  errors: Record<string, string>;
  onChange: (change: Partial<BlockPage>) => void;
}) {
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Block page
          </Text>
          <Text as="p" tone="subdued">
            What blocked visitors see instead of your store.
          </Text>
        </BlockStack>
        {/* Top-aligned: stretched to the preview's height, the form would spread its fields
            apart. */}
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="400" alignItems="start">
          <FormLayout>
            <TextField
              label="Title"
              value={page.title}
              onChange={(title) => onChange({ title })}
              error={errors['blockPage.title']}
              autoComplete="off"
              maxLength={100}
            />
            <TextField
              label="Message"
              value={page.message}
              onChange={(message) => onChange({ message })}
              error={errors['blockPage.message']}
              autoComplete="off"
              multiline={4}
              maxLength={1000}
            />
            <FormLayout.Group condensed>
              <ColourField
                label="Background colour"
                value={page.backgroundColor}
                error={errors['blockPage.backgroundColor']}
                onChange={(backgroundColor) => onChange({ backgroundColor })}
              />
              <ColourField
                label="Text colour"
                value={page.textColor}
                error={errors['blockPage.textColor']}
                onChange={(textColor) => onChange({ textColor })}
              />
            </FormLayout.Group>
            <TextField
              label="Logo URL"
              type="url"
              placeholder="https://cdn.example.com/logo.png"
              helpText="Optional. An https:// image address."
              value={page.logoUrl ?? ''}
              onChange={(logoUrl) => onChange({ logoUrl: logoUrl === '' ? null : logoUrl })}
              error={errors['blockPage.logoUrl']}
              autoComplete="off"
            />
          </FormLayout>
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm">
              Preview
            </Text>
            <BlockPagePreview page={page} />
          </BlockStack>
        </InlineGrid>
      </BlockStack>
    </Card>
  );
}
