// The block page as a blocked visitor will see it: the same layout the storefront script
// builds (packages/storefront block-page.ts: centred column at most 36rem wide, logo at most
// 200×96 above a 1.75rem title and the message, on the chosen colours), scaled into a frame.
import type { CSSProperties } from 'react';
import type { GeneralSettings } from '@gatehouse/contracts';

const frame: CSSProperties = {
  minHeight: 360,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  font: '16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif',
  borderRadius: 'var(--p-border-radius-200)',
  border: 'var(--p-border-width-025) solid var(--p-color-border)',
  overflow: 'hidden',
};

export function BlockPagePreview({ page }: { page: GeneralSettings['blockPage'] }) {
  const logo = page.logoUrl && /^https?:\/\//.test(page.logoUrl) ? page.logoUrl : null;
  return (
    <div
      role="img"
      aria-label="Block page preview"
      // Invalid colours fall back like the script's CSSOM assignment does: to the defaults.
      style={{
        ...frame,
        background: CSS.supports('color', page.backgroundColor) ? page.backgroundColor : '#ffffff',
        color: CSS.supports('color', page.textColor) ? page.textColor : '#202223',
      }}
    >
      <main style={{ maxWidth: '36rem', padding: '2rem' }}>
        {logo && (
          <img src={logo} alt="" style={{ maxWidth: 200, maxHeight: 96, marginBottom: '1.5rem' }} />
        )}
        <h1
          style={{ fontSize: '1.75rem', lineHeight: 1.25, margin: '0 0 .75rem', fontWeight: 700 }}
        >
          {page.title.trim() || 'Access denied'}
        </h1>
        <p style={{ margin: 0, whiteSpace: 'pre-line' }}>{page.message}</p>
      </main>
    </div>
  );
}
