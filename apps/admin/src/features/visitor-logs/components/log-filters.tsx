// The filter bar of the visitor logs (Polaris Filters): the query field takes an IP or CIDR
// range, or the reference a blocked shopper quotes (it finds that blocked visit); action, country, ASN, URL, network, bot category, crawler and time range sit behind
// filter pills. Typed values are
// written to the address bar after a short pause; choices at once.
import { useEffect, useState } from 'react';
import { BlockStack, ChoiceList, Filters, InlineStack, TextField } from '@shopify/polaris';
import type { AppliedFilterInterface } from '@shopify/polaris';
import { isVisitReference } from '@gatehouse/contracts';
import { countryName } from '@gatehouse/engine/values';
import {
  timeRangeLabels,
  timeRanges,
  type FilterErrors,
  type LogFilters,
  type TimeRange,
} from '../visit-filters.js';
import { actionFilterLabels, actionFilterOptions } from '../action-filter.js';
import { CountryFilter } from './country-filter.js';
import { networkFilters } from './network-filters.js';

const TYPING_DELAY_MS = 400;

type TextKey = 'ip' | 'asn' | 'url';
type Drafts = Record<TextKey, string>;
const textKeys: TextKey[] = ['ip', 'asn', 'url'];

/** What the query field shows: the address filter or the reference, whichever is set. */
const queryOf = (filters: LogFilters) => filters.ip ?? filters.ref ?? '';

function draftsOf(filters: LogFilters): Drafts {
  return { ip: queryOf(filters), asn: filters.asn ?? '', url: filters.url ?? '' };
}

function sameText(drafts: Drafts, filters: LogFilters): boolean {
  return textKeys.every(
    (key) => drafts[key].trim() === (key === 'ip' ? queryOf(filters) : (filters[key] ?? '')),
  );
}

/** The query field's text as a filter: a reference when it reads as one, else an address. */
function setQuery(next: LogFilters, value: string): void {
  delete next.ip;
  delete next.ref;
  if (value === '') return;
  if (isVisitReference(value)) next.ref = value;
  else next.ip = value;
}

interface Props {
  filters: LogFilters;
  errors: FilterErrors;
  loading: boolean;
  onChange: (filters: LogFilters) => void;
}

export function LogFilters({ filters, errors, loading, onChange }: Props) {
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(filters));
  const [shownFilters, setShownFilters] = useState(filters);

  // Filters changed elsewhere (a pill removed, "Clear all", back/forward): show them.
  if (shownFilters !== filters) {
    setShownFilters(filters);
    if (!sameText(drafts, filters)) setDrafts(draftsOf(filters));
  }

  useEffect(() => {
    if (sameText(drafts, filters)) return;
    const timer = setTimeout(() => {
      const next: LogFilters = { ...filters };
      for (const key of textKeys) {
        const value = drafts[key].trim();
        if (key === 'ip') setQuery(next, value);
        else if (value === '') delete next[key];
        else next[key] = value;
      }
      onChange(next);
    }, TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [drafts, filters, onChange]);

  const set = (patch: Partial<LogFilters>) => {
    const next: LogFilters = { ...filters, ...patch };
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || value === '') delete next[key as keyof LogFilters];
    }
    onChange(next);
  };
  const setDraft = (key: TextKey) => (value: string) =>
    setDrafts((current) => ({ ...current, [key]: value }));
  const clearText = (key: TextKey) => {
    setDrafts((current) => ({ ...current, [key]: '' }));
    set(key === 'ip' ? { ip: undefined, ref: undefined } : { [key]: undefined });
  };

  const range = filters.range;
  const applied: AppliedFilterInterface[] = [];
  if (filters.action) {
    applied.push({
      key: 'action',
      label: `Action: ${actionFilterLabels[filters.action]}`,
      onRemove: () => set({ action: undefined }),
    });
  }
  if (filters.country) {
    applied.push({
      key: 'country',
      label: `Country: ${countryName(filters.country)}`,
      onRemove: () => set({ country: undefined }),
    });
  }
  if (filters.asn) {
    applied.push({ key: 'asn', label: `ASN: ${filters.asn}`, onRemove: () => clearText('asn') });
  }
  if (filters.url) {
    applied.push({
      key: 'url',
      label: `URL contains: ${filters.url}`,
      onRemove: () => clearText('url'),
    });
  }
  const network = networkFilters(filters, set);
  applied.push(...network.applied);
  if (range) {
    const dates =
      range === 'custom' ? ` ${filters.fromDate ?? '…'} – ${filters.toDate ?? '…'}` : '';
    applied.push({
      key: 'range',
      label: `${timeRangeLabels[range]}${dates}`,
      onRemove: () => set({ range: undefined, fromDate: undefined, toDate: undefined }),
    });
  }

  return (
    <Filters
      queryValue={drafts.ip}
      queryPlaceholder="Filter by IP address or CIDR range, or a blocked visit's reference"
      onQueryChange={setDraft('ip')}
      onQueryClear={() => clearText('ip')}
      onClearAll={() => {
        setDrafts({ ip: '', asn: '', url: '' });
        onChange({});
      }}
      loading={loading}
      appliedFilters={applied}
      filters={[
        {
          key: 'action',
          label: 'Action',
          pinned: true,
          filter: (
            <ChoiceList
              title="Action"
              titleHidden
              choices={actionFilterOptions}
              selected={filters.action ? [filters.action] : []}
              onChange={([value]) =>
                set({ action: actionFilterOptions.find((o) => o.value === value)?.value })
              }
            />
          ),
        },
        {
          key: 'range',
          label: 'Time range',
          pinned: true,
          filter: (
            <BlockStack gap="200">
              <ChoiceList
                title="Time range"
                titleHidden
                choices={timeRanges.map((value) => ({ label: timeRangeLabels[value], value }))}
                selected={range ? [range] : []}
                onChange={([value]) => {
                  const next = timeRanges.find((r) => r === value) as TimeRange | undefined;
                  set(
                    next === 'custom'
                      ? { range: next }
                      : { range: next, fromDate: undefined, toDate: undefined },
                  );
                }}
              />
              {range === 'custom' && (
                <InlineStack gap="200" wrap={false}>
                  <TextField
                    label="From"
                    type="date"
                    autoComplete="off"
                    value={filters.fromDate ?? ''}
                    onChange={(value) => set({ fromDate: value || undefined })}
                  />
                  <TextField
                    label="To"
                    type="date"
                    autoComplete="off"
                    value={filters.toDate ?? ''}
                    onChange={(value) => set({ toDate: value || undefined })}
                    error={errors.time}
                  />
                </InlineStack>
              )}
            </BlockStack>
          ),
        },
        {
          key: 'country',
          label: 'Country',
          pinned: true,
          filter: (
            <CountryFilter
              country={filters.country}
              error={errors.country}
              onChange={(country) => set({ country })}
            />
          ),
        },
        {
          key: 'asn',
          label: 'ASN',
          filter: (
            <TextField
              label="ASN"
              labelHidden
              placeholder="15169 or AS15169"
              autoComplete="off"
              value={drafts.asn}
              onChange={setDraft('asn')}
              error={errors.asn}
            />
          ),
        },
        {
          key: 'url',
          label: 'URL contains',
          filter: (
            <TextField
              label="URL contains"
              labelHidden
              placeholder="/products/"
              autoComplete="off"
              value={drafts.url}
              onChange={setDraft('url')}
              maxLength={200}
              error={errors.url}
            />
          ),
        },
        ...network.filters,
      ]}
    />
  );
}
