import type { Product } from '../state/types.ts';

const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = { EUR: '€', USD: '$', GBP: '£' };

/** Minor units to display text, e.g. (8900, 'EUR') -> '€89.00'. Hand-rolled so every Node build prints the same. */
export function formatPrice(minor: number, currency: string): string {
  const major = (minor / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const symbol = CURRENCY_SYMBOLS[currency];
  return symbol === undefined ? `${major} ${currency}` : `${symbol}${major}`;
}

/** The product's price in the conversation's currency, formatted (every seeded product has EUR, USD and GBP). */
export function priceOf(product: Product, currency: string): string {
  const minor = product.prices[currency];
  return minor === undefined ? product.name : formatPrice(minor, currency);
}

const price = (eur: number, usd: number, gbp: number) => ({ EUR: eur, USD: usd, GBP: gbp });

export const DEMO_PRODUCTS: readonly Product[] = [
  {
    name: 'Merino Crew Sweater',
    keywords: ['sweater', 'jumper', 'merino', 'knit', 'crew'],
    prices: price(8900, 9500, 7900),
    blurb: 'Fine 18.5-micron merino, warm without bulk and machine-washable on wool cycle.',
  },
  {
    name: 'Waxed Cotton Field Jacket',
    keywords: ['jacket', 'coat', 'waxed', 'field', 'rain'],
    prices: price(24900, 26900, 21900),
    blurb: 'Showerproof waxed cotton with a corduroy collar and four cargo pockets.',
  },
  {
    name: 'Selvedge Slim Jeans',
    keywords: ['jeans', 'denim', 'selvedge', 'trousers'],
    prices: price(12900, 13900, 11500),
    blurb: '13.5 oz Japanese selvedge denim in a slim, slightly tapered leg.',
  },
  {
    name: 'Organic Cotton Oxford Shirt',
    keywords: ['shirt', 'oxford', 'button'],
    prices: price(6900, 7500, 5900),
    blurb: 'Soft organic Oxford cloth with a button-down collar.',
  },
  {
    name: 'Leather Chelsea Boots',
    keywords: ['boots', 'boot', 'chelsea', 'leather', 'shoes'],
    prices: price(21900, 23500, 19500),
    blurb: 'Full-grain leather on a resoleable Goodyear-welted sole.',
  },
  {
    name: 'Cashmere Scarf',
    keywords: ['scarf', 'cashmere', 'gift'],
    prices: price(11900, 12900, 9900),
    blurb: 'Pure Mongolian cashmere, 180 cm long, gift-boxed.',
  },
  {
    name: 'Alpaca Wool Beanie',
    keywords: ['beanie', 'hat', 'alpaca'],
    prices: price(3500, 3900, 2900),
    blurb: 'A rib-knit beanie in baby alpaca that does not itch.',
  },
  {
    name: 'Canvas Weekender Bag',
    keywords: ['bag', 'weekender', 'luggage', 'travel'],
    prices: price(14900, 15900, 12900),
    blurb: 'Heavy waxed canvas with leather handles; fits cabin-size limits.',
  },
  {
    name: 'Trail Running Sneakers',
    keywords: ['sneakers', 'trainers', 'running', 'shoes'],
    prices: price(13900, 14900, 11900),
    blurb: 'Grippy lugged outsole and a breathable recycled mesh upper.',
  },
  {
    name: 'Down Puffer Vest',
    keywords: ['vest', 'gilet', 'puffer', 'down'],
    prices: price(15900, 16900, 13900),
    blurb: 'Responsibly sourced 700-fill down that packs into its own pocket.',
  },
  {
    name: 'Linen Summer Shirt',
    keywords: ['linen', 'summer'],
    prices: price(5900, 6500, 4900),
    blurb: 'Breezy European linen with a relaxed camp collar.',
  },
  {
    name: 'Recycled Wool Socks (3-pack)',
    keywords: ['socks', 'sock'],
    prices: price(2400, 2600, 1900),
    blurb: 'Cushioned recycled-wool socks, three pairs in earthy tones.',
  },
];

export const OTHER_PRODUCTS: readonly Product[] = [
  {
    name: 'Ridgeline 2-Person Tent',
    keywords: ['tent', 'camping', 'shelter'],
    prices: price(32900, 34900, 28900),
    blurb: 'Freestanding, 1.9 kg, pitches in under three minutes.',
  },
  {
    name: 'Summit 30L Daypack',
    keywords: ['backpack', 'daypack', 'pack', 'bag'],
    prices: price(11900, 12900, 9900),
    blurb: 'Ventilated back panel and a hydration sleeve.',
  },
  {
    name: 'Thermal Sleeping Bag (-7 °C)',
    keywords: ['sleeping', 'bag', 'thermal'],
    prices: price(19900, 21900, 17900),
    blurb: 'Synthetic fill that stays warm when damp.',
  },
  {
    name: 'Titanium Camp Mug',
    keywords: ['mug', 'cup', 'titanium'],
    prices: price(2900, 3400, 2500),
    blurb: '450 ml, 68 g, goes straight on the stove.',
  },
  {
    name: 'Carbon Trekking Poles (pair)',
    keywords: ['poles', 'trekking', 'hiking'],
    prices: price(8500, 8900, 7500),
    blurb: 'Three-section carbon poles with cork grips.',
  },
];
