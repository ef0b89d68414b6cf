import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SwitchField } from './switch-field';

function Controlled({ isDisabled, onBlur }: { isDisabled?: boolean; onBlur?: () => void }) {
  const [on, setOn] = useState(false);
  return (
    <SwitchField
      label="Cart"
      description="Adds products to the shopper's cart."
      isSelected={on}
      onChange={setOn}
      isDisabled={isDisabled}
      onBlur={onBlur}
      name="cart"
    />
  );
}

describe('SwitchField', () => {
  it('is a switch named by its label and described by its sentence', () => {
    render(<Controlled />);
    const control = screen.getByRole('switch', { name: 'Cart' });
    expect(control).toHaveAccessibleDescription("Adds products to the shopper's cart.");
    expect(control).not.toBeChecked();
    expect(control).toHaveAttribute('name', 'cart');
  });

  it('toggles with Space and with a click on its label, and reports leaving it', async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    render(<Controlled onBlur={onBlur} />);
    const control = screen.getByRole('switch', { name: 'Cart' });
    await user.tab();
    expect(control).toHaveFocus();
    await user.keyboard(' ');
    expect(control).toBeChecked();
    await user.click(screen.getByText('Cart'));
    expect(control).not.toBeChecked();
    await user.tab();
    expect(onBlur).toHaveBeenCalled();
  });

  it('cannot be changed when disabled', async () => {
    const user = userEvent.setup();
    render(<Controlled isDisabled />);
    const control = screen.getByRole('switch', { name: 'Cart' });
    expect(control).toBeDisabled();
    await user.click(screen.getByText('Cart'));
    expect(control).not.toBeChecked();
  });
});
