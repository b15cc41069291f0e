// The post-install job: sent by the OAuth callback once a shop has installed (or signed in
// again), run by the features that prepare the shop's storefront. Its name and data are shared
// here so the sender and the handler agree without knowing each other.
export const POST_INSTALL_JOB = 'post-install';

export interface PostInstallData {
  /** The shop's myshopify domain. */
  shop: string;
  shopId: string;
}
