// /login: welcome, the subdomain hint, the domain form, and any reason the visitor was sent here
// (`?error=` or `?message=` from the server, e.g. a refused OAuth callback; `?session=expired`
// when a call found the session ended).
import { Banner, BlockStack, Text } from '@shopify/polaris';
import { useSearchParams } from 'react-router';
import { PLATFORM_DOMAIN, PRODUCT_NAME } from '@gatehouse/contracts';
import { sessionExpiredIn } from '../../../lib/session.js';
import { AuthCard } from './auth-card.js';
import { LoginForm } from './login-form.js';

export function LoginPage() {
  const [params] = useSearchParams();
  const notice = params.get('error') ?? params.get('message');
  const expired = sessionExpiredIn(params);

  return (
    <AuthCard>
      <BlockStack gap="200">
        <Text as="h1" variant="headingLg">
          Welcome to {PRODUCT_NAME}! 👋
        </Text>
        <Text as="p" tone="subdued">
          Please sign-in to your account and start the adventure
        </Text>
      </BlockStack>
      {expired && !notice && (
        <Banner tone="warning" title="Your session expired">
          <p>Please sign in again to continue.</p>
        </Banner>
      )}
      {notice && (
        <Banner tone="critical">
          <p>{notice}</p>
        </Banner>
      )}
      <Text as="p">
        Enter only the subdomain of your store&apos;s {PLATFORM_DOMAIN} domain: if the domain is
        abc123.{PLATFORM_DOMAIN}, enter abc123.
      </Text>
      <LoginForm />
    </AuthCard>
  );
}
