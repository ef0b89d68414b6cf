import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { SelectField } from './select-field';
import { TextField } from './text-field';

const schema = z.strictObject({
  name: z.string().check(z.minLength(1, 'Enter a name.')),
  size: z.enum(['small', 'large'], 'Choose a size.'),
});

/** The form recipe in small: register, the zod schema through its resolver, the errors beside the fields. */
function SizeForm({ onSave }: { onSave: (values: z.infer<typeof schema>) => void }) {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { name: 'Kari', size: '' as 'small' },
  });
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSave)(event)}>
      <TextField {...register('name')} label="Name" error={formState.errors.name?.message} />
      <SelectField
        {...register('size')}
        label="Size"
        description="Cut to order."
        error={formState.errors.size?.message}
      >
        <option value="">Choose…</option>
        <option value="small">Small</option>
        <option value="large">Large</option>
      </SelectField>
      <button type="submit">Save</button>
    </form>
  );
}

describe('SelectField', () => {
  it('is a combobox named by its label and described by its help', () => {
    render(<SizeForm onSave={vi.fn()} />);
    const select = screen.getByRole('combobox', { name: 'Size' });
    expect(select).toHaveAccessibleDescription('Cut to order.');
    expect(select).not.toHaveAttribute('aria-invalid');
  });

  it('refused by the schema, says why beside itself and takes the focus; chosen, the form is sent', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<SizeForm onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const select = screen.getByRole('combobox', { name: 'Size' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a size. Cut to order.');
    expect(select).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();

    await user.selectOptions(select, 'large');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ name: 'Kari', size: 'large' }, expect.anything());
  });
});
