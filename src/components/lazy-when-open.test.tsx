import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWhenOpen } from './lazy-when-open';
import { toast } from './toast';

// A spy, not a module mock: the test files of a worker share their modules, so this module may already
// hold the real toast when the file starts.
afterEach(() => {
  vi.restoreAllMocks();
});

type SheetProps = { isOpen: boolean; onClose: () => void };

function Sheet({ isOpen, onClose }: SheetProps) {
  return isOpen ? (
    <div role="dialog" aria-label="Sheet">
      <button type="button" onClick={onClose}>
        Done
      </button>
    </div>
  ) : (
    <p>closed, still mounted</p>
  );
}

function Page({ Overlay }: { Overlay: (props: SheetProps) => React.ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Overlay isOpen={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}

const options = {
  isOpen: (props: SheetProps) => props.isOpen,
  close: (props: SheetProps) => props.onClose(),
};

describe('lazyWhenOpen', () => {
  it('fetches the overlay at the first opening only, and keeps it mounted once closed', async () => {
    const load = vi.fn(() => Promise.resolve(Sheet));
    const [Overlay] = lazyWhenOpen(load, options);
    const user = userEvent.setup();
    render(<Page Overlay={Overlay} />);
    expect(load).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('closed, still mounted')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Sheet' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('prefetch starts the download before the opening, once', async () => {
    const load = vi.fn(() => Promise.resolve(Sheet));
    const [Overlay, prefetch] = lazyWhenOpen(load, options);
    await Promise.all([prefetch(), prefetch()]);
    const user = userEvent.setup();
    render(<Page Overlay={Overlay} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Sheet' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so and closes when the chunk cannot be fetched, and the next opening tries again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const toastError = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<typeof Sheet>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Sheet);
    const [Overlay] = lazyWhenOpen(load, options);
    const user = userEvent.setup();
    render(<Page Overlay={Overlay} />);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Could not load this. Check the connection and try again.'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Sheet' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
