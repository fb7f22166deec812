import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { routes } from '@/admin/app/router';
import type { AdminBanner } from '@/api/types';
import { BannerCarousel } from '@/features/catalog/components/banner-carousel';
import { signInAsAdmin } from '@/testing/admin';
import { refusal } from '@/testing/orders';
import { renderRoutes, renderWithRouter, resetStores } from '@/testing/render';
import { envelope, failure, server } from '@/testing/server';
import { AdminBannersPage } from './banners';

beforeEach(signInAsAdmin);
afterEach(resetStores);

const spring: AdminBanner = { _id: 'd'.repeat(24), image: 'banners/spring.png', url: '/shop?categoryIds=' + 'c'.repeat(24), version: 1 };
const taps: AdminBanner = { _id: 'e'.repeat(24), image: 'demo/banner-taps.svg', url: '/shop', version: 1 };
const heating: AdminBanner = { _id: 'f'.repeat(24), image: 'banners/heating.jpg', url: 'https://example.com/heating', version: 1 };

/** What an upload carried: each part's field name, and its file name and type or its
 * text. (Node's request.formData() cannot build a File part under jsdom, whose File
 * replaces the global; the body is read as text, as the product page's tests do.) */
async function multipartOf(request: Request) {
  const boundary = /boundary=(.+)$/.exec(request.headers.get('Content-Type') ?? '')?.[1];
  if (!boundary) throw new Error('not multipart');
  const text = await request.text();
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const filename = /filename="([^"]*)"/.exec(chunk)?.[1];
      const name = /name="([^"]*)"/.exec(chunk)?.[1];
      return filename === undefined ? { name, value: chunk.split('\r\n\r\n')[1]?.replace(/\r\n$/, '') } : { name, filename, type: /Content-Type: (.+)/i.exec(chunk)?.[1].trim() };
    });
}

interface Call {
  call: string;
  body?: unknown;
}

/** The banner calls (and the shop's read of the banners) over a list that changes as the
 * server's would; `calls` records each write, uploads their form's fields. */
function bannersApi(start: AdminBanner[] = [spring, taps, heating]) {
  let banners = [...start];
  const calls: Call[] = [];
  server.use(
    http.get('*/api/admin/banner', () => envelope({ banners }, 'Banners')),
    // The shop's read, the home page's carousel.
    http.get('*/api/banner', () => envelope(banners, 'Banners fetched successfully')),
    http.post('*/api/admin/banner/order', async ({ request }) => {
      const { ids } = (await request.json()) as { ids: string[] };
      calls.push({ call: 'order', body: { ids } });
      banners = ids.map((one) => banners.find((banner) => banner._id === one)!);
      return envelope({ banners }, 'Banners reordered');
    }),
    http.post('*/api/admin/banner', async ({ request }) => {
      const parts = await multipartOf(request);
      calls.push({ call: 'create', body: parts });
      const url = parts.find((part) => part.name === 'url')?.value ?? '';
      const banner = { _id: 'a'.repeat(24), image: `banners/${'a'.repeat(24)}.png`, url, version: 1 };
      banners = [...banners, banner];
      return HttpResponse.json({ success: true, message: 'Banner created', data: { banner } }, { status: 201 });
    }),
    http.put('*/api/admin/banner/:id', async ({ request, params }) => {
      const { url, version } = (await request.json()) as { url: string; version: number };
      calls.push({ call: `update ${params.id}`, body: { url, version } });
      banners = banners.map((banner) => (banner._id === params.id ? { ...banner, url, version: banner.version + 1 } : banner));
      return envelope({ banner: banners.find((banner) => banner._id === params.id) }, 'Banner updated');
    }),
    http.delete('*/api/admin/banner/:id', ({ params }) => {
      calls.push({ call: `delete ${params.id}` });
      const gone = banners.find((banner) => banner._id === params.id);
      banners = banners.filter((banner) => banner._id !== params.id);
      return envelope({ banner: gone }, 'Banner deleted');
    }),
  );
  return calls;
}

/** A file as a browser gives it: Node's File, which fetch (undici) can send; jsdom's cannot be streamed. */
const file = (name: string, type: string, bytes = 16) => new NodeFile([new Uint8Array(bytes)], name, { type }) as unknown as File;

/** Node's own FormData (jsdom's replaces the global and turns a Node File into '[object
 * File]'), taken from a parsed Response. */
async function nodeFormData(): Promise<typeof FormData> {
  const parsed = await new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData();
  return parsed.constructor as typeof FormData;
}

const banner = (n: number) => screen.getByRole('region', { name: `Banner ${n}` });
/** Each banner's link as shown, in order. */
const shownLinks = () => within(screen.getByRole('list', { name: 'Banners' })).getAllByRole('listitem').map((item) => within(item).getByRole('link').getAttribute('href'));
const choose = (files: File[]) => fireEvent.change(screen.getByLabelText('Image'), { target: { files } });

describe('Console banners', () => {
  it('lists the banners in the carousel’s order, each with its image and its link', async () => {
    bannersApi();
    renderRoutes(routes, '/admin/banners');
    expect(await screen.findByRole('heading', { level: 1, name: 'Banners' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Banners' });
    expect(shownLinks()).toEqual([spring.url, taps.url, heating.url]);
    const image = within(banner(1)).getByRole('img', { name: 'Banner 1' });
    expect(image).toHaveAttribute('src', '/media/banners/spring.png');
    // Sized before it loads, in the carousel's proportions: the list does not jump.
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '500');
    expect(within(banner(3)).getByRole('link', { name: 'https://example.com/heating' })).toHaveAttribute('href', 'https://example.com/heating');
    expect(screen.getByRole('button', { name: 'Move banner 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move banner 3 down' })).toBeDisabled();
    expect(within(screen.getAllByRole('navigation', { name: 'Console' })[0]).getByRole('link', { name: 'Banners' })).toHaveAttribute('href', '/admin/banners');
  });

  it('adds a banner from an image and a link, sent as one multipart form', async () => {
    vi.stubGlobal('FormData', await nodeFormData());
    const calls = bannersApi();
    renderRoutes(routes, '/admin/banners');
    await screen.findByRole('list', { name: 'Banners' });
    choose([file('summer.png', 'image/png', 2048)]);
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: ' /shop?keyword=summer ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add banner' }));
    await waitFor(() => expect(shownLinks()).toEqual([spring.url, taps.url, heating.url, '/shop?keyword=summer']));
    expect(calls).toEqual([
      {
        call: 'create',
        body: [
          { name: 'image', filename: 'summer.png', type: 'image/png' },
          { name: 'url', value: '/shop?keyword=summer' },
        ],
      },
    ]);
    expect(screen.getByLabelText('Link')).toHaveValue('');
  });

  it('checks the image and the link as the server does before uploading', async () => {
    const calls = bannersApi();
    renderRoutes(routes, '/admin/banners');
    await screen.findByRole('list', { name: 'Banners' });
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add banner' }));
    expect(await screen.findByText('Choose an image')).toBeInTheDocument();
    expect(screen.getByLabelText('Link')).toHaveAccessibleDescription(expect.stringContaining('The link must be a path in the shop (like /shop?category=…) or an https:// address'));

    choose([file('huge.png', 'image/png', 10 * 1024 * 1024 + 1)]);
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: '/shop?keyword=two words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add banner' }));
    expect(await screen.findByText('The image must be at most 10 MB')).toBeInTheDocument();
    expect(screen.getByText('The link must not contain spaces or backslashes')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it.each([
    [413, 'The image must be at most 10 MB'],
    [415, 'The file must be a JPEG, PNG, GIF or WebP image'],
    [422, 'The image could not be read'],
  ])('shows an upload refused with %i in the server’s words, under the image', async (status, message) => {
    bannersApi();
    server.use(http.post('*/api/admin/banner', () => failure(status, message)));
    renderRoutes(routes, '/admin/banners');
    await screen.findByRole('list', { name: 'Banners' });
    choose([file('photo.png', 'image/png')]);
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: '/shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add banner' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Image')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(shownLinks()).toHaveLength(3);
  });

  it('shows the server’s field errors (400) by their fields', async () => {
    bannersApi();
    server.use(http.post('*/api/admin/banner', () => refusal(400, 'Link is required', { url: 'The link must be a path in the shop (like /shop?category=…) or an https:// address' })));
    renderRoutes(routes, '/admin/banners');
    await screen.findByRole('list', { name: 'Banners' });
    choose([file('photo.png', 'image/png')]);
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: '/shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add banner' }));
    await waitFor(() => expect(screen.getByLabelText('Link')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Link')).toHaveAccessibleDescription(expect.stringContaining('The link must be a path in the shop (like /shop?category=…) or an https:// address'));
  });

  it('changes a banner’s link, and shows the server’s refusal by the field', async () => {
    const calls = bannersApi();
    renderRoutes(routes, '/admin/banners');
    await screen.findByRole('list', { name: 'Banners' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit the link of banner 2' }));
    const field = screen.getByLabelText('New link for banner 2');
    expect(field).toHaveValue('/shop');

    let refuse = true;
    server.use(
      http.put('*/api/admin/banner/:id', () => {
        if (refuse) return refusal(400, 'The link must be a path in the shop (like /shop?category=…) or an https:// address', { url: 'The link must be a path in the shop (like /shop?category=…) or an https:// address' });
      }),
    );
    fireEvent.change(field, { target: { value: 'https://example.com/taps' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save link' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('The link must be a path in the shop'));

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save link' }));
    await waitFor(() => expect(shownLinks()).toEqual([spring.url, 'https://example.com/taps', heating.url]));
    expect(screen.queryByLabelText('New link for banner 2')).not.toBeInTheDocument();
    expect(calls).toEqual([{ call: `update ${taps._id}`, body: { url: 'https://example.com/taps', version: 1 } }]);
  });

  it('moves a banner up or down, sending the whole new order', async () => {
    const calls = bannersApi();
    renderRoutes(routes, '/admin/banners');
    await screen.findByRole('list', { name: 'Banners' });
    fireEvent.click(screen.getByRole('button', { name: 'Move banner 3 up' }));
    await waitFor(() => expect(shownLinks()).toEqual([spring.url, heating.url, taps.url]));
    fireEvent.click(screen.getByRole('button', { name: 'Move banner 1 down' }));
    await waitFor(() => expect(shownLinks()).toEqual([heating.url, spring.url, taps.url]));
    expect(calls).toEqual([
      { call: 'order', body: { ids: [spring._id, heating._id, taps._id] } },
      { call: 'order', body: { ids: [heating._id, spring._id, taps._id] } },
    ]);
  });

  it('has the home page’s carousel read the banners again after a change', async () => {
    bannersApi();
    renderWithRouter(
      <>
        <BannerCarousel />
        <AdminBannersPage />
      </>,
    );
    const slides = () => within(screen.getByRole('region', { name: 'Offers' })).getAllByRole('link').map((link) => link.getAttribute('href'));
    await screen.findByRole('list', { name: 'Banners' });
    await waitFor(() => expect(slides()).toEqual([spring.url, taps.url, heating.url]));
    fireEvent.click(screen.getByRole('button', { name: 'Move banner 3 up' }));
    await waitFor(() => expect(slides()).toEqual([spring.url, heating.url, taps.url]));
  });

  it('offers no move while another change is on its way, as a move sends the whole order', async () => {
    bannersApi();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.delete('*/api/admin/banner/:id', async () => {
        await answered;
      }),
    );
    renderRoutes(routes, '/admin/banners');
    await screen.findByRole('list', { name: 'Banners' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete banner 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete banner 2?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    // The delete is banner 2's, the moves the other banners'.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move banner 1 down' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Move banner 3 up' })).toBeDisabled();

    answer();
    await waitFor(() => expect(shownLinks()).toEqual([spring.url, heating.url]));
    expect(screen.getByRole('button', { name: 'Move banner 1 down' })).toBeEnabled();
  });

  it('deletes a banner only after the confirmation', async () => {
    const calls = bannersApi();
    renderRoutes(routes, '/admin/banners');
    await screen.findByRole('list', { name: 'Banners' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete banner 2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete banner 2?' });
    expect(dialog).toHaveTextContent('It leaves the home page at once, and its uploaded image is deleted. This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep banner' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete banner 2' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete banner 2?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(shownLinks()).toEqual([spring.url, heating.url]));
    expect(calls).toEqual([{ call: `delete ${taps._id}` }]);
  });

  it('says when there are none, and when they cannot be loaded', async () => {
    bannersApi([]);
    const view = renderRoutes(routes, '/admin/banners');
    expect(await screen.findByText('No banners yet: the home page shows no carousel until you add one.')).toBeInTheDocument();
    view.unmount();
    server.use(http.get('*/api/admin/banner', () => failure(500, 'Failed to load the banners')));
    renderRoutes(routes, '/admin/banners');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the banners');
  });
});
