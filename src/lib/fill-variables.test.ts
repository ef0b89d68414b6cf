import { describe, expect, it } from 'vitest';
import type { Conversation } from '@/schemas/conversation';
import { fillVariables, unfilledVariables, variableProblems, variableValues } from './fill-variables';

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
  it('finds the variables still in a draft, and every malformed one, saying why', () => {
    expect(unfilledVariables('Hi Kari, mail {{shopper.email}} and {{ agent.name | "us" }}')).toEqual([
      { variable: '{{shopper.email}}', problem: 'has no value in this conversation' },
      { variable: '{{ agent.name | "us" }}', problem: 'has no value in this conversation' },
    ]);
    expect(unfilledVariables('Hi Kari, {no} variables here')).toEqual([]);
    expect(unfilledVariables('Hi {{shopper.first_name, and {{shoper.name}}').map((p) => p.variable)).toEqual([
      '{{shopper.first_name,',
      '{{shoper.name}}',
    ]);
  });
});

describe('variableProblems', () => {
  it('accepts every known variable, with or without a quoted fallback', () => {
    expect(
      variableProblems(
        'Hi {{shopper.first_name}} {{ shopper.name | "there" }} {{AGENT.NAME}} {{agent.first_name|""}}',
      ),
    ).toEqual([]);
  });

  it('names unclosed braces, an unknown name and a fallback out of quotes', () => {
    expect(variableProblems('Hi {{shopper.first_name')).toEqual([
      { variable: '{{shopper.first_name', problem: 'is not closed: end it with }}' },
    ]);
    const [unknown] = variableProblems('Hi {{shoper.name}}!');
    expect(unknown?.variable).toBe('{{shoper.name}}');
    expect(unknown?.problem).toMatch(/^names no known value: use shopper.first_name/);
    expect(variableProblems('Hi {{shopper.name | there}} and {{shopper.name | "there}}')).toEqual([
      {
        variable: '{{shopper.name | there}}',
        problem: 'has a fallback not in double quotes, like | "there"',
      },
      {
        variable: '{{shopper.name | "there}}',
        problem: 'has a fallback not in double quotes, like | "there"',
      },
    ]);
    expect(variableProblems('{{ }}')[0]?.problem).toMatch(/^names no known value/);
  });
});
