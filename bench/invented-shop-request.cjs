// autocannon's setupRequest for the unknown-shops bench, as a file its worker thread can load:
// every request names a shop no one has installed, never the same name twice.
const prefix = Math.random().toString(36).slice(2, 10);
let count = 0;

module.exports = function inventedShop(request) {
  count += 1;
  const shop = `invented-${prefix}-${count}.myshopify.com`;
  return {
    ...request,
    path: `/api/storefront/decide?shop=${shop}&url=${encodeURIComponent(`https://${shop}/`)}`,
  };
};
