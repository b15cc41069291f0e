/** A loopback port nothing listens on at the moment of asking. */
export function freePort(): Promise<number>;
