// A "URL contains" search examines a bounded number of visits per page (the server's
// URL_SCAN_BUDGET) and may answer an empty page that still has older visits to search. The log
// walks on through such pages by itself, a few at a time, before asking the merchant to press
// Next: a rare text is found without a click per 20 000 visits, and a text found nowhere does
// not keep the database busy for ever.
import type { VisitPage } from '@gatehouse/contracts';

/** Empty pages searched in a row without the merchant (each examines up to 20 000 visits). */
export const AUTO_SEARCH_PAGES = 10;

type PageShape = Pick<VisitPage, 'nextCursor' | 'searchedTo'> & { visits: readonly unknown[] };

/** The page found nothing yet, older visits remain and the run of automatic pages is not over. */
export function shouldSearchOn(page: PageShape, searchedInARow: number): boolean {
  return (
    page.visits.length === 0 &&
    page.searchedTo !== null &&
    page.nextCursor !== null &&
    searchedInARow < AUTO_SEARCH_PAGES
  );
}
