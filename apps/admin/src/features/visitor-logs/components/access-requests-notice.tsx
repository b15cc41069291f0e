// The dashboard's word that blocked shoppers asked to be let in and wait for an answer, with
// the way to the visitor log, where the requests are read and allowed.
import { Banner } from '@shopify/polaris';
import { useNavigate } from 'react-router';
import { useAccessRequests } from '../api/use-access-requests.js';
import { paths } from '../../../lib/pages.js';

/** How many requests wait for the merchant; 0 while none does (or before the answer). */
export function useOpenAccessRequests(): number {
  return useAccessRequests().data.open;
}

export function AccessRequestsNotice({ open }: { open: number }) {
  const navigate = useNavigate();
  return (
    <Banner
      tone="warning"
      title={
        open === 1
          ? 'A blocked shopper asked to be let in'
          : `${open.toLocaleString('en-US')} blocked shoppers asked to be let in`
      }
      action={{ content: 'Read in the visitor log', onAction: () => void navigate(paths.visitors) }}
    >
      <p>
        Your rules turned them away and they wrote from the block page. Allowing one adds the
        address to the IP allow list; a rule that draws many requests may be stopping real
        customers.
      </p>
    </Banner>
  );
}
