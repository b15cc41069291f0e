// The countries to tick, with their flags, in as many columns as fit. Only the rows in view (and
// a few either side) are rendered: all 250 checkboxes with their flags cost the page hundreds of
// milliseconds before anything else on it could paint, and fetched every flag at once. The list
// stays a list for assistive technology (each country says its place in the whole), a focused
// country stays rendered while it is scrolled away, and Tab walks on through the rows, the list
// scrolling along.
import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent } from 'react';
import { Checkbox } from '@shopify/polaris';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import type { Country } from '@gatehouse/engine/values';
import { FlaggedName } from '../../../components/country-flag.js';

/** A column is at least this wide; as many as fit side by side. */
const MIN_COLUMN_PX = 220;
const COLUMN_GAP_PX = 16;
const ROW_GAP_PX = 4;
/** A row of one-line labels; rows whose labels wrap are measured as they render. */
const ROW_PX = 28;
/** The list scrolls within this height. */
const VIEW_PX = 320;
/** Rows rendered beyond each edge of the view, so Tab finds the next country already there. */
const OVERSCAN_ROWS = 3;

function columnsFor(width: number): number {
  return Math.max(1, Math.floor((width + COLUMN_GAP_PX) / (MIN_COLUMN_PX + COLUMN_GAP_PX)));
}

export function CountryList({
  countries,
  isChosen,
  onToggle,
}: {
  countries: readonly Country[];
  isChosen: (code: string) => boolean;
  onToggle: (code: string) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [columns, setColumns] = useState(1);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    setColumns(columnsFor(element.clientWidth));
    const observer = new ResizeObserver(() => setColumns(columnsFor(element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The row holding focus stays rendered, so focus is not lost when it scrolls out of view.
  const [focusedRow, setFocusedRow] = useState<number | null>(null);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const rows = defaultRangeExtractor(range);
      if (focusedRow === null || focusedRow >= range.count || rows.includes(focusedRow))
        return rows;
      return [...rows, focusedRow].sort((a, b) => a - b);
    },
    [focusedRow],
  );

  const rowCount = Math.ceil(countries.length / columns);
  // The app is not compiled with the React Compiler, and nothing memoized is handed the
  // virtualizer's functions: it re-renders this list itself as the view scrolls.
  // eslint-disable-next-line react-hooks/incompatible-library -- see above
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_PX + ROW_GAP_PX,
    overscan: OVERSCAN_ROWS,
    initialRect: { width: 0, height: VIEW_PX },
    rangeExtractor,
  });

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = event.target.closest<HTMLElement>('[data-index]')?.dataset.index;
    setFocusedRow(row === undefined ? null : Number(row));
  };

  return (
    <div
      ref={scroller}
      style={{ maxHeight: VIEW_PX, overflowY: 'auto' }}
      onFocus={onFocus}
      onBlur={() => setFocusedRow(null)}
    >
      <div
        role="list"
        aria-label="Countries"
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${row.start}px)`,
              paddingBottom: ROW_GAP_PX,
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              columnGap: COLUMN_GAP_PX,
            }}
          >
            {countries.slice(row.index * columns, (row.index + 1) * columns).map((country, i) => (
              <div
                key={country.code}
                role="listitem"
                aria-posinset={row.index * columns + i + 1}
                aria-setsize={countries.length}
              >
                <Checkbox
                  label={<FlaggedName code={country.code} name={country.name} />}
                  checked={isChosen(country.code)}
                  onChange={() => onToggle(country.code)}
                />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
