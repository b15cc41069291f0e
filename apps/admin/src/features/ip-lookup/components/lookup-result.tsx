// The answer of an IP lookup: where the address is, its network, the flags the engine knows,
// and what the shop's current rules decide for a visit from it, naming the deciding rule.
import type { ReactNode } from 'react';
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Card,
  InlineGrid,
  InlineStack,
  Link,
  Text,
} from '@shopify/polaris';
import {
  IP_LOOKUP_ATTRIBUTION,
  IP_LOOKUP_ATTRIBUTION_URL,
  type IpLookupResult,
} from '@gatehouse/contracts';
import { countryName } from '@gatehouse/engine/values';
import { actionBadge, decidingRule } from '../../../lib/decision-labels.js';
import { CountryFlag } from '../../../components/country-flag.js';
import {
  coordinatesLabel,
  crawlerCheckLabel,
  flagBadges,
  showsCityData,
  sourcesLine,
} from '../lookup-labels.js';

const UNKNOWN = 'Unknown';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <BlockStack gap="100">
      <Text as="dt" variant="bodySm" tone="subdued">
        {label}
      </Text>
      <Text as="dd" variant="bodyMd" fontWeight="medium">
        {children}
      </Text>
    </BlockStack>
  );
}

function Decision({ result }: { result: IpLookupResult }) {
  const { decision } = result;
  const badge = actionBadge(decision);
  const rule = decidingRule(decision);
  const crawler = result.crawler && crawlerCheckLabel(result.crawler);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          What your rules decide
        </Text>
        <InlineStack gap="200" blockAlign="center">
          <Badge tone={badge.tone} size="large">
            {badge.label}
          </Badge>
          {crawler && <Badge tone={crawler.tone}>{crawler.label}</Badge>}
          <Text as="p">
            {decision.rule || decision.monitor ? (
              <>
                Decided by{' '}
                {rule.url ? <Link url={rule.url}>{rule.label}</Link> : <span>{rule.label}</span>}
              </>
            ) : result.userAgent ? (
              'No rule matches this visit: it is let in.'
            ) : (
              'No rule matches this address: its visitors are let in.'
            )}
          </Text>
        </InlineStack>
        {result.notEnforced.map((text) => (
          <Banner key={text} tone="warning">
            <Text as="p">
              {text}. Its address list has not been downloaded yet, so visitors of that kind get in
              for now.
            </Text>
          </Banner>
        ))}
        {decision.rule && decision.monitor && (
          <Text as="p" tone="subdued">
            Also matched in monitor mode:{' '}
            <Link url={decision.monitor.page}>{decision.monitor.label}</Link> would{' '}
            {decision.monitor.action} this visitor.
          </Text>
        )}
        <Text as="p" variant="bodySm" tone="subdued" breakWord>
          For a visit to your store&apos;s home page, with the rules as they are now,{' '}
          {result.userAgent ? `from the user agent “${result.userAgent}”.` : 'from a browser.'}
        </Text>
      </BlockStack>
    </Card>
  );
}

export function LookupResult({ result }: { result: IpLookupResult }) {
  const coordinates = coordinatesLabel(result.latitude, result.longitude);
  const placeUnknown = result.placeWithheld ? 'Not shown' : UNKNOWN;
  const sources = sourcesLine(result.sources);
  const country = result.country ? (
    <>
      <CountryFlag code={result.country} /> {result.countryName ?? result.country} ({result.country}
      )
    </>
  ) : (
    UNKNOWN
  );
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="400">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h2" variant="headingLg">
              {result.ip}
            </Text>
            {flagBadges(result).map((badge) => (
              <Badge key={badge.label} tone={badge.tone}>
                {badge.label}
              </Badge>
            ))}
          </InlineStack>
          {result.flags.reserved && (
            <Text as="p" tone="subdued">
              This address belongs to a private or reserved range, so it has no location.
            </Text>
          )}
          <Box as="div">
            <dl style={{ margin: 0 }}>
              <InlineGrid columns={{ xs: 1, sm: 2, md: 3 }} gap="400">
                <Field label="Country">{country}</Field>
                <Field label="Region">{result.region ?? placeUnknown}</Field>
                <Field label="City">{result.city ?? placeUnknown}</Field>
                <Field label="Coordinates">{coordinates ?? placeUnknown}</Field>
                <Field label="ASN">{result.asn === null ? UNKNOWN : `AS${result.asn}`}</Field>
                <Field label="Organisation">{result.org ?? UNKNOWN}</Field>
              </InlineGrid>
            </dl>
          </Box>
          {result.placeWithheld && (
            <Text as="p" tone="subdued">
              The city database places this address in {countryName(result.placeWithheld)}. Its
              region and city are not shown, as they contradict the country your rules use.
            </Text>
          )}
          {sources && (
            <Text as="p" variant="bodySm" tone="subdued">
              {sources}
            </Text>
          )}
          {showsCityData(result) && (
            <Text as="p" variant="bodySm" tone="subdued">
              <Link url={IP_LOOKUP_ATTRIBUTION_URL} target="_blank">
                {IP_LOOKUP_ATTRIBUTION}
              </Link>
            </Text>
          )}
        </BlockStack>
      </Card>
      <Decision result={result} />
    </BlockStack>
  );
}
