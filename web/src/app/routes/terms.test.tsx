import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithRouter } from '@/testing/render';
import { Component as Terms, SCROLL_OFFSET, activeSection, sectionId } from './terms';

const TITLES = [
  'Introduction',
  'Use of the Site',
  'Purchases & Payments',
  'Shipping & Delivery',
  'Returns & Exchanges',
  'Privacy & Security',
  'Intellectual Property',
  'Limitation of Liability',
  'User Responsibilities',
  'Governing Law',
  'Changes to the Terms',
  'Contact Information',
];

/** Where each section starts, from the top of the document: every 600 px from 400. */
const TOPS = TITLES.map((_, i) => 400 + i * 600);

const contents = () => screen.getByRole('navigation', { name: 'Table of Contents' });
const currentEntry = () => within(contents()).getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'location');

/** Lays the sections out at TOPS on a page `height` px tall, as jsdom has no layout. */
function layOut(height = 8000) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
  const tops = new Map(TITLES.map((title, i) => [sectionId(title), TOPS[i]]));
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return { top: (tops.get(this.id) ?? 0) - window.scrollY } as DOMRect;
  });
}

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  fireEvent.scroll(window);
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  Reflect.deleteProperty(document.documentElement, 'scrollHeight');
  vi.mocked(window.scrollTo).mockClear();
});

describe('activeSection', () => {
  const tops = [100, 700, 1300];

  it('is the first section before any has reached the offset line', () => {
    expect(activeSection([400, 1000], 0, 100)).toBe(0);
  });

  it('is the last section whose top has passed 100 px below the top of the window', () => {
    expect(activeSection(tops, 0)).toBe(0);
    expect(activeSection(tops, 599)).toBe(0);
    expect(activeSection(tops, 650)).toBe(1);
    expect(activeSection(tops, 5000)).toBe(2);
  });

  it('counts a section exactly on the line as reached, where a contents link scrolls it to', () => {
    expect(SCROLL_OFFSET).toBe(100);
    expect(activeSection(tops, 700 - 100)).toBe(1);
    expect(activeSection(tops, 700 - 101)).toBe(0);
  });

  it('uses the offset it is given', () => {
    expect(activeSection(tops, 600, 0)).toBe(0);
    expect(activeSection(tops, 600, 100)).toBe(1);
  });

  it('is the last section once the page is scrolled to the bottom', () => {
    expect(activeSection(tops, 200, 100, true)).toBe(2);
  });
});

describe('Terms page', () => {
  it('shows the title, the date and the twelve sections in the spec’s order', () => {
    renderWithRouter(<Terms />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeInTheDocument();
    expect(screen.getByText('Last updated March 1, 2023')).toBeInTheDocument();
    const sections = screen.getAllByRole('region');
    expect(sections.map((section) => within(section).getByRole('heading', { level: 2 }).textContent)).toEqual(TITLES);
    expect(sections.map((section) => section.id)).toEqual(TITLES.map(sectionId));
    expect(sections[2]).toHaveAttribute('id', 'purchases-payments');
    for (const section of sections) expect(section.textContent!.length).toBeGreaterThan(100);
  });

  it('lists every section in the table of contents, linked to it', () => {
    renderWithRouter(<Terms />);
    const links = within(contents()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(TITLES);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(TITLES.map((title) => `#${sectionId(title)}`));
  });

  it('scrolls smoothly to a section clicked in the contents, stopping 100 px above it, and focuses it', () => {
    layOut();
    renderWithRouter(<Terms />);
    fireEvent.click(within(contents()).getByRole('link', { name: 'Governing Law' }));
    expect(window.scrollTo).toHaveBeenCalledWith({ top: TOPS[9] - 100, behavior: 'smooth' });
    expect(document.getElementById('governing-law')).toHaveFocus();
  });

  it('marks the section being read as the page scrolls', () => {
    layOut();
    renderWithRouter(<Terms />);
    expect(currentEntry().map((link) => link.textContent)).toEqual(['Introduction']);

    scrollWindowTo(TOPS[3] - 100);
    expect(currentEntry().map((link) => link.textContent)).toEqual(['Shipping & Delivery']);

    scrollWindowTo(TOPS[3] - 101);
    expect(currentEntry().map((link) => link.textContent)).toEqual(['Purchases & Payments']);

    scrollWindowTo(0);
    expect(currentEntry().map((link) => link.textContent)).toEqual(['Introduction']);
  });

  it('marks the last section at the bottom of the page, which it could never scroll to the line', () => {
    layOut(7600);
    renderWithRouter(<Terms />);
    // The window is 768 px tall in jsdom: 7600 - 768 is as far as the page goes.
    scrollWindowTo(7600 - window.innerHeight);
    expect(currentEntry().map((link) => link.textContent)).toEqual(['Contact Information']);
  });

  it('gives the shop’s phone and e-mail under Contact Information', () => {
    renderWithRouter(<Terms />);
    const contact = screen.getByRole('region', { name: 'Contact Information' });
    expect(within(contact).getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
    expect(within(contact).getByRole('link', { name: 'help@shop.example' })).toHaveAttribute('href', 'mailto:help@shop.example');
  });
});
