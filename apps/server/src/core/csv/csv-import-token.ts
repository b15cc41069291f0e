// The token a CSV preview answers and its commit must bring back: it binds the shop, the list
// and the exact text of the file, so a commit imports only what the merchant saw checked.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export function createImportTokens(appSecret: string) {
  const key = createHmac('sha256', appSecret).update('gatehouse csv import').digest();
  const sign = (shopId: string, list: string, csv: string) =>
    createHmac('sha256', key)
      .update(`${shopId}\n${list}\n${createHash('sha256').update(csv).digest('hex')}`)
      .digest('base64url');
  return {
    sign,
    verify(token: string, shopId: string, list: string, csv: string): boolean {
      const expected = Buffer.from(sign(shopId, list, csv));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
