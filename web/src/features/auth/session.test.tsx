import { act, render, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { toast } from '@/lib/toast';
import { AppProvider } from '@/app/provider';
import { CATEGORIES_KEY, HOME_PAGE_KEY, productKey, productsKey, suggestionsKey } from '@/api/query-keys';
import { makeQueryClient } from '@/lib/query-client';
import { resetStores } from '@/testing/render';
import { envelope, failure, server, user } from '@/testing/server';
import { useAuth } from './store';

const USER = user();

/** GET /api/auth/user answering with `respond`; records each call's Authorization header. */
function userHandler(respond: () => Response) {
  const calls: (string | null)[] = [];
  server.use(
    http.get('*/api/auth/user', ({ request }) => {
      calls.push(request.headers.get('Authorization'));
      return respond();
    }),
  );
  return calls;
}

/** A few turns of the event loop, for what should NOT happen after an answer. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));

// SessionCheck is mounted by AppProvider, as in the app.
const mount = () => render(<AppProvider>{null}</AppProvider>);

afterEach(resetStores);

describe('SessionCheck (spec §4, §7 GET /auth/user)', () => {
  it('signs out when the server answers 401, and says so', async () => {
    const info = vi.spyOn(toast, 'info');
    useAuth.getState().signIn(USER, 'token-123');
    const calls = userHandler(() => failure(401, 'Unauthorized'));
    mount();
    await waitFor(() => expect(useAuth.getState().isAuthenticated).toBe(false));
    expect(calls).toEqual(['Bearer token-123']);
    expect(useAuth.getState()).toMatchObject({ user: null, accessToken: null });
    expect(JSON.parse(localStorage.getItem('auth-storage')!).state).toMatchObject({ user: null, accessToken: null, isAuthenticated: false });
    expect(info).toHaveBeenCalledWith('Your session has ended. Please log in again.');
  });

  it('refreshes the stored user when the server answers 200', async () => {
    useAuth.getState().signIn(USER, 'token-123');
    const fresh = user({ fullName: 'Ada King', phoneNumber: '+44 20 7946 0958' });
    const calls = userHandler(() => envelope({ user: fresh }));
    mount();
    await waitFor(() => expect(useAuth.getState().user).toEqual(fresh));
    expect(calls).toEqual(['Bearer token-123']);
    expect(useAuth.getState()).toMatchObject({ accessToken: 'token-123', isAuthenticated: true });
    expect(JSON.parse(localStorage.getItem('auth-storage')!).state.user).toEqual(fresh);
  });

  it('keeps the session when the server fails otherwise (500)', async () => {
    const info = vi.spyOn(toast, 'info');
    useAuth.getState().signIn(USER, 'token-123');
    const calls = userHandler(() => failure(500, 'Database unavailable'));
    mount();
    await waitFor(() => expect(calls).toHaveLength(1));
    await settle();
    expect(useAuth.getState()).toMatchObject({ user: USER, accessToken: 'token-123', isAuthenticated: true });
    expect(info).not.toHaveBeenCalled();
  });

  it('keeps the session when the server cannot be reached', async () => {
    useAuth.getState().signIn(USER, 'token-123');
    const calls: unknown[] = [];
    server.use(
      http.get('*/api/auth/user', () => {
        calls.push(1);
        return Response.error();
      }),
    );
    mount();
    await waitFor(() => expect(calls).toHaveLength(1));
    await settle();
    expect(useAuth.getState()).toMatchObject({ user: USER, accessToken: 'token-123', isAuthenticated: true });
  });

  it('asks nothing without a stored token', async () => {
    const calls = userHandler(() => envelope({ user: USER }));
    mount();
    await settle();
    expect(calls).toEqual([]);
    expect(useAuth.getState().isAuthenticated).toBe(false);
  });

  it('checks again for a token stored later (a sign-in)', async () => {
    const calls = userHandler(() => failure(401, 'Unauthorized'));
    mount();
    await settle();
    expect(calls).toEqual([]);
    act(() => useAuth.getState().signIn(USER, 'token-456'));
    await waitFor(() => expect(calls).toEqual(['Bearer token-456']));
    await waitFor(() => expect(useAuth.getState().isAuthenticated).toBe(false));
  });
});

describe('PricesFollowShopper (docs/DESIGN.md §11)', () => {
  it('drops every kept answer holding prices when the signed-in customer changes, and nothing else', async () => {
    const client = makeQueryClient();
    userHandler(() => envelope({ user: USER }));
    const priced = [productsKey({ page: 1 }), productKey('p1'), HOME_PAGE_KEY, suggestionsKey('tap')];
    for (const key of priced) client.setQueryData(key, { price: 'guest' });
    client.setQueryData(CATEGORIES_KEY, { categories: [] });
    render(<AppProvider client={client}>{null}</AppProvider>);
    await settle();
    expect(client.getQueryData(priced[0])).toEqual({ price: 'guest' });

    act(() => useAuth.getState().signIn(USER, 'token-123'));
    await waitFor(() => expect(priced.map((key) => client.getQueryData(key))).toEqual([undefined, undefined, undefined, undefined]));
    expect(client.getQueryData(CATEGORIES_KEY)).toEqual({ categories: [] });

    for (const key of priced) client.setQueryData(key, { price: 'trade' });
    act(() => useAuth.getState().signOut());
    await waitFor(() => expect(client.getQueryData(priced[1])).toBeUndefined());
  });
});
