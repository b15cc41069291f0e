// /contentProtect: Content Protection. One line per switch with where it applies (off, the
// whole store, or product and collection pages), saved with the contextual save bar, and an
// honest account of what this can and cannot stop. A paid feature: on Free the page explains
// it and leads to the subscription page.
import { BlockStack, Card, Layout, List, Page, Select, Text } from '@shopify/polaris';
import {
  CONTENT_SWITCHES,
  contentProtectionSettings,
  type ContentProtectionSettings,
  type ContentScope,
  type ContentSwitch,
} from '@gatehouse/contracts';
import { LoadingPage, PaidListPage } from '../../../components/entry-list/list-blocker-page.js';
import { PlanUpgradeCard } from '../../../components/entry-list/plan-upgrade-card.js';
import { SaveBar } from '../../../components/save-bar.js';
import { showToast } from '../../../lib/toast-store.js';
import { useSaveBarForm } from '../../../lib/use-save-bar-form.js';
import { useContentProtection, useSaveContentProtection } from '../use-content-protection.js';
import { pageTitles } from '../../../lib/pages.js';

const TITLE = pageTitles.contentProtect;

const SWITCHES: Record<ContentSwitch, { label: string; help: string }> = {
  rightClick: { label: 'Right-click', help: 'The right-click menu (save image, inspect).' },
  select: { label: 'Text selection', help: 'Selecting the page’s text with the mouse or finger.' },
  copy: { label: 'Copy and cut', help: 'Copying or cutting the page’s text and images.' },
  drag: { label: 'Image dragging', help: 'Dragging images out of the page.' },
  shortcuts: {
    label: 'Keyboard shortcuts',
    help: 'Save (Ctrl/⌘ S), print (Ctrl/⌘ P), view source (Ctrl/⌘ U) and select all (Ctrl/⌘ A).',
  },
  devtools: {
    label: 'Developer tools keys',
    help: 'F12, Ctrl+Shift+I/J/C and ⌘⌥I/J/C.',
  },
  frame: {
    label: 'Being framed by other sites',
    help: 'Another site showing your store inside its own page. The theme editor still works.',
  },
};

const SCOPES: { label: string; value: ContentScope }[] = [
  { label: 'Off', value: 'off' },
  { label: 'Whole store', value: 'store' },
  { label: 'Products and collections', value: 'catalog' },
];

export function ContentProtectionPage() {
  return (
    <PaidListPage
      title={TITLE}
      upgradeCard={
        <PlanUpgradeCard
          title="Content Protection is part of Premium and Pay-As-You-Go"
          intro="Make copying your store’s text and pictures harder:"
          items={[
            'turn off right-click, selection, copying and image dragging;',
            'block the save, print and view-source shortcuts and other sites framing your store.',
          ]}
        />
      }
      editor={() => <ContentProtectionEditor />}
    />
  );
}

function ContentProtectionEditor() {
  const stored = useContentProtection();
  const save = useSaveContentProtection();
  const form = useSaveBarForm<ContentProtectionSettings, 'saveContentProtection'>(stored.data, {
    schema: contentProtectionSettings,
    submit: (draft) => save.call(draft),
    onSaved: () => showToast('Content Protection saved'),
  });
  const draft = form.draft;
  if (draft === undefined || stored.isLoading) return <LoadingPage title={TITLE} />;
  return (
    <Page title={TITLE}>
      <SaveBar {...form.saveBar} />
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="400">
                <Text as="h2" variant="headingMd">
                  What to turn off for visitors
                </Text>
                {CONTENT_SWITCHES.map((name) => (
                  <Select
                    key={name}
                    label={SWITCHES[name].label}
                    helpText={SWITCHES[name].help}
                    options={SCOPES}
                    value={draft[name]}
                    onChange={(value) => form.change({ [name]: value as ContentScope })}
                  />
                ))}
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                What this can and cannot stop
              </Text>
              <Text as="p">
                It stops casual copying: most visitors who right-click, select or press Ctrl+C get
                nothing. Your own devices with Admin Access on are never restricted, and form fields
                stay usable for everyone.
              </Text>
              <Text as="p">It cannot stop someone determined:</Text>
              <List>
                <List.Item>screenshots and photos of the screen;</List.Item>
                <List.Item>
                  a browser with scripts turned off, or the developer tools opened from the
                  browser’s menu;
                </List.Item>
                <List.Item>
                  tools that download pages directly, and your product data in the platform’s feeds.
                </List.Item>
              </List>
              <Text as="p" tone="subdued">
                It works through the app embed, so it needs the embed turned on in your theme.
              </Text>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
