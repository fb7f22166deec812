import { render, screen } from '@testing-library/react';
import { SafeMarkdown, safeUrl } from './markdown';

describe('safeUrl', () => {
  it('keeps relative, http(s) and mailto addresses', () => {
    for (const url of ['/contact', 'contact', '#top', '?q=1', 'https://example.com/a', 'http://example.com', 'mailto:help@shop.example', 'a/b:c']) {
      expect(safeUrl(url)).toBe(url);
    }
  });

  it('drops every other scheme, whatever its case or padding', () => {
    for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'tel:123', 'ftp://x']) {
      expect(safeUrl(url)).toBe('');
    }
  });
});

describe('SafeMarkdown', () => {
  it('renders headings, emphasis, lists and links', () => {
    render(<SafeMarkdown text={'## Returns\n\nWithin **30 days**.\n\n- one\n- two\n\nSee [Contact](/contact).'} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Returns' })).toBeInTheDocument();
    expect(screen.getByText('30 days').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });

  it('shows raw HTML as text and never makes it an element', () => {
    const { container } = render(<SafeMarkdown text={'Hello <script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<a href="javascript:alert(3)">x</a>'} />);
    expect(container.querySelector('script, img, [onerror]')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('<img src=x onerror="alert(2)">');
  });

  it('keeps a javascript: link from being a link, and shows a picture as its text', () => {
    const { container } = render(<SafeMarkdown text={'[click](javascript:alert(1)) and ![a drain](https://evil.example/x.png)'} />);
    expect(container.querySelector('a, img')).toBeNull();
    expect(container.textContent).toBe('click and a drain');
  });

  it('shows a # heading one level down: the page title is the one h1', () => {
    render(<SafeMarkdown text={'# Big\n\ntext'} />);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Big' })).toBeInTheDocument();
  });
});
