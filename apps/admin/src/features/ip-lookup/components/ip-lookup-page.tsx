// /iplookup and /iplookup/:ip, IP Address Lookup: a search field that checks the address and
// navigates to /iplookup/<ip>, which runs the lookup and shows the result. An optional user
// agent (kept in the address as ?ua=) is decided for too: a crawler's, a script's.
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  BlockStack,
  Button,
  Card,
  Layout,
  Page,
  SkeletonBodyText,
  Text,
  TextField,
} from '@shopify/polaris';
import { visitorLogMessages } from '@gatehouse/contracts';
import { isIp } from '@gatehouse/engine/values';
import { useIpLookup } from '../api/use-ip-lookup.js';
import { normaliseIpInput } from '../ip-address.js';
import { LookupResult } from './lookup-result.js';
import { pageTitles } from '../../../lib/pages.js';

export function IpLookupPage() {
  const { ip: routeIp = '' } = useParams();
  const [search] = useSearchParams();
  const routeUa = (search.get('ua') ?? '').trim().slice(0, 1000);
  const navigate = useNavigate();
  const address = normaliseIpInput(routeIp);
  const routeValid = address !== '' && isIp(address);

  // The field shows the address in the route, also after back/forward.
  const [field, setField] = useState({
    routeIp,
    routeUa,
    input: routeIp,
    ua: routeUa,
    error: null as string | null,
  });
  if (field.routeIp !== routeIp || field.routeUa !== routeUa) {
    setField({ routeIp, routeUa, input: routeIp, ua: routeUa, error: null });
  }
  const { input, ua, error: inputError } = field;
  const setUa = (text: string) => setField((current) => ({ ...current, ua: text }));
  const setInput = (text: string) => setField((current) => ({ ...current, input: text }));
  const setInputError = (error: string | null) => setField((current) => ({ ...current, error }));

  // 400 (the server's own check) is shown on the field, not as a toast.
  const lookup = useIpLookup(address, routeUa, routeValid);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const ip = normaliseIpInput(input);
    if (!isIp(ip)) {
      setInputError(visitorLogMessages.lookupIp);
      return;
    }
    setInputError(null);
    const agent = ua.trim();
    if (ip === address && agent === routeUa) void lookup.refetch();
    else {
      const query = agent ? `?${new URLSearchParams({ ua: agent }).toString()}` : '';
      void navigate(`/iplookup/${encodeURIComponent(ip)}${query}`);
    }
  };

  const error =
    inputError ??
    (routeIp !== '' && !routeValid ? visitorLogMessages.lookupIp : null) ??
    (lookup.isError ? lookup.error.message : null);

  return (
    <Page title={pageTitles.iplookup}>
      <Layout>
        <Layout.Section>
          <Card>
            <form onSubmit={submit} noValidate>
              <BlockStack gap="200">
                <Text as="p">
                  See where an address is, its network, and what your rules decide for its visitors.
                </Text>
                <TextField
                  label="IP address"
                  placeholder="203.0.113.7 or 2001:db8::7"
                  autoComplete="off"
                  value={input}
                  onChange={(value) => {
                    setInput(value);
                    setInputError(null);
                  }}
                  maxLength={64}
                  error={error ?? undefined}
                  connectedRight={
                    <Button submit variant="primary" loading={lookup.isFetching}>
                      Look up
                    </Button>
                  }
                />
                <TextField
                  label="User agent (optional)"
                  helpText="Paste a visitor's user agent to see what your bot and crawler rules decide for it, e.g. Googlebot's or a script's."
                  placeholder="Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
                  autoComplete="off"
                  value={ua}
                  onChange={setUa}
                  maxLength={1000}
                />
              </BlockStack>
            </form>
          </Card>
        </Layout.Section>
        {routeValid && lookup.isPending && lookup.fetchStatus === 'fetching' && (
          <Layout.Section>
            <Card>
              <SkeletonBodyText lines={6} />
            </Card>
          </Layout.Section>
        )}
        {routeValid && lookup.data && !lookup.isError && (
          <Layout.Section>
            <LookupResult result={lookup.data} />
          </Layout.Section>
        )}
      </Layout>
    </Page>
  );
}
