import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http } from 'msw';
import { routes } from '@/app/router';
import { catalogueHandlers, envelope, failure, server } from '@/testing/server';
import { renderRoutes } from '@/testing/render';

describe('Home page', () => {
  beforeEach(() => server.use(...catalogueHandlers));

  it('shows banners, the top products and real category tiles', async () => {
    renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { name: 'Grab the best deal on Smartphones' })).toBeInTheDocument();
    expect(screen.getByText('Aquaflow Chrome Mono Basin Mixer Tap')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Shop From Top Categories' })).toBeInTheDocument();
    const tiles = screen.getByRole('region', { name: 'Shop From Top Categories' });
    expect(within(tiles).getByRole('link', { name: /Heating/ })).toHaveAttribute('href', '/shop?category=cccccccccccccccccccccccc');
    // The label is the category's real highest discount, and only where there is one.
    expect(within(tiles).getByRole('link', { name: /Faucets/ })).toHaveTextContent('UP to 50% OFF');
    expect(within(tiles).getByRole('link', { name: /Heating/ })).not.toHaveTextContent('OFF');
    expect(screen.getAllByRole('link', { name: 'View All' })[0]).toHaveAttribute('href', '/shop');
    expect(await screen.findByRole('link', { name: 'Offer 1 of 2' })).toHaveAttribute('href', '/shop?category=cccccccccccccccccccccccc');
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Go to slide/ })).toHaveLength(2);
  });

  it('moves to the slide whose dot was pressed before the carousel had loaded', async () => {
    renderRoutes(routes, '/');
    const second = await screen.findByRole('button', { name: 'Go to slide 2' });
    expect(second).toHaveAttribute('aria-current', 'false');
    fireEvent.click(second);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true'));
    expect(screen.getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute('aria-current', 'false');
  });

  it('shows no dots or arrows for a single banner', async () => {
    server.use(http.get('*/api/banner', () => envelope([{ _id: 'x', image: 'banners/a.svg', url: '/shop' }])));
    renderRoutes(routes, '/');
    expect(await screen.findByRole('link', { name: 'Offer 1 of 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Go to slide/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next slide' })).not.toBeInTheDocument();
  });

  it('says so when the homepage data fails to load', async () => {
    server.use(http.get('*/api/user/home-page', () => failure(500, 'boom')));
    renderRoutes(routes, '/');
    expect(await screen.findByText('Failed to load homepage data')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /retry/i })).not.toBeInTheDocument();
  });

  it('says so when there are no products', async () => {
    server.use(http.get('*/api/user/home-page', () => envelope({ topProducts: [] })));
    renderRoutes(routes, '/');
    expect(await screen.findByText('No products available')).toBeInTheDocument();
  });

  it('shows the banner states', async () => {
    server.use(
      http.get('*/api/banner', async () => {
        await delay(300);
        return failure(500, 'boom');
      }),
    );
    renderRoutes(routes, '/');
    expect(await screen.findByText('Loading banners...')).toBeInTheDocument();
    expect(await screen.findByText('Error loading banners')).toBeInTheDocument();
  });
});
