// Previous and next under a paged table, with "Page n of m"; nothing when there is one page.
import { Pagination } from '@shopify/polaris';

export function PageNumbers({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <div style={{ padding: 'var(--p-space-300)', display: 'flex', justifyContent: 'center' }}>
      <Pagination
        hasPrevious={page > 1}
        hasNext={page < pages}
        onPrevious={() => onPage(page - 1)}
        onNext={() => onPage(page + 1)}
        label={`Page ${page} of ${pages}`}
      />
    </div>
  );
}
