import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CharacterCountField } from './character-count-field';

describe('CharacterCountField', () => {
  it('describes the field with its help and how much of the limit is used', () => {
    render(<CharacterCountField label="Greeting" count={12} max={280} description="Shown first." readOnly />);
    const field = screen.getByLabelText('Greeting');
    expect(field.tagName).toBe('INPUT');
    expect(field).toHaveAccessibleDescription('Shown first. 12 of 280 characters used');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('marks a value over the limit invalid and says by how much', () => {
    render(<CharacterCountField multiline label="Greeting" count={290} max={280} readOnly />);
    const field = screen.getByLabelText('Greeting');
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('10 characters over the limit of 280');
    expect(screen.getByText('290 / 280')).toBeInTheDocument();
  });

  it('with a soft limit, going over is a note, not an error', () => {
    render(<CharacterCountField softLimit label="Prompt 1" count={85} max={80} readOnly />);
    expect(screen.getByLabelText('Prompt 1')).not.toHaveAttribute('aria-invalid');
  });

  it('puts an error first in the description', () => {
    render(<CharacterCountField label="Name" count={3} max={60} error="Pick another name." readOnly />);
    const field = screen.getByLabelText('Name');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Pick another name. 3 of 60 characters used');
  });
});
