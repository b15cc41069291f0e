// Country flags as images (the flag-icons SVGs, 4:3), because emoji flags are not drawn on
// every system (Windows shows two letters, some Linux builds an empty box). Each flag is its
// own file fetched only when a flag is shown; this module is just the code → address table.
const files = import.meta.glob<string>('./??.svg', {
  base: '../../../../node_modules/flag-icons/flags/4x3/',
  query: '?url',
  import: 'default',
  eager: true,
});

const byCode = new Map<string, string>();
for (const [path, url] of Object.entries(files)) {
  const code = /([a-z]{2})\.svg$/.exec(path)?.[1];
  if (code) byCode.set(code.toUpperCase(), url);
}

/** The flag image of a two-letter country code (any case); undefined when there is none. */
export function flagUrl(code: string): string | undefined {
  return byCode.get(code.toUpperCase());
}
