// /login: welcome, the subdomain hint, the domain form, and any reason the server sent back here
// with (`?error=` or `?message=`, e.g. a refused OAuth callback).
import { Banner, BlockStack, Text } from '@shopify/polaris';
import { useSearchParams } from 'react-router';
import { PLATFORM_DOMAIN, PRODUCT_NAME } from '@gatehouse/contracts';
import { AuthCard } from './auth-card.js';
import { LoginForm } from './login-form.js';

export function LoginPage() {
  const [params] = useSearchParams();
  const notice = params.get('error') ?? params.get('message');

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
