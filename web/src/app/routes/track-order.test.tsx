import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/app/router';
import { catalogueHandlers, failure, server, unexpected } from '@/testing/server';
import { renderRoutes } from '@/testing/render';

const SENT = 'If that order exists, we have e-mailed a link to it to that address.';

const number = () => screen.getByLabelText('Order number');
const email = () => screen.getByLabelText('Email Address');
const submit = () => screen.getByRole('button', { name: /Track order|Sending\.\.\./ });

// The pages' code is loaded once here, so that no test's first wait is spent on it.
beforeAll(() => Promise.all([import('@/app/layouts/main-layout'), import('./track-order')]));

describe('Track your order', () => {
  it('is linked from the footer’s customer services', async () => {
    server.use(...catalogueHandlers);
    renderRoutes(routes, '/');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Track your order' })).toHaveAttribute('href', '/track-order');
  });

  it('sends the number and e-mail, and shows the server’s sentence', async () => {
    let body: unknown;
    server.use(
      ...catalogueHandlers,
      http.post('*/api/order/track', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ success: true, message: SENT, data: null });
      }),
    );
    renderRoutes(routes, '/track-order');
    expect(await screen.findByRole('heading', { level: 1, name: 'Track your order' })).toBeInTheDocument();
    fireEvent.change(number(), { target: { value: ' 100001 ' } });
    fireEvent.change(email(), { target: { value: 'grace@example.com' } });
    fireEvent.click(submit());
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(body).toEqual({ number: '100001', emailAddress: 'grace@example.com' });
  });

  it('needs both fields before asking', async () => {
    const post = unexpected('post', '*/api/order/track');
    server.use(...catalogueHandlers, post.handler);
    renderRoutes(routes, '/track-order');
    await screen.findByRole('heading', { level: 1, name: 'Track your order' });
    fireEvent.click(submit());
    expect(await screen.findByText('Order number is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    fireEvent.change(email(), { target: { value: 'grace@' } });
    fireEvent.click(submit());
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(post.calls).not.toHaveBeenCalled();
  });

  it('says the server’s words when it refuses, as over the limit', async () => {
    server.use(...catalogueHandlers, http.post('*/api/order/track', () => failure(429, 'Too many attempts. Please try again later.')));
    renderRoutes(routes, '/track-order');
    await screen.findByRole('heading', { level: 1, name: 'Track your order' });
    fireEvent.change(number(), { target: { value: '100001' } });
    fireEvent.change(email(), { target: { value: 'grace@example.com' } });
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
