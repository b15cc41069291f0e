// A country's flag as a small image beside its name. Decorative: the name next to it says the
// country, so screen readers skip it. Loaded lazily, so a long list fetches only what shows.
import { flagUrl } from '../lib/flag-urls.js';
import './country-flag.css';

export function CountryFlag({ code }: { code: string }) {
  const src = flagUrl(code);
  if (!src) return null;
  return (
    <img
      className="gh-flag"
      src={src}
      alt=""
      aria-hidden="true"
      width={20}
      height={15}
      loading="lazy"
      decoding="async"
    />
  );
}

/** A flag followed by the country's name, kept on one line. */
export function FlaggedName({ code, name }: { code: string; name: string }) {
  return (
    <span className="gh-flagged">
      <CountryFlag code={code} />
      <span>{name}</span>
    </span>
  );
}
