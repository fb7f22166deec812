import { user } from '@/testing/server';

// The console keeps its own session (docs/DESIGN.md §15): which key a document uses is chosen
// when the store module loads, from admin.html's `data-document="console"`.
describe('where a session is kept', () => {
  afterEach(() => {
    delete document.documentElement.dataset.document;
    localStorage.clear();
    vi.resetModules();
  });

  it('the shop keeps the shopper under auth-storage, and sees no console session', async () => {
    localStorage.setItem('console-auth-storage', JSON.stringify({ state: { user: user(), accessToken: 'admin-token', isAuthenticated: true }, version: 0 }));
    vi.resetModules();
    const { useAuth } = await import('./store');
    expect(useAuth.getState().isAuthenticated).toBe(false);
    useAuth.getState().signIn(user(), 'shopper-token');
    expect(JSON.parse(localStorage.getItem('auth-storage')!).state.accessToken).toBe('shopper-token');
  });

  it('the console keeps the administrator under console-auth-storage, and sees no shopper', async () => {
    localStorage.setItem('auth-storage', JSON.stringify({ state: { user: user(), accessToken: 'shopper-token', isAuthenticated: true }, version: 0 }));
    document.documentElement.dataset.document = 'console';
    vi.resetModules();
    const { useAuth } = await import('./store');
    expect(useAuth.getState().isAuthenticated).toBe(false);
    useAuth.getState().signIn(user({ role: 'owner' }), 'admin-token');
    expect(JSON.parse(localStorage.getItem('console-auth-storage')!).state.accessToken).toBe('admin-token');
    expect(JSON.parse(localStorage.getItem('auth-storage')!).state.accessToken).toBe('shopper-token');
  });
});
