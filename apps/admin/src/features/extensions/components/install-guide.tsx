// The step-by-step guide, with pictures of the theme editor as the platform shows it (generated
// from the local platform by the pictures script, never drawn by hand), and what to do after
// the store changes its theme.
import { BlockStack, Card, Image, List, Text } from '@shopify/polaris';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import editorActivated from '../assets/theme-editor-activated.jpg';
import editorOff from '../assets/theme-editor-off.jpg';
import editorSaved from '../assets/theme-editor-saved.jpg';

/**
 * The pictures' size as the pictures script takes them: given to each picture so its place is
 * laid out before it has loaded, and the steps below it do not move down when it arrives.
 */
const PICTURE_SIZE = { width: 1100, height: 620 };

interface Step {
  title: string;
  text: string;
  picture: string;
  alt: string;
}

const steps: Step[] = [
  {
    title: '1. Open the Theme Editor with the embed switched on',
    text: `Click "Activate in Theme Editor" above (or "Activate" on the bar at the top of the app). Your Theme Editor opens in a new tab on "App embeds", with ${PRODUCT_NAME} protection already switched on.`,
    picture: editorActivated,
    alt: 'The Theme Editor opened by the link: the app embeds panel with Gatehouse protection switched on, and a note asking to save',
  },
  {
    title: '2. Click Save',
    text: 'Nothing changes on your store until you save. After saving, the panel says "On in the published theme".',
    picture: editorSaved,
    alt: 'The Theme Editor after Save: Gatehouse protection on in the published theme',
  },
  {
    title: '3. Come back here',
    text: 'This page checks your live theme every few seconds and shows On. If the Theme Editor opened without the switch on, go to Online Store → Themes → Customize → App embeds and switch it on yourself, as below, then save.',
    picture: editorOff,
    alt: 'The Theme Editor opened by hand: the app embeds panel with Gatehouse protection switched off',
  },
];

export function InstallGuide() {
  return (
    <Card>
      <BlockStack gap="500">
        <Text as="h2" variant="headingMd">
          How to activate it, step by step
        </Text>
        {steps.map((step) => (
          <BlockStack gap="200" key={step.title}>
            <Text as="h3" variant="headingSm">
              {step.title}
            </Text>
            <Text as="p">{step.text}</Text>
            <div className="gh-guide-picture">
              <Image source={step.picture} alt={step.alt} {...PICTURE_SIZE} />
            </div>
          </BlockStack>
        ))}
      </BlockStack>
    </Card>
  );
}

export function AfterThemeChange() {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          After you change or update your theme
        </Text>
        <Text as="p">
          App embeds are switched on per theme. When you publish another theme, or a new copy of
          yours, the embed starts off in it and your store loses its early protection.
        </Text>
        <List type="number">
          <List.Item>Publish the new theme as usual.</List.Item>
          <List.Item>
            Open this page: the status reads the theme that is live now and shows Off.
          </List.Item>
          <List.Item>Click &quot;Activate in Theme Editor&quot;, then Save.</List.Item>
        </List>
        <Text as="p" tone="subdued">
          Editing or updating the same theme keeps the embed as it was.
        </Text>
      </BlockStack>
    </Card>
  );
}
