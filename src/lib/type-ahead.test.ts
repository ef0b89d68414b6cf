import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { focusWithTypeAhead } from './type-ahead';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('focusWithTypeAhead', () => {
  afterEach(() => document.body.replaceChildren());

  it('keeps what is typed before the field is on the page, and types it in once it is', async () => {
    const user = userEvent.setup({ delay: null });
    const heard: string[] = [];
    const listen = (event: KeyboardEvent) => heard.push(event.key);
    document.addEventListener('keydown', listen);
    focusWithTypeAhead(() => document.querySelector('textarea'), { multiline: true });
    await user.keyboard('Hi Ola, thanks');
    const box = document.createElement('textarea');
    document.body.append(box);
    await nextFrame();
    await nextFrame();
    expect(box).toHaveFocus();
    expect(box.value).toBe('Hi Ola, thanks');
    // The page's own keys (the inbox's shortcuts) heard none of it.
    expect(heard).toEqual([]);
    await user.keyboard('!');
    expect(box.value).toBe('Hi Ola, thanks!');
    document.removeEventListener('keydown', listen);
  });

  it('focuses a field already there at once, and gives up on Escape', async () => {
    const user = userEvent.setup({ delay: null });
    const field = document.createElement('input');
    document.body.append(field);
    focusWithTypeAhead(() => field);
    expect(field).toHaveFocus();
    field.blur();

    focusWithTypeAhead(() => document.querySelector('textarea'));
    await user.keyboard('{Escape}ab');
    const box = document.createElement('textarea');
    document.body.append(box);
    await nextFrame();
    expect(box.value).toBe('');
  });
});
