/** A loopback port nothing listens on at the moment of asking. */
export function freePort(): Promise<number>;

/** A loopback port held until `release()`: release it just before the server listens on it. */
export function reservePort(): Promise<{ port: number; release(): Promise<void> }>;
