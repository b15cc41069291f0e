// The TRUSTED_PROXIES entries the server accepts: checked once when the environment is read
// (env.ts) and compiled by the decision's visitor-address reader.
import { trustedNetworkProblem } from '@gatehouse/engine';

/** proxy-addr's named ranges, which TRUSTED_PROXIES may use as well. */
export const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Why a TRUSTED_PROXIES entry cannot be used, or null when it can: an address, a CIDR block
 * (host bits may be set, as proxy-addr allows) no wider than a list entry may be, or one of
 * loopback, linklocal, uniquelocal (the engine's trustedNetworkProblem).
 */
export const trustedProxyProblem = trustedNetworkProblem;
