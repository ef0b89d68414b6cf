import { BUILT_IN_TEXTS } from '../../src/schemas/agent-config.ts';
import type { Random } from '../state/random.ts';
import type { Product } from '../state/types.ts';
import { formatPrice, priceOf } from './catalog.ts';
import type { Shopper } from './people.ts';

/** One line of a seeded transcript before it gets ids and times. */
export type Turn =
  | { kind: 'shopper'; text: string }
  | { kind: 'bot'; text: string }
  /** The assistant's internal tool call: stored, never served. */
  | { kind: 'tool'; text: string }
  /** The assistant hands over: it tells the shopper the handoff message and the state becomes human. */
  | { kind: 'handoff'; text: string }
  | { kind: 'staff'; text: string };

export interface ScriptContext {
  rng: Random;
  products: readonly Product[];
  currency: string;
  shopper: Shopper;
  staffFirstName: string;
}

export type Script = (ctx: ScriptContext) => Turn[];

export const BUILT_IN_HANDOFF_MESSAGE = BUILT_IN_TEXTS.handoff_message;

const shopper = (text: string): Turn => ({ kind: 'shopper', text });
const bot = (text: string): Turn => ({ kind: 'bot', text });
const tool = (name: string, args: Record<string, unknown>): Turn => ({
  kind: 'tool',
  text: `${name}(${JSON.stringify(args)})`,
});

function twoProducts(ctx: ScriptContext): [Product, Product] {
  const first = ctx.rng.pick(ctx.products);
  let second = ctx.rng.pick(ctx.products);
  while (second === first) second = ctx.rng.pick(ctx.products);
  return [first, second];
}

const firstName = (ctx: ScriptContext) => ctx.shopper.display_name?.split(' ')[0] ?? 'there';

const sizing: Script = (ctx) => {
  const product = ctx.rng.pick(ctx.products);
  const size = ctx.rng.pick(['small', 'medium', 'large', 'XL']);
  return [
    shopper(`Hi! How does the ${product.name} fit? I'm usually a ${size}.`),
    tool('search_products', { query: product.name }),
    bot(
      `The ${product.name} (${priceOf(product, ctx.currency)}) has a regular fit, so most people take their usual size — a ${size} should be right. If you like to layer underneath, go one size up.`,
    ),
    shopper('Is it true to size in the length too?'),
    bot(`Yes, the length is true to size. ${product.blurb} Would you like me to add a ${size} to your cart?`),
  ];
};

const giftIdeas: Script = (ctx) => {
  const [first, second] = twoProducts(ctx);
  const budget = formatPrice(ctx.rng.pick([5000, 10000, 15000, 20000]), ctx.currency);
  return [
    shopper(`I'm looking for a gift for my partner, budget around ${budget}. Any ideas?`),
    tool('recommend_products', { occasion: 'gift', budget }),
    bot(
      `Lovely! Two favourites right now: the ${first.name} — ${priceOf(first, ctx.currency)}, and the ${second.name} — ${priceOf(second, ctx.currency)}. Both can be gift-wrapped for free.`,
    ),
    shopper(`The ${second.name} sounds nice. Does it come in grey?`),
    bot(`It does — charcoal grey and navy are both in stock. ${second.blurb} Shall I add one to your cart?`),
    shopper('Yes please!'),
    tool('add_to_cart', { product: second.name, quantity: 1 }),
    bot(
      `Done — the ${second.name} (${priceOf(second, ctx.currency)}) is in your cart. Anything else I can help with?`,
    ),
  ];
};

const shipping: Script = (ctx) => {
  const threshold = formatPrice(ctx.rng.pick([5000, 7500]), ctx.currency);
  const express = formatPrice(ctx.rng.pick([900, 1200, 1500]), ctx.currency);
  return [
    shopper(`How long does delivery to ${ctx.shopper.country} take?`),
    bot(
      `Standard delivery to ${ctx.shopper.country} takes 2–4 business days and is free on orders over ${threshold}. Express arrives the next business day for ${express}.`,
    ),
  ];
};

const returns: Script = (ctx) => {
  const product = ctx.rng.pick(ctx.products);
  return [
    shopper(`Can I return the ${product.name} if it doesn't fit?`),
    bot(
      'Of course — you have 30 days to return unworn items for a full refund, and exchanging for another size is free. Start it from the link in your order confirmation.',
    ),
  ];
};

const orderStatus: Script = (ctx) => {
  const order = ctx.rng.int(1040, 1999);
  const day = ctx.rng.pick(['tomorrow', 'on Thursday', 'on Friday', 'early next week']);
  return [
    shopper(`Where is my order #${order}?`),
    tool('lookup_order', { order_number: order }),
    bot(
      `Order #${order} left our warehouse yesterday and is with the courier; it should arrive ${day}. The tracking link is in your shipping email.`,
    ),
  ];
};

const stock: Script = (ctx) => {
  const product = ctx.rng.pick(ctx.products);
  const size = ctx.rng.pick(['S', 'M', 'L', '42', '44', 'one size']);
  return [
    shopper(`Is the ${product.name} available in ${size}?`),
    tool('check_inventory', { product: product.name, size }),
    bot(
      `Yes, the ${product.name} in ${size} is in stock (${priceOf(product, ctx.currency)}) and ships today if you order before 3 pm.`,
    ),
  ];
};

const care: Script = (ctx) => {
  const product = ctx.rng.pick(ctx.products);
  return [
    shopper(`How should I wash the ${product.name}?`),
    bot(
      'Cold gentle cycle or hand wash, then dry flat away from direct heat. Skip the tumble dryer and it will keep its shape for years.',
    ),
  ];
};

const hesitation: Script = (ctx) => {
  const product = ctx.rng.pick(ctx.products);
  return [
    shopper(`The ${product.name} is a bit more than I wanted to spend. Is it worth it?`),
    bot(
      `Fair question! At ${priceOf(product, ctx.currency)} it's an investment, but it's built to last: ${product.blurb} Repairs are free for the first year, and new subscribers get 10% off their first order.`,
    ),
  ];
};

/** Topics the assistant resolves on its own. */
export const BOT_SCRIPTS: readonly Script[] = [
  sizing,
  giftIdeas,
  shipping,
  returns,
  orderStatus,
  stock,
  care,
  hesitation,
];

const damagedItem: Script = (ctx) => {
  const product = ctx.rng.pick(ctx.products);
  return [
    shopper(`My ${product.name} arrived with a broken zip. Honestly quite disappointed.`),
    bot("I'm really sorry about that. Could you share your order number so I can look into it?"),
    shopper(`It's #${ctx.rng.int(1040, 1999)}. I'd like a replacement, not a refund.`),
  ];
};

const bulkOrder: Script = (ctx) => {
  const product = ctx.rng.pick(ctx.products);
  const quantity = ctx.rng.pick([12, 20, 25, 40]);
  return [
    shopper(`Can someone help with a bulk order? We need ${quantity} of the ${product.name} for our team.`),
  ];
};

const wrongCharge: Script = (ctx) => [
  shopper('I was charged twice for my last order. Can a person look at this?'),
  bot(`I understand, ${firstName(ctx)} — billing questions go to our team so they can check the payment.`),
];

/** Topics that end with the assistant handing the conversation to a person. */
export const HANDOFF_SCRIPTS: readonly Script[] = [damagedItem, bulkOrder, wrongCharge];

/** What a staff member writes after a handoff, and how the shopper answers. */
export function staffFollowUp(ctx: ScriptContext): Turn[] {
  const product = ctx.rng.pick(ctx.products);
  const reply = ctx.rng.pick([
    `Hi ${firstName(ctx)}, ${ctx.staffFirstName} here from the customer team. I've sorted this out for you and you'll get an email confirmation within the hour.`,
    `Hi ${firstName(ctx)}! ${ctx.staffFirstName} here. I've sent a replacement ${product.name} by express, free of charge — no need to return the first one.`,
    `Thanks for waiting, ${firstName(ctx)}. I can offer 15% off for that quantity, which brings the ${product.name} to ${formatPrice(Math.round((product.prices[ctx.currency] ?? 0) * 0.85), ctx.currency)} each. Shall I email you a quote?`,
  ]);
  return [
    { kind: 'staff', text: reply },
    shopper(
      ctx.rng.pick([
        'Thank you, that was quick!',
        'Perfect, thanks a lot.',
        'Great service, much appreciated.',
      ]),
    ),
  ];
}

/** Handoff as the seed tells it: the assistant's handoff message (no escalation prose of its own). */
export function handoffTurn(message: string): Turn {
  return { kind: 'handoff', text: message };
}
