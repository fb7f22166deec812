// Staff-written Markdown shown safely (docs/DESIGN.md §15): react-markdown builds React
// elements, never HTML strings, and without rehype-raw it turns raw HTML in the text
// into text, so '<script>' or '<img onerror>' in a page shows as written and never runs.
// Links keep only http(s), mailto and relative addresses; pictures show their text (the
// shop's pages are words, and the storefront's CSP would block other sites' pictures).
import Markdown, { type Components } from 'react-markdown';

/** The schemes a link in a page may use; anything else (javascript:, data:, …) is dropped. */
const SAFE_SCHEME = /^(?:https?|mailto)$/i;

/** `url` when it is relative or http(s)/mailto, else '' (a link to nowhere). */
export function safeUrl(url: string): string {
  const address = url.trim();
  const colon = address.indexOf(':');
  // A colon after the first '/', '?' or '#' is part of a relative address, not a scheme.
  const firstBreak = address.search(/[/?#]/);
  if (colon === -1 || (firstBreak !== -1 && colon > firstBreak)) return address;
  return SAFE_SCHEME.test(address.slice(0, colon)) ? address : '';
}

/** The page's title is its one h1: a '#' heading in the body is shown one level down. */
const components: Components = {
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
  a: ({ node: _node, href, ...props }) => (href ? <a href={href} {...props} /> : <span {...props} />),
};

/** `text` (Markdown) as the shop's pages show it, with their typography. */
export function SafeMarkdown({ text }: { text: string }) {
  return (
    <div className="space-y-4 leading-relaxed text-slate-700 [&_a]:text-brand [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:pt-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 [&_h4]:font-semibold [&_li]:ml-6 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ul]:list-disc [&_ul]:space-y-1">
      <Markdown components={components} urlTransform={safeUrl} skipHtml={false}>
        {text}
      </Markdown>
    </div>
  );
}
