// /private-policy: the static privacy policy, readable without signing in.
import type { ReactNode } from 'react';
import { BlockStack, Card, List, Page, Text } from '@shopify/polaris';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { pageTitles } from '../../../lib/pages.js';

export const PRIVACY_POLICY_UPDATED = 'Jan 12, 2020';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <BlockStack gap="200">
      <Text as="h2" variant="headingMd">
        {title}
      </Text>
      {children}
    </BlockStack>
  );
}

export function PrivacyPolicyPage() {
  return (
    <Page title={pageTitles.privacyPolicy} subtitle={`Latest update: ${PRIVACY_POLICY_UPDATED}`}>
      <Card padding="600">
        <BlockStack gap="600">
          <Text as="p">
            {PRODUCT_NAME} (&quot;we&quot;, &quot;us&quot;) provides an app that protects online
            stores by blocking unwanted storefront visitors and filtering risky orders. This policy
            explains which information we collect when merchants and their staff use {PRODUCT_NAME},
            how we use it, and the rights you have over it. By using {PRODUCT_NAME} you agree to the
            collection and use of information as described here.
          </Text>

          <Section title="Information we collect">
            <Text as="p">
              While using {PRODUCT_NAME} we may ask you for, or receive from the platform your store
              runs on, personal data that can be used to contact or identify you:
            </Text>
            <List>
              <List.Item>Email address</List.Item>
              <List.Item>First name and last name</List.Item>
              <List.Item>Cookies and usage data</List.Item>
            </List>
          </Section>

          <Section title="Usage data">
            <Text as="p">
              We collect information on how the app is accessed and used: your device&apos;s IP
              address, browser type and version, the pages of the app you visit, the time and date
              of your visit, the time spent on those pages and other diagnostic data. To protect
              your store we also process the IP address, country and user agent of visitors of your
              storefront, and keep visitor logs for the period shown in the app.
            </Text>
          </Section>

          <Section title="Cookies">
            <Text as="p">
              Cookies are small files stored on your device. {PRODUCT_NAME} uses them to keep you
              signed in and to remember your preferences. You can instruct your browser to refuse
              all cookies; without them you will not be able to sign in to the app.
            </Text>
          </Section>

          <Section title="How we use your data">
            <List>
              <List.Item>To provide and maintain the app and its protection features</List.Item>
              <List.Item>To notify you about changes to the app</List.Item>
              <List.Item>To answer your support requests</List.Item>
              <List.Item>To detect, prevent and address technical issues and abuse</List.Item>
              <List.Item>To bill the subscription you choose, through the platform</List.Item>
            </List>
          </Section>

          <Section title="Retention and security">
            <Text as="p">
              We keep personal data only as long as needed for the purposes in this policy, and
              delete your store&apos;s data after the app is uninstalled, except where the law
              requires us to keep it longer. We use commercially acceptable means to protect it, but
              no method of transmission over the Internet or of electronic storage is 100% secure.
            </Text>
          </Section>

          <Section title="Disclosure of data">
            <Text as="p">
              We do not sell your personal data. We disclose it only when the law requires it, to
              protect our rights or the safety of our users, or to service providers that operate
              parts of the app on our behalf and are bound to keep it confidential.
            </Text>
          </Section>

          <Section title="Your rights">
            <Text as="p">You have the right to:</Text>
            <List>
              <List.Item>access the personal data we hold about you</List.Item>
              <List.Item>have inaccurate data corrected</List.Item>
              <List.Item>have your data erased</List.Item>
              <List.Item>object to or restrict our processing of your data</List.Item>
              <List.Item>receive your data in a structured, machine-readable format</List.Item>
              <List.Item>withdraw your consent at any time where we rely on it</List.Item>
              <List.Item>complain to your local data protection authority</List.Item>
            </List>
            <Text as="p">
              To exercise any of these rights, contact us through the Contact Us option in the app.
              We may ask you to verify your identity first. We answer every request within one
              month.
            </Text>
          </Section>

          <Section title="Children">
            <Text as="p">
              {PRODUCT_NAME} is meant for businesses and is not directed at anyone under 18. We do
              not knowingly collect personal data from children.
            </Text>
          </Section>

          <Section title="Changes to this policy">
            <Text as="p">
              We may update this policy from time to time. Changes take effect when they are posted
              on this page, and the date below shows the latest update.
            </Text>
          </Section>

          <Text as="p" tone="subdued">
            Latest update: {PRIVACY_POLICY_UPDATED}
          </Text>
        </BlockStack>
      </Card>
    </Page>
  );
}
