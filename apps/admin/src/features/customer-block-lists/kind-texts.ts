// What the page says about each kind of entry: the add field's label, an example, and what an
// entry of that kind stops.
import type { CustomerBlockKind } from '@gatehouse/contracts';

export const KIND_TEXTS: Record<
  CustomerBlockKind,
  { field: string; placeholder: string; help: string }
> = {
  email: {
    field: 'Email addresses',
    placeholder: 'buyer@example.com',
    help: 'Stops a buyer who checks out with this email, whatever its capitals.',
  },
  emailDomain: {
    field: 'Email domains',
    placeholder: 'spam.example',
    help: 'Stops every email at this domain and its subdomains (mail.spam.example).',
  },
  phone: {
    field: 'Phone numbers',
    placeholder: '+1 415 555 0100',
    help: 'Compared by its digits: spaces, dashes and brackets do not matter. Include the country code as buyers enter it.',
  },
  name: {
    field: 'Names',
    placeholder: 'John Doe',
    help: 'The first and last name of the delivery address, whatever its capitals and punctuation.',
  },
  address: {
    field: 'Street addresses',
    placeholder: '1 Main Street, Apt 4',
    help: 'The street lines of the delivery address, whatever its capitals and punctuation.',
  },
  zip: {
    field: 'Zip or postal codes',
    placeholder: '90210',
    help: 'The delivery address’s zip code; spaces and dashes do not matter, and a US ZIP like 90210 also stops its ZIP+4 (90210-1234).',
  },
  country: {
    field: 'Countries',
    placeholder: 'US',
    help: 'Two-letter country codes: stops delivery to that country.',
  },
};

/** Splits what was typed or pasted into values: one per line (a value may hold spaces). */
export const splitValues = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
