import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { routes } from '@/app/router';
import { avatarColour, initial } from '@/features/auth/components/avatar';
import { useAuth } from '@/features/auth/store';
import { useLocalStore } from '@/features/cart/local-store';
import { http } from 'msw';
import { catalogueHandlers, envelope, server, user } from '@/testing/server';
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
    expect(heating).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Faucets' })).not.toHaveAttribute('aria-current');
  });

  it('on large screens, opens the panel of the pill the pointer reached while the panels loaded', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({ matches: query === '(min-width: 1024px)', media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    renderRoutes(routes, '/');
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    const faucets = await within(nav).findByRole('link', { name: 'Faucets' });
    expect(screen.queryByRole('link', { name: 'Basin Taps' })).not.toBeInTheDocument();
    fireEvent.pointerEnter(faucets);
    const sub = await screen.findByRole('link', { name: 'Basin Taps' });
    expect(sub).toHaveAttribute('href', '/shop?category=aaaaaaaaaaaaaaaaaaaaaaaa&subCategory=bbbbbbbbbbbbbbbbbbbbbbbb');
    expect(sub.closest('nav')).toHaveAccessibleName('Categories');
  });

  it('offers sign-in to guests, leading to the login page', async () => {
    renderRoutes(routes, '/login');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    renderRoutes(routes, '/');
    const link = (await screen.findAllByRole('link', { name: 'Sign Up/Sign In' })).at(-1)!;
    expect(link).toHaveAttribute('href', '/login');
  });

  it('shows signed-in users their avatar menu, and logs them out', async () => {
    // A lower-case name: the avatar shows its initial upper-cased.
    useAuth.getState().signIn(user({ fullName: 'ada Lovelace' }), 'token');
    renderRoutes(routes, '/');
    const trigger = await screen.findByRole('button', { name: 'Account menu' });
    expect(trigger).toHaveTextContent('A');
    expect(screen.queryByRole('link', { name: 'Sign Up/Sign In' })).not.toBeInTheDocument();
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect(await screen.findByRole('menuitem', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Wishlist' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(useAuth.getState().isAuthenticated).toBe(false));
    expect(await screen.findAllByRole('link', { name: 'Sign Up/Sign In' })).not.toHaveLength(0);
  });

  it('draws the avatar from the first letter, or a question mark', () => {
    expect(initial('ada')).toBe('A');
    expect(initial('  ')).toBe('?');
    expect(initial(null)).toBe('?');
    expect(avatarColour('A')).toBe(avatarColour('A'));
    expect(avatarColour('A')).not.toBe(avatarColour('B'));
  });

  it('opens the small-screen drawer with categories and the More section', async () => {
    renderRoutes(routes, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    await within(drawer).findByRole('button', { name: 'Faucets' });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Faucets' }));
    expect(within(drawer).getByRole('link', { name: 'Basin Taps' })).toHaveAttribute(
      'href',
      '/shop?category=aaaaaaaaaaaaaaaaaaaaaaaa&subCategory=bbbbbbbbbbbbbbbbbbbbbbbb',
    );
    expect(within(drawer).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(within(drawer).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });

  it('shows the cart count as the sum of quantities, highlighted on the cart pages', async () => {
    useLocalStore.getState().addToCart({ productId: 'a' }, 2);
    useLocalStore.getState().addToCart({ productId: 'b' }, 3);
    renderRoutes(routes, '/wishlist');
    const cart = await screen.findByRole('link', { name: 'Cart, 5 items' });
    expect(cart).toHaveClass('bg-slate-900');
    useLocalStore.getState().clear();
  });
});

describe('Header suggestions', () => {
  beforeEach(() => server.use(...catalogueHandlers));

  it('asks once the shopper pauses, shows products and categories, and opens the one chosen', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/search/suggest', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return envelope({
          products: [{ _id: 'p1', name: 'Thermostatic Radiator Valve', sku: null, image: 'products/trv.svg', discountedPrice: 12.5 }],
          categories: [{ _id: 'bbbbbbbbbbbbbbbbbbbbbbbb', title: 'Basin Taps', categoryId: 'aaaaaaaaaaaaaaaaaaaaaaaa' }],
        });
      }),
    );
    const { router } = renderRoutes(routes, '/');
    const [box] = await screen.findAllByRole('combobox', { name: 'Search products' });
    box.focus();
    fireEvent.change(box, { target: { value: 't' } });
    fireEvent.change(box, { target: { value: 'tr' } });
    fireEvent.change(box, { target: { value: 'trv' } });
    const option = await screen.findByRole('option', { name: /Thermostatic Radiator Valve/ });
    expect(option).toHaveTextContent('$12.50');
    expect(option.querySelector('img')).toHaveAttribute('src', '/media/products/trv.svg');
    expect(screen.getByRole('option', { name: /Basin Taps/ })).toBeInTheDocument();
    // Asked about what stood when typing paused, never about one letter.
    expect(asked).toEqual(['trv']);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
    expect(router.state.location.search).toBe('?category=aaaaaaaaaaaaaaaaaaaaaaaa&subCategory=bbbbbbbbbbbbbbbbbbbbbbbb');
  });

  it("strikes the public price after a trade customer's own, and only where it is higher", async () => {
    server.use(
      http.get('*/api/search/suggest', () =>
        envelope({
          products: [
            { _id: 'p1', name: 'Thermostatic Radiator Valve', sku: null, image: null, discountedPrice: 10, listPrice: 12.5 },
            { _id: 'p2', name: 'Lockshield Valve', sku: null, image: null, discountedPrice: 6, listPrice: 6 },
            { _id: 'p3', name: 'Radiator Key', sku: null, image: null, discountedPrice: 2, listPrice: null },
          ],
          categories: [],
        }),
      ),
    );
    renderRoutes(routes, '/');
    const [box] = await screen.findAllByRole('combobox', { name: 'Search products' });
    box.focus();
    fireEvent.change(box, { target: { value: 'valve' } });
    const trade = await screen.findByRole('option', { name: /Thermostatic Radiator Valve/ });
    expect(trade).toHaveTextContent('$10.00List price $12.50');
    expect(within(trade).getByText('$12.50').tagName).toBe('S');
    for (const name of [/Lockshield Valve/, /Radiator Key/]) {
      const option = screen.getByRole('option', { name });
      expect(option.querySelector('s')).toBeNull();
      expect(option).not.toHaveTextContent('List price');
    }
    expect(screen.getByRole('option', { name: /Lockshield Valve/ })).toHaveTextContent('$6.00');
  });
});
