import { describe, expect, it } from 'vitest';
import type { Conversation } from '@/schemas/conversation';
import { fillVariables, unfilledVariables, variableValues } from './fill-variables';

const conversation = (fields: Partial<Conversation>) =>
  ({ id: 'conv_1', display_name: null, email: null, ...fields }) as Conversation;

const named = variableValues(conversation({ display_name: 'Kari Nordmann', email: 'kari@example.com' }), {
  name: 'Sam Rivera',
});
const anonymous = variableValues(conversation({ display_name: '  ' }), { name: 'Sam Rivera' });

describe('fillVariables', () => {
  it('fills every variable from the shopper and the signed-in person', () => {
    const { text, unfilled } = fillVariables(
      'Hi {{shopper.first_name}} ({{shopper.name}}, {{shopper.email}}), this is {{agent.first_name}} / {{agent.name}}.',
      named,
    );
    expect(text).toBe('Hi Kari (Kari Nordmann, kari@example.com), this is Sam / Sam Rivera.');
    expect(unfilled).toEqual([]);
  });

  it('uses the fallback only when the value is missing, with extra spaces tolerated', () => {
    const reply = 'Hi {{ shopper.first_name  |  "there" }}!';
    expect(fillVariables(reply, named).text).toBe('Hi Kari!');
    expect(fillVariables(reply, anonymous)).toEqual({ text: 'Hi there!', unfilled: [] });
    expect(fillVariables('{{shopper.first_name|""}}Hello', anonymous).text).toBe('Hello');
  });

  it('leaves a variable with no value and no fallback as written, and lists it', () => {
    const { text, unfilled } = fillVariables(
      'Hi {{shopper.first_name}}, we write to {{ shopper.email }}.',
      anonymous,
    );
    expect(text).toBe('Hi {{shopper.first_name}}, we write to {{ shopper.email }}.');
    expect(unfilled).toEqual(['{{shopper.first_name}}', '{{ shopper.email }}']);
  });

  it('treats a name it does not know as missing: its fallback, else left unfilled', () => {
    expect(fillVariables('{{contact.first_name | "friend"}} {{order.number}}', named)).toEqual({
      text: 'friend {{order.number}}',
      unfilled: ['{{order.number}}'],
    });
  });

  it('leaves text that only looks like a variable alone', () => {
    const text = 'Use {{ }} or {single.brace} or {{shopper first_name}}: {{shopper.name | there}}';
    expect(fillVariables(text, named)).toEqual({ text, unfilled: [] });
  });
});

describe('unfilledVariables', () => {
  it('finds the variables still in a draft', () => {
    expect(unfilledVariables('Hi Kari, mail {{shopper.email}} and {{ agent.name | "us" }}')).toEqual([
      '{{shopper.email}}',
      '{{ agent.name | "us" }}',
    ]);
    expect(unfilledVariables('Hi Kari, {no} variables {{here}}')).toEqual([]);
  });
});
