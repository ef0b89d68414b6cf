import { DEMO_ROSTER as DEMO_PEOPLE } from '../../src/schemas/demo-accounts.ts';
import type { RosterMember } from '../state/types.ts';

/** store_demo's roster: the demo accounts and one member without a sign-in. */
export const DEMO_ROSTER: readonly RosterMember[] = DEMO_PEOPLE;

export const OTHER_ROSTER: readonly RosterMember[] = [
  { id: 'usr_nw_owner', name: 'Riley Chen', role: 'owner' },
  { id: 'usr_nw_staff1', name: 'Casey Morgan', role: 'staff' },
];

export interface Shopper {
  display_name: string | null;
  email: string | null;
  currency: 'EUR' | 'USD' | 'GBP';
  country: string;
}

/** Shoppers of the seed. Anonymous ones (no name, no email) are common on the website widget. */
export const SHOPPERS: readonly Shopper[] = [
  {
    display_name: 'Emma Schneider',
    email: 'emma.schneider@example.com',
    currency: 'EUR',
    country: 'Germany',
  },
  { display_name: 'Lucas Martin', email: 'lucas.martin@example.net', currency: 'EUR', country: 'France' },
  { display_name: 'Olivia Brown', email: 'olivia.brown@example.org', currency: 'GBP', country: 'the UK' },
  { display_name: 'Noah Johnson', email: 'noah.j@example.com', currency: 'USD', country: 'the US' },
  { display_name: null, email: null, currency: 'EUR', country: 'the Netherlands' },
  { display_name: 'Sofia Rossi', email: 'sofia.rossi@example.net', currency: 'EUR', country: 'Italy' },
  { display_name: 'Liam Walsh', email: null, currency: 'GBP', country: 'Ireland' },
  { display_name: 'Ava Thompson', email: 'ava.thompson@example.com', currency: 'USD', country: 'the US' },
  { display_name: 'Mateo García', email: 'mateo.garcia@example.org', currency: 'EUR', country: 'Spain' },
  { display_name: null, email: null, currency: 'GBP', country: 'the UK' },
  { display_name: 'Hannah Müller', email: 'hannah.mueller@example.com', currency: 'EUR', country: 'Austria' },
  { display_name: 'Jack Wilson', email: 'jack.wilson@example.net', currency: 'GBP', country: 'the UK' },
  { display_name: 'Mia Anderson', email: null, currency: 'USD', country: 'Canada' },
  {
    display_name: 'Finn de Vries',
    email: 'finn.devries@example.org',
    currency: 'EUR',
    country: 'the Netherlands',
  },
  { display_name: null, email: null, currency: 'USD', country: 'the US' },
  { display_name: 'Chloé Dubois', email: 'chloe.dubois@example.com', currency: 'EUR', country: 'Belgium' },
  { display_name: 'Ethan Clarke', email: 'ethan.clarke@example.net', currency: 'GBP', country: 'the UK' },
  { display_name: 'Isabella Moore', email: 'bella.moore@example.org', currency: 'USD', country: 'the US' },
  {
    display_name: 'Jonas Lindqvist',
    email: 'jonas.lindqvist@example.com',
    currency: 'EUR',
    country: 'Sweden',
  },
  { display_name: null, email: null, currency: 'EUR', country: 'Germany' },
  { display_name: 'Grace Taylor', email: 'grace.taylor@example.net', currency: 'GBP', country: 'the UK' },
  { display_name: 'Léa Bernard', email: null, currency: 'EUR', country: 'France' },
  { display_name: 'Daniel Kowalski', email: 'd.kowalski@example.org', currency: 'EUR', country: 'Poland' },
  { display_name: 'Zoe Campbell', email: 'zoe.campbell@example.com', currency: 'USD', country: 'the US' },
  { display_name: null, email: null, currency: 'GBP', country: 'the UK' },
  { display_name: 'Tomás Silva', email: 'tomas.silva@example.net', currency: 'EUR', country: 'Portugal' },
  { display_name: 'Harper Lewis', email: 'harper.lewis@example.org', currency: 'USD', country: 'the US' },
  {
    display_name: 'Anouk Jansen',
    email: 'anouk.jansen@example.com',
    currency: 'EUR',
    country: 'the Netherlands',
  },
  { display_name: 'Oscar Hughes', email: null, currency: 'GBP', country: 'Wales' },
  { display_name: 'Elena Popescu', email: 'elena.popescu@example.net', currency: 'EUR', country: 'Romania' },
];

export const OTHER_SHOPPERS: readonly Shopper[] = [
  { display_name: 'Tyler Brooks', email: 'tyler.brooks@example.com', currency: 'USD', country: 'the US' },
  { display_name: 'Nina Alvarez', email: 'nina.alvarez@example.net', currency: 'USD', country: 'the US' },
  { display_name: null, email: null, currency: 'USD', country: 'the US' },
  { display_name: 'Marcus Webb', email: null, currency: 'USD', country: 'Canada' },
];
