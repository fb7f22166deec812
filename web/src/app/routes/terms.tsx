import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { shop } from '@/config/shop';
import { cn } from '@/lib/utils';
import { useDocumentTitle } from '@/lib/page-title';

/** How far below the top of the window a section counts as reached, and where a
 * contents link scrolls it to: clear of the sticky header (spec §9). */
export const SCROLL_OFFSET = 100;

/** 'Purchases & Payments' → 'purchases-payments'. */
export function sectionId(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The section being read: the last one whose top (from the top of the document) has
 * passed `offset` pixels below the top of the window; the first before any has; the last
 * once the page can scroll no further, since the last sections may never reach the line. */
export function activeSection(sectionTops: number[], scrollY: number, offset: number = SCROLL_OFFSET, atBottom = false): number {
  if (atBottom) return sectionTops.length - 1;
  let active = 0;
  sectionTops.forEach((top, i) => {
    if (top <= scrollY + offset) active = i;
  });
  return active;
}

const tel = `tel:${shop.phone.replace(/\s/g, '')}`;

/** The terms, in the spec's order (spec §2). */
export const TERMS: { title: string; body: ReactNode }[] = [
  {
    title: 'Introduction',
    body: (
      <>
        <p>
          These terms apply whenever you use our website or buy from us. We are an online shop for plumbing, heating and everyday household supplies, and we trade from the
          United Kingdom.
        </p>
        <p>By using the site or placing an order you accept these terms. Please read them before you buy; if you do not agree, please do not use the site.</p>
      </>
    ),
  },
  {
    title: 'Use of the Site',
    body: (
      <p>
        You may browse the site, keep a cart and wishlist and write reviews for your own, lawful use. If you create an account, keep your details accurate and your password to
        yourself: you are responsible for what is done with your account. We may suspend an account that is used to break the law, abuse other customers or interfere with
        the site.
      </p>
    ),
  },
  {
    title: 'Purchases & Payments',
    body: (
      <p>
        Prices and stock are shown on each product page and confirmed at checkout. Placing an order is an offer to buy; a contract is formed only when we confirm your order
        by e-mail. If we find a product was listed at the wrong price, we will contact you before going ahead, and you may cancel at no cost.
      </p>
    ),
  },
  {
    title: 'Shipping & Delivery',
    body: (
      <p>
        You can choose delivery to your address or collection from our store. Delivery times shown are estimates, and we will tell you as soon as possible if an order is
        delayed. Orders for collection are held once we tell you they are ready. The goods are your responsibility once they have been delivered or collected.
      </p>
    ),
  },
  {
    title: 'Returns & Exchanges',
    body: (
      <>
        <p>
          You may cancel your order within 14 days of receiving the goods, without giving a reason, and then have 14 more days to send them back unused and in their original
          packaging. We refund you, including standard delivery, within 14 days of receiving the return.
        </p>
        <p>
          Items cut to length or made to order, and fittings that have been installed, cannot be returned unless they are faulty. Your rights under the Consumer Rights Act
          2015 for faulty goods are not affected.
        </p>
      </>
    ),
  },
  {
    title: 'Privacy & Security',
    body: (
      <p>
        We use your personal details only to run your account, handle your orders and answer your questions, in line with UK data protection law. We do not sell your data.
        Passwords are stored in a form that cannot be read back.
      </p>
    ),
  },
  {
    title: 'Intellectual Property',
    body: (
      <p>
        The text, photographs, logos and design of this site belong to us or to the brands we sell and are protected by copyright and trade mark law. You may not copy or
        reuse them for commercial purposes without written permission. Reviews you post remain yours, but you allow us to show them on the site.
      </p>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <p>
        We are responsible for loss you suffer that is a foreseeable result of our breaking these terms or failing to use reasonable care. We are not responsible for loss
        caused by incorrect installation or by using a product for something it was not designed for. Nothing in these terms limits our liability for death or personal
        injury caused by our negligence, for fraud, or for anything else that the law does not allow us to limit.
      </p>
    ),
  },
  {
    title: 'User Responsibilities',
    body: (
      <p>
        Please check that a product suits your installation (sizes, threads, pressure and temperature ratings) before you buy, and follow the manufacturer's instructions.
        Work on gas appliances must be carried out by a Gas Safe registered engineer, and electrical work must meet current wiring regulations. Reviews must be honest, based
        on your own experience and free of offensive content.
      </p>
    ),
  },
  {
    title: 'Governing Law',
    body: (
      <p>
        These terms are governed by the law of England and Wales, and any dispute may be brought before the courts of England and Wales. If you live in Scotland or Northern
        Ireland, you may also bring proceedings in your local courts.
      </p>
    ),
  },
  {
    title: 'Changes to the Terms',
    body: (
      <p>
        We may update these terms from time to time, for example when the law or our services change. The date at the top of this page shows when they last changed. The
        terms in force when you place an order are the ones that apply to it.
      </p>
    ),
  },
  {
    title: 'Contact Information',
    body: (
      <p>
        Questions about these terms, an order or a return? Call or WhatsApp us on{' '}
        <a href={tel} className="text-brand hover:underline">
          {shop.phone}
        </a>
        , or e-mail{' '}
        <a href={`mailto:${shop.email}`} className="text-brand hover:underline">
          {shop.email}
        </a>
        .
      </p>
    ),
  },
];

const SECTIONS = TERMS.map((section) => ({ ...section, id: sectionId(section.title) }));

/** An element's top, measured from the top of the document. */
const documentTop = (element: HTMLElement) => element.getBoundingClientRect().top + window.scrollY;

/** Terms & Conditions (spec §2): a sticky table of contents beside the sections; it scrolls
 * smoothly to a section and marks the one being read. */
export function Component() {
  useDocumentTitle('Terms & Conditions');
  const sections = useRef<(HTMLElement | null)[]>([]);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const update = () => {
      const tops = sections.current.map((element) => (element ? documentTop(element) : Infinity));
      const root = document.documentElement;
      const atBottom = window.scrollY > 0 && window.innerHeight + window.scrollY >= root.scrollHeight - 1;
      setActive(activeSection(tops, window.scrollY, SCROLL_OFFSET, atBottom));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  const goTo = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    const element = sections.current[index];
    if (!element) return;
    event.preventDefault();
    window.scrollTo({ top: Math.max(0, documentTop(element) - SCROLL_OFFSET), behavior: 'smooth' });
    // Keyboard users carry on reading from the section they chose.
    element.focus({ preventScroll: true });
  };

  return (
    <div className="py-4">
      <h1 className="text-3xl font-bold">Terms &amp; Conditions</h1>
      <p className="mt-1 text-sm text-slate-600">Last updated March 1, 2023</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[240px_1fr]">
        <aside className="lg:sticky lg:top-32 lg:self-start">
          <nav aria-labelledby="terms-contents" className="rounded-lg border border-slate-200 p-4">
            <h2 id="terms-contents" className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
              Table of Contents
            </h2>
            <ol className="space-y-1 text-sm">
              {SECTIONS.map((section, i) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    onClick={(event) => goTo(event, i)}
                    aria-current={i === active ? 'location' : undefined}
                    className={cn('block rounded-md px-3 py-1.5', i === active ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100')}
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </aside>
        <div className="max-w-3xl">
          {SECTIONS.map((section, i) => (
            <section
              key={section.id}
              id={section.id}
              ref={(element) => {
                sections.current[i] = element;
              }}
              tabIndex={-1}
              aria-labelledby={`${section.id}-heading`}
              // The padding keeps the heading clear of the header when the section sits on the offset line.
              className="scroll-mt-[100px] space-y-3 pb-4 pt-6 leading-relaxed text-slate-700 outline-none"
            >
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-slate-900">
                {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
