// What the store's robots.txt means for the AI crawlers the merchant blocks: for each one,
// whether the file lets it crawl the home page, a collection and a product (read with a
// robots.txt parser, so wildcard groups, a crawler's own group and Allow lines count as the
// crawlers read them), and the robots.txt.liquid template that adds a "Disallow: /" group for
// each crawler the file does not already keep out of all three.
import { ROBOTS_PAGES, type RobotsCrawlerView, type RobotsPage } from '@gatehouse/contracts';
import robotsParser from 'robots-parser';

export interface RobotsCrawler {
  agent: string;
  owner: string;
  category: RobotsCrawlerView['category'];
}

/** A path of each kind of storefront page; the default file's rules treat them alike. */
const PAGE_PATHS: Record<RobotsPage, string> = {
  home: '/',
  collection: '/collections/all',
  product: '/products/gatehouse-check',
};

/**
 * The platform's default groups, written back as they are, as the platform documents for a
 * robots.txt.liquid template that adds rules.
 */
const DEFAULT_GROUPS = `{% for group in robots.default_groups %}
  {{- group.user_agent }}

  {%- for rule in group.rules -%}
    {{ rule }}
  {%- endfor -%}

  {%- if group.sitemap != blank -%}
    {{ group.sitemap }}
  {%- endif -%}
{% endfor %}`;

/** The template with a group that keeps each crawler out of the whole store. */
export function robotsLiquid(agents: readonly string[]): string | null {
  if (agents.length === 0) return null;
  const groups = agents.map((agent) => `User-agent: ${agent}\nDisallow: /`);
  return `${DEFAULT_GROUPS}\n\n${groups.join('\n\n')}\n`;
}

export interface RobotsAdvice {
  crawlers: RobotsCrawlerView[];
  liquid: string | null;
}

/**
 * The advice for the file read at `origin` (its text), or, when it could not be read (null),
 * the lines for every crawler and no page called allowed or disallowed.
 */
export function robotsAdvice(
  origin: string,
  text: string | null,
  crawlers: readonly RobotsCrawler[],
): RobotsAdvice {
  if (text === null) {
    return {
      crawlers: crawlers.map((crawler) => ({ ...crawler, pages: null })),
      liquid: robotsLiquid(crawlers.map((crawler) => crawler.agent)),
    };
  }
  const robots = robotsParser(`${origin}/robots.txt`, text);
  const views = crawlers.map((crawler) => {
    const pages = Object.fromEntries(
      ROBOTS_PAGES.map((page) => [
        page,
        // A file with no group for the crawler, or none at all, allows everything.
        robots.isAllowed(`${origin}${PAGE_PATHS[page]}`, crawler.agent) ?? true,
      ]),
    ) as Record<RobotsPage, boolean>;
    return { ...crawler, pages };
  });
  const open = views.filter((view) => Object.values(view.pages).some(Boolean));
  return { crawlers: views, liquid: robotsLiquid(open.map((view) => view.agent)) };
}
