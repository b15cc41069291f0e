// The visitor log's filters on what the engine knew of the visitor when it decided: the kind
// of network (hosting, VPN, proxy, Tor, Private Relay), the bot category of the user agent,
// and the verdict on a claimed search-engine crawler. Each is one choice behind a filter pill.
import { ChoiceList, type AppliedFilterInterface, type FilterInterface } from '@shopify/polaris';
import {
  botCategoryInfo,
  visitBotCategory,
  visitCrawlerCheck,
  visitNetworkKind,
  visitNetworkLabels,
} from '@gatehouse/contracts';
import type { LogFilters } from '../visit-filters.js';

type Key = 'network' | 'bot' | 'crawler';

const choices: Record<Key, { title: string; options: { value: string; label: string }[] }> = {
  network: {
    title: 'Network',
    options: visitNetworkKind.options.map((value) => ({
      value,
      label: visitNetworkLabels.network[value],
    })),
  },
  bot: {
    title: 'Bot category',
    options: visitBotCategory.options.map((value) => ({
      value,
      label: botCategoryInfo[value].name,
    })),
  },
  crawler: {
    title: 'Crawler',
    options: visitCrawlerCheck.options.map((value) => ({
      value,
      label: value === 'verified' ? 'Verified' : 'Fake',
    })),
  },
};

const keys: Key[] = ['network', 'bot', 'crawler'];

/** The three filters and the pills of those applied; `set` changes the page's filters. */
export function networkFilters(
  filters: LogFilters,
  set: (patch: Partial<LogFilters>) => void,
): { filters: FilterInterface[]; applied: AppliedFilterInterface[] } {
  const applied: AppliedFilterInterface[] = [];
  for (const key of keys) {
    const value = filters[key];
    if (!value) continue;
    const { title, options } = choices[key];
    applied.push({
      key,
      label: `${title}: ${options.find((o) => o.value === value)?.label ?? value}`,
      onRemove: () => set({ [key]: undefined }),
    });
  }
  return {
    applied,
    filters: keys.map((key) => {
      const { title, options } = choices[key];
      return {
        key,
        label: title,
        filter: (
          <ChoiceList
            title={title}
            titleHidden
            choices={options}
            selected={filters[key] ? [filters[key]] : []}
            onChange={([value]) => set({ [key]: options.find((o) => o.value === value)?.value })}
          />
        ),
      };
    }),
  };
}
