// Allowed and blocked visits over the report range, drawn as a small SVG line chart (no chart
// library: the admin's bundle budget). Hover or arrow keys show a bucket's numbers; a visually
// hidden table carries the same data for screen readers.
import { useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { BlockStack, Box, Card, InlineStack, Text } from '@shopify/polaris';
import type { TimeSeries } from '@gatehouse/contracts';
import { bucketLabel, formatCount, tickLabel } from '../chart/chart-format.js';
import { bucketAt, countTicks, linearScale, timeTicks } from '../chart/chart-scale.js';

const WIDTH = 720;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 16, bottom: 28, left: 48 };
const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right;

const series = [
  { key: 'allowed', label: 'Allowed', color: 'var(--p-color-bg-fill-success)' },
  { key: 'blocked', label: 'Blocked', color: 'var(--p-color-bg-fill-critical)' },
] as const;

const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

interface Props {
  data: TimeSeries;
  loading: boolean;
}

export function VisitsChart({ data, loading }: Props) {
  const [active, setActive] = useState<number | null>(null);
  const { buckets, bucket } = data;
  const times = buckets.map((b) => new Date(b.start).getTime());
  const first = times[0] ?? 0;
  const last = times[times.length - 1] ?? first;
  const peak = Math.max(0, ...buckets.map((b) => Math.max(b.allowed, b.blocked)));
  const y = countTicks(peak, 4);
  const yScale = linearScale([0, y.max], [HEIGHT - MARGIN.bottom, MARGIN.top]);
  const xScale = linearScale([first, last], [MARGIN.left, WIDTH - MARGIN.right]);
  const xTicks = timeTicks(first, last, 6);
  const totals = {
    allowed: buckets.reduce((sum, b) => sum + b.allowed, 0),
    blocked: buckets.reduce((sum, b) => sum + b.blocked, 0),
  };

  const line = (key: 'allowed' | 'blocked') =>
    buckets
      .map((b, i) => `${i === 0 ? 'M' : 'L'}${xScale(times[i] ?? first)},${yScale(b[key])}`)
      .join('');
  const area =
    buckets.length > 1
      ? `${line('allowed')}L${xScale(last)},${yScale(0)}L${xScale(first)},${yScale(0)}Z`
      : '';

  const pick = (event: MouseEvent<SVGRectElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * PLOT_WIDTH;
    setActive(bucketAt(x, PLOT_WIDTH, buckets.length));
  };
  const step = (event: KeyboardEvent<SVGSVGElement>) => {
    if (buckets.length === 0) return;
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1 };
    const move = moves[event.key];
    if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(buckets.length - 1);
    else if (move !== undefined) {
      const from = active ?? (move > 0 ? -1 : buckets.length);
      setActive(Math.min(buckets.length - 1, Math.max(0, from + move)));
    } else if (event.key === 'Escape') setActive(null);
    else return;
    event.preventDefault();
  };

  const shown = active === null ? undefined : buckets[active];
  const shownX = active === null ? 0 : xScale(times[active] ?? first);
  const rangeText =
    buckets.length > 0
      ? `${bucketLabel(buckets[0]?.start ?? '', bucket)} to ${bucketLabel(buckets[buckets.length - 1]?.start ?? '', bucket)}`
      : '';

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            Visits over time
          </Text>
          <InlineStack gap="400">
            {series.map((s) => (
              <InlineStack key={s.key} gap="100" blockAlign="center">
                <span
                  aria-hidden="true"
                  style={{ width: 12, height: 12, borderRadius: 3, background: s.color }}
                />
                <Text as="span" variant="bodySm">
                  {s.label} {formatCount(totals[s.key])}
                </Text>
              </InlineStack>
            ))}
          </InlineStack>
        </InlineStack>
        <div style={{ position: 'relative', opacity: loading ? 0.5 : 1 }}>
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            width="100%"
            role="img"
            aria-label={`Allowed and blocked visits per ${bucket}${rangeText ? `, ${rangeText}` : ''}. Use the arrow keys to read each ${bucket}.`}
            tabIndex={0}
            onKeyDown={step}
            onBlur={() => setActive(null)}
            style={{ display: 'block', overflow: 'visible' }}
          >
            {y.ticks.map((tick) => (
              <g key={tick}>
                <line
                  x1={MARGIN.left}
                  x2={WIDTH - MARGIN.right}
                  y1={yScale(tick)}
                  y2={yScale(tick)}
                  stroke="var(--p-color-border-secondary)"
                  strokeDasharray={tick === 0 ? undefined : '3 3'}
                />
                <text
                  x={MARGIN.left - 8}
                  y={yScale(tick)}
                  textAnchor="end"
                  dominantBaseline="middle"
                  fontSize="11"
                  fill="var(--p-color-text-secondary)"
                >
                  {formatCount(tick)}
                </text>
              </g>
            ))}
            {xTicks.ticks.map((tick) => (
              <text
                key={tick}
                x={xScale(tick)}
                y={HEIGHT - MARGIN.bottom + 18}
                textAnchor="middle"
                fontSize="11"
                fill="var(--p-color-text-secondary)"
              >
                {tickLabel(tick, xTicks.unit)}
              </text>
            ))}
            {area && <path d={area} fill="var(--p-color-bg-fill-success)" fillOpacity={0.12} />}
            {series.map((s) => (
              <path
                key={s.key}
                d={line(s.key)}
                fill="none"
                stroke={s.color}
                strokeWidth={2}
                strokeLinejoin="round"
              />
            ))}
            {shown && (
              <g>
                <line
                  x1={shownX}
                  x2={shownX}
                  y1={MARGIN.top}
                  y2={HEIGHT - MARGIN.bottom}
                  stroke="var(--p-color-border-tertiary)"
                />
                {series.map((s) => (
                  <circle
                    key={s.key}
                    cx={shownX}
                    cy={yScale(shown[s.key])}
                    r={4}
                    fill={s.color}
                    stroke="white"
                    strokeWidth={1.5}
                  />
                ))}
              </g>
            )}
            <rect
              x={MARGIN.left}
              y={MARGIN.top}
              width={PLOT_WIDTH}
              height={HEIGHT - MARGIN.top - MARGIN.bottom}
              fill="transparent"
              onMouseMove={pick}
              onMouseLeave={() => setActive(null)}
            />
          </svg>
          {shown && (
            <div
              aria-hidden="true"
              style={{
                position: 'absolute',
                top: 0,
                left: `${(shownX / WIDTH) * 100}%`,
                transform: `translateX(${shownX > WIDTH / 2 ? 'calc(-100% - 12px)' : '12px'})`,
                pointerEvents: 'none',
                background: 'var(--p-color-bg-surface)',
                boxShadow: 'var(--p-shadow-300)',
                borderRadius: 'var(--p-border-radius-200)',
                padding: '8px 10px',
                whiteSpace: 'nowrap',
              }}
            >
              <Text as="p" variant="bodySm" fontWeight="semibold">
                {bucketLabel(shown.start, bucket)}
              </Text>
              {series.map((s) => (
                <Text key={s.key} as="p" variant="bodySm">
                  {s.label}: {formatCount(shown[s.key])}
                </Text>
              ))}
            </div>
          )}
          {buckets.length > 0 && peak === 0 && (
            // Centred over the plot area, clear of the axes and their labels.
            <div
              style={{
                position: 'absolute',
                top: `${(MARGIN.top / HEIGHT) * 100}%`,
                bottom: `${(MARGIN.bottom / HEIGHT) * 100}%`,
                left: `${(MARGIN.left / WIDTH) * 100}%`,
                right: `${(MARGIN.right / WIDTH) * 100}%`,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                pointerEvents: 'none',
              }}
            >
              <Box background="bg-surface" padding="200" borderRadius="200">
                <Text as="p" tone="subdued">
                  No visits in this range yet.
                </Text>
              </Box>
            </div>
          )}
        </div>
        <table style={visuallyHidden}>
          <caption>Allowed and blocked visits per {bucket}</caption>
          <thead>
            <tr>
              <th scope="col">{bucket === 'hour' ? 'Hour' : 'Day'}</th>
              <th scope="col">Allowed</th>
              <th scope="col">Blocked</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((b) => (
              <tr key={b.start}>
                <th scope="row">{bucketLabel(b.start, bucket)}</th>
                <td>{formatCount(b.allowed)}</td>
                <td>{formatCount(b.blocked)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </BlockStack>
    </Card>
  );
}
