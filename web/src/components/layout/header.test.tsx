import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes } from '@/app/router';
import { catalogueHandlers, server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';

describe('Header', () => {
  beforeEach(() => server.use(...catalogueHandlers));

  it('searches the shop by keyword', async () => {
    const { router } = renderRoutes(routes, '/');
    const [box] = await screen.findAllByPlaceholderText('Search essentials, groceries and more...');
    fireEvent.change(box, { target: { value: 'brass valve' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
    expect(router.state.location.search).toBe('?keyword=brass+valve');
  });

  it('lists the categories and marks the one in the query', async () => {
    renderRoutes(routes, '/shop?category=cccccccccccccccccccccccc');
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    const heating = await within(nav).findByRole('link', { name: 'Heating' });
    expect(heating).toHaveClass('bg-slate-900');
    expect(within(nav).getByRole('link', { name: 'Faucets' })).not.toHaveClass('bg-slate-900');
  });

  it('offers sign-in to guests, leading to the login page', async () => {
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    renderRoutes(routes, '/');
    const link = (await screen.findAllByRole('link', { name: 'Sign Up/Sign In' })).at(-1)!;
    expect(link).toHaveAttribute('href', '/login');
  });
});
