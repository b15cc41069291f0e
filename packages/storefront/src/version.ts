// The package version, written into the bundle at build time.
declare const __GATEHOUSE_VERSION__: string;

export const VERSION = typeof __GATEHOUSE_VERSION__ == 'string' ? __GATEHOUSE_VERSION__ : 'dev';
