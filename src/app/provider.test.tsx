import { screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { toast, toasterState } from '@/components/toast';
import { renderWithApp } from '@/testing/render-with-app';

function ToastsAtOnce() {
  useEffect(() => toast.success('Saved before the Toaster was there'), []);
  return <h1>Probe</h1>;
}

describe('the Toaster, mounted after the first screen', () => {
  it('shows a toast raised before it was on the page', async () => {
    renderWithApp({
      route: '/probe',
      signedInRoutes: [{ path: '/probe', element: <ToastsAtOnce /> }],
    });
    expect(await screen.findByText('Saved before the Toaster was there')).toBeInTheDocument();
    expect(toasterState.wanted()).toBe(true);
  });
});
