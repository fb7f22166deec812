import { fireEvent, render, screen } from '@testing-library/react';
import { toast } from '@/lib/toast';
import { AppProvider } from './provider';

describe('AppProvider', () => {
  it('mounts the toaster with the first toast, and shows that toast', async () => {
    render(
      <AppProvider>
        <button type="button" onClick={() => toast.success('Added to wishlist')}>
          Add
        </button>
      </AppProvider>,
    );
    // Nothing of sonner's before: a page that shows no toast loads none of its code.
    expect(screen.queryByRole('region', { name: /Notifications/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    // The toast is made before the lazily loaded Toaster subscribes, and still shows.
    expect(await screen.findByText('Added to wishlist')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeInTheDocument();
  });
});
