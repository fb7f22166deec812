import { Outlet } from 'react-router';
import { Footer } from '@/components/layout/footer';
import { Header } from './header';

/** Header, page, footer: every storefront page. */
export function Component() {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
