// The store's live robots.txt as it concerns the AI crawlers the merchant blocks. The first
// read may be the server's copy of the last minute; "Check again" reads the live file.
import { useState } from 'react';
import { useApiQuery } from '../../../lib/api-query.js';

export function useRobotsTxt() {
  const [fresh, setFresh] = useState(false);
  const query = useApiQuery('getRobotsTxt', fresh ? { fresh: 'true' } : {}, {
    defaultData: null,
  });
  const checkAgain = () => {
    if (fresh) void query.refetch();
    else setFresh(true);
  };
  return { ...query, checkAgain };
}
