// "Test as a visitor from…": runs the saved rules for a visitor from a chosen country on a
// page of the store and says what they would get (sent where, asked first, stopped by a
// blocker, or staying).
import { useState } from 'react';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { countries } from '@gatehouse/engine/values';
import type { GeoRedirectTestResult } from '@gatehouse/contracts';
import { useTestGeoRedirect } from '../api/use-test-geo-redirect.js';

const COUNTRY_OPTIONS = countries.map((c) => ({ label: c.name, value: c.code }));

export function TestVisitorCard({ storeUrl, unsaved }: { storeUrl: string; unsaved: boolean }) {
  const test = useTestGeoRedirect();
  const [country, setCountry] = useState('DE');
  const [url, setUrl] = useState(`${storeUrl.replace(/\/+$/, '')}/`);
  const [result, setResult] = useState<GeoRedirectTestResult | null>(null);

  const run = async () => {
    const outcome = await test.call({ country, url: url.trim() });
    setResult(outcome.result ? outcome.data : null);
  };

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Test as a visitor from…
        </Text>
        <Text as="p" tone="subdued">
          {unsaved
            ? 'Tests the saved redirects: save your changes first to test them.'
            : 'See what a visitor from a country gets on a page of your store, with your saved redirects and blockers.'}
        </Text>
        <FormLayout>
          <FormLayout.Group>
            <Select
              label="Country"
              options={COUNTRY_OPTIONS}
              value={country}
              onChange={setCountry}
            />
            <TextField label="Page" value={url} onChange={setUrl} autoComplete="off" type="url" />
          </FormLayout.Group>
        </FormLayout>
        <div>
          <Button onClick={() => void run()} loading={test.isPending}>
            Test
          </Button>
        </div>
        {result && (
          <Banner
            tone={
              result.action === 'redirect'
                ? 'info'
                : result.action === 'block'
                  ? 'warning'
                  : 'success'
            }
          >
            <p>{result.message}</p>
          </Banner>
        )}
      </BlockStack>
    </Card>
  );
}
